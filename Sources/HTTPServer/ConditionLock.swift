#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a pthread mutex, with a condition variable to wait on.
///
/// Used for state that threads contend on, instead of `Synchronization.Mutex`: on Linux that
/// Mutex takes its contended path through `FUTEX_LOCK_PI` inside the (uninstrumented) standard
/// library, which ThreadSanitizer cannot see, so it reports false data races under contention
/// (observed in this module's tests). pthread mutexes and condition variables are intercepted by
/// TSan. Lone flags stay `Atomic`. Shared with the package's other modules (the service's
/// metrics cache).
package final class ConditionLock<State>: @unchecked Sendable {
    // @unchecked: `state` is only touched with `mutex` held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let cond: UnsafeMutablePointer<pthread_cond_t>
    private var state: State

    package init(_ initial: State) {
        state = initial
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        cond = .allocate(capacity: 1)
        cond.initialize(to: pthread_cond_t())
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deinitialize(count: 1)
        cond.deallocate()
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    package func withLock<R, E: Error>(_ body: (inout State) throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }

    /// Waits (releasing the lock meanwhile) until `predicate` holds, then runs `body`, all under
    /// the lock.
    func wait<R>(until predicate: (State) -> Bool, then body: (inout State) -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !predicate(state) { pthread_cond_wait(cond, mutex) }
        return body(&state)
    }

    /// Like `wait(until:then:)`, but gives up after `timeoutSeconds` (returning nil).
    func wait<R>(until predicate: (State) -> Bool, timeoutSeconds: Double,
                 then body: (inout State) -> R) -> R? {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let whole = Int(timeoutSeconds.rounded(.down))
        var deadline = timespec(tv_sec: now.tv_sec + whole,
                                tv_nsec: now.tv_nsec + Int((timeoutSeconds - Double(whole)) * 1e9))
        if deadline.tv_nsec >= 1_000_000_000 {
            deadline.tv_sec += 1
            deadline.tv_nsec -= 1_000_000_000
        }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !predicate(state) {
            if pthread_cond_timedwait(cond, mutex, &deadline) == ETIMEDOUT {
                return predicate(state) ? body(&state) : nil
            }
        }
        return body(&state)
    }

    /// Wakes one waiter.
    func signal() { pthread_cond_signal(cond) }

    /// Wakes every waiter.
    func broadcast() { pthread_cond_broadcast(cond) }
}
