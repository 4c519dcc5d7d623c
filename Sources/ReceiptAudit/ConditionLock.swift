import ReceiptKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutex with one condition variable, straight on POSIX threads. The audit pipeline needs exactly this
/// (lock, wait, broadcast). Foundation's `NSCondition` is the same thing, but it was one of the library's last
/// uses of Foundation, which made the release binary 57 MB larger and every run slower to start.
///
/// The mutex and condition live in memory allocated once, because POSIX objects must not move.
final class ConditionLock: @unchecked Sendable {
    // @unchecked: the pointers are set once and only handed to the thread-safe pthread calls.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        // Default attributes: these calls fail only for lack of memory, where nothing else would work either.
        precondition(pthread_mutex_init(mutex, nil) == 0 && pthread_cond_init(condition, nil) == 0)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    /// Releases the lock until another thread broadcasts, then takes it again. As with every condition variable,
    /// the wake-up may be spurious: callers wait in a loop on their own predicate.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every waiting thread; call with the lock held.
    func broadcast() { pthread_cond_broadcast(condition) }
}
