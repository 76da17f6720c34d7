#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A fixed pool of plain pthreads taking jobs from a bounded FIFO.
///
/// Deliberately not Swift concurrency: a job is a synchronous, CPU-bound solve, and MHD's threads
/// must never wait on the cooperative pool. Admission is two-step so that the caller can suspend
/// the MHD connection *between* taking a slot and publishing the job (a worker may resume the
/// connection as soon as the job is visible): `reserve()` then `submit(_:)`.
///
/// State lives in a `Mutex` (Synchronization); idle workers sleep on a pthread condition variable
/// paired with its own pthread mutex, which only guards the sleep/wake hand-off (a `Mutex` has no
/// condition variable). Lock order: `wakeLock` may be taken while not holding `state`, and
/// `state` is never held while waiting.
final class WorkerPool<Job: Sendable>: @unchecked Sendable {
    // @unchecked: `wakeLock`/`wakeCond`/`threads` are raw pthread objects, used only as described
    // above; everything else is in `state`.
    private struct State {
        var queue: [Job?] = []
        var head = 0                // index of the oldest queued job in `queue`
        var queued = 0
        var running = 0
        var reserved = 0
        var stopping = false
    }

    private let state = Mutex(State())
    private let wakeLock: UnsafeMutablePointer<pthread_mutex_t>
    private let wakeCond: UnsafeMutablePointer<pthread_cond_t>
    private let wakeups = Atomic<Int>(0)  // pending wake tokens, guarded by wakeLock for waiting
    private let threads = Mutex<[pthread_t]>([])
    /// Running + queued + reserved jobs allowed at once.
    let capacity: Int
    let workerCount: Int

    init(workers: Int, queueLimit: Int, stackSize: Int) {
        self.workerCount = max(1, workers)
        self.capacity = workerCount + max(0, queueLimit)
        wakeLock = .allocate(capacity: 1)
        wakeLock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(wakeLock, nil)
        wakeCond = .allocate(capacity: 1)
        wakeCond.initialize(to: pthread_cond_t())
        pthread_cond_init(wakeCond, nil)
        self.stackSize = stackSize
    }

    private let stackSize: Int

    deinit {
        pthread_cond_destroy(wakeCond)
        pthread_mutex_destroy(wakeLock)
        wakeCond.deinitialize(count: 1)
        wakeCond.deallocate()
        wakeLock.deinitialize(count: 1)
        wakeLock.deallocate()
    }

    /// Starts the threads. Returns false if one could not be created (those started are stopped).
    /// `work` runs a job and returns what publishes its result; the job's slot is freed before
    /// the result is published, so a client that sends its next request as soon as it has the
    /// response finds the slot free.
    func start(_ work: @escaping @Sendable (Job) -> (() -> Void)) -> Bool {
        var attr = pthread_attr_t()
        pthread_attr_init(&attr)
        defer { pthread_attr_destroy(&attr) }
        if stackSize > 0 { _ = pthread_attr_setstacksize(&attr, stackSize) }
        var started: [pthread_t] = []
        for _ in 0..<workerCount {
            let body = ThreadBody { [self] in run(work) }
            let box = Unmanaged.passRetained(body).toOpaque()  // released by the thread
            var tid = pthread_t()
            let rc = pthread_create(&tid, &attr, workerThreadEntry, box)
            if rc != 0 {
                Unmanaged<ThreadBody>.fromOpaque(box).release()
                threads.withLock { $0 = started }
                _ = shutdown()
                return false
            }
            started.append(tid)
        }
        threads.withLock { $0 = started }
        return true
    }

    /// Takes a slot if one is free (and the pool is not stopping).
    func reserve() -> Bool {
        state.withLock { s in
            guard !s.stopping, s.running + s.queued + s.reserved < capacity else { return false }
            s.reserved += 1
            return true
        }
    }

    /// Publishes a job for a slot taken with `reserve()`. Returns the job back if the pool stopped
    /// in between (the caller answers it itself).
    func submit(_ job: Job) -> Job? {
        let accepted: Bool = state.withLock { s in
            s.reserved -= 1
            if s.stopping { return false }
            s.queue.append(job)
            s.queued += 1
            return true
        }
        guard accepted else { return job }
        wake(1)
        return nil
    }

    /// Jobs running + queued + reserved.
    var inFlight: Int { state.withLock { $0.running + $0.queued + $0.reserved } }

    /// Stops taking jobs; returns the queued ones that no worker started (the caller answers
    /// them), waits for the running ones to finish, joins the threads. Idempotent.
    func shutdown() -> [Job] {
        let leftovers: [Job] = state.withLock { s in
            s.stopping = true
            var out: [Job] = []
            for i in s.head..<s.queue.count { if let j = s.queue[i] { out.append(j) } }
            s.queue.removeAll()
            s.head = 0
            s.queued = 0
            return out
        }
        wake(Int.max)
        let toJoin = threads.withLock { t -> [pthread_t] in
            let all = t
            t = []
            return all
        }
        let me = pthread_self()
        for tid in toJoin where pthread_equal(tid, me) == 0 {
            // (A handler that stops the server from a worker would otherwise join itself.)
            pthread_join(tid, nil)
        }
        return leftovers
    }

    private func wake(_ n: Int) {
        pthread_mutex_lock(wakeLock)
        if n == Int.max {
            wakeups.store(Int.max / 2, ordering: .relaxed)
            pthread_cond_broadcast(wakeCond)
        } else {
            wakeups.add(n, ordering: .relaxed)
            pthread_cond_signal(wakeCond)
        }
        pthread_mutex_unlock(wakeLock)
    }

    private enum Next { case job(Job), wait, exit }

    private func run(_ work: @Sendable (Job) -> (() -> Void)) {
        while true {
            let next: Next = state.withLock { s in
                if s.queued > 0, let j = s.queue[s.head] {
                    s.queue[s.head] = nil
                    s.head += 1
                    s.queued -= 1
                    if s.head > 64 && s.head * 2 > s.queue.count {
                        s.queue.removeFirst(s.head)
                        s.head = 0
                    }
                    s.running += 1
                    return .job(j)
                }
                return s.stopping ? .exit : .wait
            }
            switch next {
            case .job(let j):
                let publish = work(j)
                state.withLock { $0.running -= 1 }
                publish()
            case .exit:
                return
            case .wait:
                pthread_mutex_lock(wakeLock)
                while wakeups.load(ordering: .relaxed) == 0 {
                    pthread_cond_wait(wakeCond, wakeLock)
                }
                if wakeups.load(ordering: .relaxed) < Int.max / 4 {
                    wakeups.subtract(1, ordering: .relaxed)
                }
                pthread_mutex_unlock(wakeLock)
            }
        }
    }
}

/// What a worker thread runs; passed through pthread_create's argument (retained by the creator,
/// released by the thread).
final class ThreadBody: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// The pthread entry point (a global function: C function pointers cannot come from a generic
/// context, and this keeps it nonisolated).
func workerThreadEntry(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let raw else { return nil }
    Unmanaged<ThreadBody>.fromOpaque(raw).takeRetainedValue().run()
    return nil
}
