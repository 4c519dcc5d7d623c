import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts the audit's extra threads with POSIX threads directly: Foundation's `Thread` did the same and more
/// (its own bookkeeping, symbol lookups, pages of Foundation touched for the first time), about half a
/// millisecond of a 35-millisecond batch, all of it before the second core could start.
enum WorkerThread {
    /// What the new thread runs; retained across `pthread_create` and released by the thread.
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Starts `body` on a detached thread with an 8 MB stack (decoding recurses, bounded, as deep as on the main
    /// thread) and SIGINT blocked, so that Ctrl-C reaches the calling thread, the one that reads, whose waiting
    /// read then returns (the CLI installs its handler without SA_RESTART). False when the system refused.
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        // Allocated rather than zero-initialised: pthread_attr_init fills it, and the importer's zero initialiser
        // belongs to whichever C module first included the header.
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        defer { attributes.deallocate() }
        guard pthread_attr_init(attributes) == 0 else { return false }
        defer { pthread_attr_destroy(attributes) }
        pthread_attr_setstacksize(attributes, 8 << 20)
        pthread_attr_setdetachstate(attributes, Int32(PTHREAD_CREATE_DETACHED))
        // The new thread inherits the creating thread's mask: block SIGINT around the creation only.
        var interrupt = sigset_t()
        var previous = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_BLOCK, &interrupt, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        guard pthread_create(&thread, attributes, runBody, context) == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        return true
    }
}

/// The C entry point of a worker thread: takes over the retained body and runs it.
#if canImport(Darwin)
    private func runBody(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        WorkerThread.run(context)
        return nil
    }
#else
    private func runBody(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        if let context { WorkerThread.run(context) }
        return nil
    }
#endif

extension WorkerThread {
    fileprivate static func run(_ context: UnsafeMutableRawPointer) {
        Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
    }
}
