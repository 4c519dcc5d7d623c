import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C during a batch: the first SIGINT only sets this flag, so the audit stops reading, writes the records it
/// has already read as complete lines, and exits; the handler then resets itself, so a second Ctrl-C kills the
/// process at once.
enum InterruptFlag {
    /// Set from the signal handler; an atomic store is async-signal-safe, unlike anything that allocates.
    static let raised = Atomic<Bool>(false)

    static var isRaised: Bool { raised.load(ordering: .relaxed) }

    /// Installs the handler without SA_RESTART, so a read blocked on a quiet pipe or terminal returns EINTR and the
    /// reader can notice the flag.
    static func install() {
        // Touch the flag first: a lazily initialised global must not be initialised inside a signal handler.
        _ = isRaised
        var action = sigaction()
        #if os(Linux)
            action.__sigaction_handler.sa_handler = { _ in InterruptFlag.raised.store(true, ordering: .relaxed) }
        #else
            action.__sigaction_u.__sa_handler = { _ in InterruptFlag.raised.store(true, ordering: .relaxed) }
        #endif
        action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        // A parent may have spawned us from a thread that blocks signals (dispatch worker threads do), and the
        // mask is inherited: unblock SIGINT, before the audit starts its threads, which inherit this mask.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
    }
}
