#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed pool of plain pthreads taking jobs from a bounded FIFO.
///
/// Deliberately not Swift concurrency: a job is a synchronous, CPU-bound solve, and MHD's threads
/// must never wait on the cooperative pool. Admission is two-step so that the caller can suspend
/// the MHD connection *between* taking a slot and publishing the job (a worker may resume the
/// connection as soon as the job is visible): `reserve()` then `submit(_:)`.
///
/// All state is behind one `ConditionLock` (pthread mutex + condition variable); idle workers
/// wait on its condition.
final class WorkerPool<Job: Sendable>: Sendable {
    private struct State {
        var queue: [Job?] = []
        var head = 0                // index of the oldest queued job in `queue`
        var queued = 0
        var running = 0
        var reserved = 0
        var stopping = false
        var threads: [pthread_t] = []

        /// Slots taken: jobs running, queued or reserved.
        var taken: Int { running + queued + reserved }
    }

    private let lock = ConditionLock(State())
    /// Running + queued + reserved jobs allowed at once.
    let capacity: Int
    let workerCount: Int
    private let stackSize: Int

    init(workers: Int, queueLimit: Int, stackSize: Int) {
        self.workerCount = max(1, workers)
        self.capacity = workerCount + max(0, queueLimit)
        self.stackSize = stackSize
    }

    /// Starts the threads. `work` runs a job and returns what publishes its result; the job's
    /// slot is freed before the result is published, so a client that sends its next request as
    /// soon as it has the response finds the slot free. `idle` runs on a worker whose job left
    /// the pool with nothing running, queued or reserved, once `idleSeconds` more have passed
    /// with the pool still so (not again until a job has run). Returns false if a thread could
    /// not be created (those started are stopped).
    func start(_ work: @escaping @Sendable (Job) -> (() -> Void),
               idleSeconds: Double = 1, idle: @escaping @Sendable () -> Void = {}) -> Bool {
        var attr = pthread_attr_t()
        pthread_attr_init(&attr)
        defer { pthread_attr_destroy(&attr) }
        if stackSize > 0 { _ = pthread_attr_setstacksize(&attr, stackSize) }
        for _ in 0..<workerCount {
            let body = ThreadBody { [self] in run(work, idleSeconds: idleSeconds, idle: idle) }
            let box = Unmanaged.passRetained(body).toOpaque()  // released by the thread
            var tid = pthread_t()
            let rc = pthread_create(&tid, &attr, workerThreadEntry, box)
            if rc != 0 {
                Unmanaged<ThreadBody>.fromOpaque(box).release()
                _ = shutdown()
                return false
            }
            lock.withLock { $0.threads.append(tid) }
        }
        return true
    }

    /// Takes a slot if one is free (and the pool is not stopping).
    func reserve() -> Bool {
        lock.withLock { s in
            guard hasRoom(s) else { return false }
            s.reserved += 1
            return true
        }
    }

    /// Publishes a job for a slot taken with `reserve()`. Returns the job back if the pool stopped
    /// in between (the caller answers it itself).
    func submit(_ job: Job) -> Job? {
        let accepted: Bool = lock.withLock { s in
            s.reserved -= 1
            if s.stopping { return false }
            s.queue.append(job)
            s.queued += 1
            return true
        }
        guard accepted else { return job }
        lock.signal()
        return nil
    }

    /// Whether `reserve()` would take a slot now (another thread may take it first).
    var hasRoom: Bool { lock.withLock { hasRoom($0) } }

    private func hasRoom(_ s: State) -> Bool { !s.stopping && s.taken < capacity }

    /// Slots taken with `reserve()` whose job is not submitted yet.
    var reservedCount: Int { lock.withLock { $0.reserved } }

    /// Jobs running + queued + reserved.
    var inFlight: Int { lock.withLock { $0.taken } }

    /// Stops taking jobs; returns the queued ones that no worker started (the caller answers
    /// them), waits for the running ones to finish, joins the threads. Idempotent.
    func shutdown() -> [Job] {
        let (leftovers, toJoin): ([Job], [pthread_t]) = lock.withLock { s in
            s.stopping = true
            var out: [Job] = []
            for i in s.head..<s.queue.count { if let j = s.queue[i] { out.append(j) } }
            s.queue.removeAll()
            s.head = 0
            s.queued = 0
            let threads = s.threads
            s.threads = []
            return (out, threads)
        }
        lock.broadcast()
        let me = pthread_self()
        for tid in toJoin where pthread_equal(tid, me) == 0 {
            // (A handler that stops the server from a worker would otherwise join itself.)
            pthread_join(tid, nil)
        }
        return leftovers
    }

    private enum Next { case job(Job), exit }

    private func run(_ work: @Sendable (Job) -> (() -> Void), idleSeconds: Double, idle: @Sendable () -> Void) {
        let ready = { (s: State) in s.queued > 0 || s.stopping }
        let take = { (s: inout State) -> Next in
            guard s.queued > 0, let j = s.queue[s.head] else { return .exit }
            s.queue[s.head] = nil
            s.head += 1
            s.queued -= 1
            if s.queued == 0 {
                s.queue.removeAll(keepingCapacity: true)
                s.head = 0
            } else if s.head > 64 && s.head * 2 > s.queue.count {
                s.queue.removeFirst(s.head)
                s.head = 0
            }
            s.running += 1
            return .job(j)
        }
        // Whether this worker's last job left the pool idle, and `idle` is yet to run.
        var leftIdle = false
        while true {
            let next: Next
            if leftIdle {
                leftIdle = false
                guard let taken = lock.wait(until: ready, timeoutSeconds: idleSeconds, then: take) else {
                    // Another worker may have taken a job meanwhile.
                    if lock.withLock({ $0.taken == 0 }) { idle() }
                    continue
                }
                next = taken
            } else {
                next = lock.wait(until: ready, then: take)
            }
            switch next {
            case .job(let j):
                let publish = work(j)
                leftIdle = lock.withLock { s in
                    s.running -= 1
                    return s.taken == 0
                }
                publish()
            case .exit:
                return
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
