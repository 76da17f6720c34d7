#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CHTTPShim
import Synchronization

/// The network thread a request was read on, as the handler sees it while deciding whether to
/// answer there (valid only during that call).
public struct NetworkThread {
    let conn: OpaquePointer
    let pool: WorkerPool<Job>
    let accepts: AcceptWatch

    /// Whether new connections wait to be accepted. libmicrohttpd's network threads accept one
    /// connection per pass over their open connections, so the longer each request keeps its
    /// thread, the longer a burst of new clients waits: 256 clients connecting at once to a
    /// server busy with 70 µs solves waited up to a second. The kernel is asked (one `poll(2)`)
    /// at most once per `AcceptWatch.interval` for all the server's network threads; in
    /// between, this is its last answer.
    public var connectionsWaiting: Bool { accepts.connectionsWaiting(conn) }

    /// Whether a worker or a queue place is free now, so that returning nil hands the request
    /// over rather than turning it away with `overloaded`. A snapshot: with several network
    /// threads another may take the last place first.
    public var workersHaveRoom: Bool { pool.hasRoom }
}

/// Whether connections wait on the server's listening socket, asked of the kernel at most once
/// per `interval`. A `poll(2)` per request was 4 % of a twenty-view request's CPU; a burst of
/// new clients is now seen at most a millisecond late, where it used to wait up to a second.
final class AcceptWatch: Sendable {
    /// How long an answer stands, in nanoseconds.
    static let interval: Int64 = 1_000_000
    /// The monotonic time (ns) until which `waiting` stands; 0 before the first answer.
    private let validUntil = Atomic<Int64>(0)
    private let waiting = Atomic<Bool>(false)

    /// The last answer while it stands, else the kernel's for `conn`'s server.
    func connectionsWaiting(_ conn: OpaquePointer) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return answer(at: Int64(now.tv_sec) &* 1_000_000_000 &+ Int64(now.tv_nsec)) { lhs_conn_accept_waiting(conn) != 0 }
    }

    /// The last answer if it stands at monotonic time `now` (ns), else `ask()`'s, which then
    /// stands for `interval`. Network threads racing here each ask once; either answer is as good.
    func answer(at now: Int64, ask: () -> Bool) -> Bool {
        if now < validUntil.load(ordering: .acquiring) { return waiting.load(ordering: .relaxed) }
        let answer = ask()
        waiting.store(answer, ordering: .relaxed)
        validUntil.store(now &+ Self.interval, ordering: .releasing)
        return answer
    }
}
