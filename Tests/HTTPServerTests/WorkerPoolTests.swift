import Glibc
import Synchronization
import Testing

@testable import HTTPServer

/// The worker pool's idle hook: it runs once the pool has had nothing to do for `idleSeconds`
/// after a job, and not again until another job has run.
@Suite struct WorkerPoolTests {
    final class Counts: Sendable {
        let done = Atomic<Int>(0)
        let idle = Atomic<Int>(0)
    }

    static func start(idleSeconds: Double, counts: Counts) -> WorkerPool<Int> {
        let pool = WorkerPool<Int>(workers: 2, queueLimit: 8, stackSize: 0)
        _ = pool.start({ milliseconds in
            usleep(UInt32(milliseconds * 1000))
            return { counts.done.add(1, ordering: .relaxed) }
        }, idleSeconds: idleSeconds, idle: { counts.idle.add(1, ordering: .relaxed) })
        return pool
    }

    static func submit(_ pool: WorkerPool<Int>, milliseconds: Int) {
        #expect(pool.reserve())
        #expect(pool.submit(milliseconds) == nil)
    }

    @Test func idleRunsOnceAfterTheLastJob() {
        let counts = Counts()
        let pool = Self.start(idleSeconds: 0.05, counts: counts)
        defer { _ = pool.shutdown() }
        #expect(counts.idle.load(ordering: .relaxed) == 0)  // no job yet
        for _ in 0..<3 { Self.submit(pool, milliseconds: 20) }
        #expect(eventually { counts.done.load(ordering: .relaxed) == 3 && counts.idle.load(ordering: .relaxed) == 1 })
        usleep(300_000)
        #expect(counts.idle.load(ordering: .relaxed) == 1)
        Self.submit(pool, milliseconds: 1)
        #expect(eventually { counts.idle.load(ordering: .relaxed) == 2 })
    }

    @Test func idleWaitsWhileJobsKeepComing() {
        let counts = Counts()
        let pool = Self.start(idleSeconds: 1, counts: counts)
        defer { _ = pool.shutdown() }
        for _ in 0..<15 {
            Self.submit(pool, milliseconds: 1)
            usleep(20_000)
        }
        #expect(counts.idle.load(ordering: .relaxed) == 0)
        #expect(eventually { counts.idle.load(ordering: .relaxed) == 1 })
        #expect(counts.done.load(ordering: .relaxed) == 15)
    }
}
