import CHTTPShim

/// The network thread a request was read on, as the handler sees it while deciding whether to
/// answer there (valid only during that call).
public struct NetworkThread {
    let conn: OpaquePointer
    let pool: WorkerPool<Job>

    /// Whether new connections wait to be accepted. libmicrohttpd's network threads accept one
    /// connection per pass over their open connections, so the longer each request keeps its
    /// thread, the longer a burst of new clients waits: 256 clients connecting at once to a
    /// server busy with 70 µs solves waited up to a second. Asks the kernel (one `poll(2)`), so
    /// read it only when it decides something.
    public var connectionsWaiting: Bool { lhs_conn_accept_waiting(conn) != 0 }

    /// Whether a worker or a queue place is free now, so that returning nil hands the request
    /// over rather than turning it away with `overloaded`. A snapshot: with several network
    /// threads another may take the last place first.
    public var workersHaveRoom: Bool { pool.hasRoom }
}
