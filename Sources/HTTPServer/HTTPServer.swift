#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CHTTPShim
import Logging
import Synchronization

/// An HTTP/1.1 server over libmicrohttpd.
///
/// Threads:
/// - MHD's poll() pool (`networkThreads`) parses requests and calls `respondBeforeBody`,
///   `respondOnNetworkThread`, `bodyTooLarge`, `overloaded`.
/// - A fixed pool of `workers` pthreads runs `respond` for the requests the handler did not
///   answer on the network thread. The MHD connection is suspended meanwhile and resumed by
///   the worker with the response; MHD then queues it from its own thread.
///
/// Ownership: `start` retains the `ServerCore` for the shim (`ctx`); it is released only after
/// `lhs_stop` (MHD_stop_daemon) has returned, when no callback can run any more. The daemon is
/// never stopped with a suspended connection: the pool is stopped first (queued requests are
/// answered with `overloaded` + `Connection: close`), running requests finish, and the shim's
/// suspended count must reach 0.
public final class HTTPServer: Sendable {
    private enum Phase {
        case idle
        case running(Running)
        case stopped
    }

    private struct Running: @unchecked Sendable {
        // @unchecked: `server` is used only under `phase`'s lock or by the one thread that took
        // it out of `phase` to stop it.
        let server: OpaquePointer
        let ctx: UnsafeMutableRawPointer
    }

    private let configuration: HTTPServerConfiguration
    private let core: ServerCore
    private let phase = ConditionLock<Phase>(.idle)
    private let quiesced = Atomic<Bool>(false)

    public init(configuration: HTTPServerConfiguration, handler: some HTTPHandler, logger: Logger) {
        self.configuration = configuration
        self.core = ServerCore(configuration: configuration, handler: handler, logger: logger)
    }

    deinit {
        stop()
    }

    /// Starts the daemon and the workers; returns the bound port.
    public func start() throws(HTTPServerError) -> Int {
        try configuration.validate()
        let c = configuration
        var host = c.host
        if host == "localhost" { host = "127.0.0.1" }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }

        return try phase.withLock { (p: inout Phase) throws(HTTPServerError) -> Int in
            guard case .idle = p else { throw .alreadyStarted }
            guard core.startWorkers() else {
                p = .stopped
                throw .cannotStart("cannot create worker threads")
            }
            let ctx = Unmanaged.passRetained(core).toOpaque()
            var err = [CChar](repeating: 0, count: 512)
            var errNo: Int32 = 0
            let server: OpaquePointer? = host.withCString { hostPtr in
                var o = lhs_options()
                o.host = hostPtr
                o.port = UInt16(c.port)
                o.network_threads = UInt32(c.networkThreads)
                o.connection_timeout_seconds = UInt32(c.connectionTimeoutSeconds)
                o.per_ip_connection_limit = UInt32(c.perIPConnectionLimit)
                o.connection_limit = UInt32(c.connectionLimit)
                o.connection_memory_limit = c.connectionMemoryLimitBytes
                o.thread_stack_size = c.threadStackSizeBytes
                o.max_body_bytes = c.maxBodyBytes
                o.discard_cap_bytes = c.maxDiscardedBodyBytes
                o.max_body_memory = c.maxBodyMemoryBytes
                o.ctx = ctx
                o.on_head = shimOnHead
                o.on_request = shimOnRequest
                o.on_completed = shimOnCompleted
                o.log = shimLog
                return err.withUnsafeMutableBufferPointer { buf in
                    lhs_start(&o, buf.baseAddress, buf.count, &errNo)
                }
            }
            guard let server else {
                // This instance is spent (its pool is shut down): create a new one to retry.
                p = .stopped
                _ = core.pool.shutdown()
                Unmanaged<ServerCore>.fromOpaque(ctx).release()
                let message = err.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
                core.logger.error("HTTP server failed to start: \(message)")
                throw .cannotStart(message.isEmpty ? "unknown error" : message)
            }
            let port = Int(lhs_bound_port(server))
            p = .running(Running(server: server, ctx: ctx))
            core.logger.info("HTTP server listening", metadata: [
                "host": "\(host)", "port": "\(port)",
                "networkThreads": "\(c.networkThreads)", "workers": "\(c.workers)",
                "queueLimit": "\(c.queueLimit)",
            ])
            return port
        }
    }

    /// Open connections (0 when not running).
    public var currentConnections: Int { whileRunning { Int(lhs_current_connections($0)) } }

    /// Connections whose request is with a worker (suspended in MHD).
    public var suspendedConnections: Int { whileRunning { Int(lhs_suspended_count($0)) } }

    /// Bytes of request bodies held, all connections together, each from its first byte until
    /// its response is sent (0 when not running); with `responseMemoryBytes`, at most
    /// `maxBodyMemoryBytes`.
    public var bodyMemoryBytes: Int { whileRunning { Int(lhs_body_memory($0)) } }

    /// Bytes of answers not yet sent (counted with the request bodies against the budget).
    public var responseMemoryBytes: Int { whileRunning { Int(lhs_response_memory($0)) } }

    /// A count read from the running shim server, 0 when not running.
    private func whileRunning(_ read: (OpaquePointer) -> Int) -> Int {
        phase.withLock { p in
            guard case .running(let r) = p else { return 0 }
            return read(r.server)
        }
    }

    /// Requests queued or running on the workers.
    public var requestsInFlight: Int { core.pool.inFlight }

    public var isDraining: Bool { core.draining.load(ordering: .acquiring) }

    /// Graceful drain: stop accepting (MHD quiesce; the listening socket is shut down so that new
    /// connections are refused), let in-flight requests finish (with `Connection: close`), wait
    /// until connections reach 0 — or only idle keep-alive connections are left, which are then
    /// closed — or the deadline, then stop. Safe to call from any thread; later calls (and
    /// `stop`) while one is under way only shorten it.
    public func drain(deadline: Duration) {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: deadline)
        core.draining.store(true, ordering: .releasing)
        let running: Bool = phase.withLock { p in
            guard case .running(let r) = p else { return false }
            if !quiesced.exchange(true, ordering: .acquiringAndReleasing) {
                if lhs_quiesce(r.server) != 0 {
                    core.logger.warning("HTTP server: MHD_quiesce_daemon failed")
                }
            }
            return true
        }
        guard running else { return }
        core.logger.info("HTTP server draining", metadata: ["deadline": "\(deadline)"])
        let began = clock.now
        var open = 0
        var idlePolls = 0
        while true {
            let poll: (open: Int, busy: Bool)? = phase.withLock { p in
                guard case .running(let r) = p else { return nil }
                // A request is under way from its request line to its completion (the shim's
                // live count), and while suspended.
                let busy = lhs_live_requests(r.server) > 0 || lhs_suspended_count(r.server) > 0
                return (Int(lhs_current_connections(r.server)), busy)
            }
            guard let poll else { return }  // stopped meanwhile
            open = poll.open
            if open == 0 || clock.now >= end { break }
            // Only idle keep-alive connections left (no request on any of them, nothing with the
            // workers) for 3 polls in a row: close them now rather than wait for their idle
            // timeout, as Go's Shutdown and nginx do. (MHD 0.9.75 cannot close just those.)
            if !poll.busy && core.pool.inFlight == 0 {
                idlePolls += 1
                if idlePolls >= 3 { break }
            } else {
                idlePolls = 0
            }
            usleep(10_000)
        }
        core.logger.info("HTTP server drained", metadata: [
            "idleConnectionsClosed": "\(open)", "elapsed": "\(clock.now - began)",
        ])
        stop()
    }

    /// How long `stop()` lets answers already given reach their clients.
    static let stopFlushGrace: Duration = .seconds(1)

    /// Stops at once: queued requests are answered with `overloaded` (+ `Connection: close`),
    /// running ones finish, the answers are given up to `stopFlushGrace` to reach their clients,
    /// then the daemon stops and closes every connection. Idempotent.
    public func stop() {
        core.draining.store(true, ordering: .releasing)
        let taken: Running? = phase.withLock { p in
            switch p {
            case .running(let r):
                p = .stopped
                return r
            case .idle, .stopped:
                p = .stopped
                return nil
            }
        }
        guard let r = taken else { return }
        // 1. No more jobs; answer those no worker started; wait for the running ones.
        for job in core.pool.shutdown() {
            core.finish(job, with: core.handler.overloaded(job.request.head))
        }
        // 2. MHD_stop_daemon with a suspended connection is an API violation (MHD_PANIC). An MHD
        //    thread that took a slot just before the shutdown suspends its connection before it
        //    gives the slot back (and then answers it itself), so first wait for the slots, then
        //    until MHD's threads have taken every resumed connection back.
        guard Self.poll(for: .seconds(30), while: { core.pool.reservedCount > 0 || lhs_suspended_count(r.server) > 0 }) else {
            core.logger.critical("HTTP server: connections still suspended after 30 s; leaving the daemon running")
            return  // leak rather than abort the process; ctx stays retained
        }
        // 3. MHD_stop_daemon closes every connection at once, and what it had not yet written is
        //    lost: a queued request's 503 from step 1 went to a client as an empty close when the
        //    network thread was slow to send it (seen under ThreadSanitizer). So wait until every
        //    request has completed (sent, or its client gone), for at most `stopFlushGrace`: a
        //    client that never finishes sending its request cannot hold the stop.
        _ = Self.poll(for: Self.stopFlushGrace, while: { lhs_live_requests(r.server) > 0 })
        // 4. Join MHD's threads; NOTIFY_COMPLETED runs for every open request. No connection is
        //    refused after this: the refusals the log held back get their line.
        lhs_stop(r.server)
        core.logHeldBackRefusals()
        // 5. Only now no callback can use ctx.
        Unmanaged<ServerCore>.fromOpaque(r.ctx).release()
        core.logger.info("HTTP server stopped")
    }

    /// Checks `condition` every millisecond while it holds, for at most `limit`; returns whether
    /// it stopped holding in time.
    private static func poll(for limit: Duration, while condition: () -> Bool) -> Bool {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: limit)
        while condition() {
            if clock.now >= end { return false }
            usleep(1_000)
        }
        return true
    }
}

/// What a request carries from `on_head` to `on_completed`, retained by the shim.
final class RequestToken: Sendable {
    let head: HTTPRequestHead
    init(head: HTTPRequestHead) { self.head = head }
}

/// A request handed to a worker. `conn` is the shim's lhs_conn, suspended in MHD: valid until
/// `lhs_conn_resume`, after which it must not be touched.
struct Job: @unchecked Sendable {
    let conn: OpaquePointer
    let request: HTTPRequest
}

/// Everything the C callbacks need; passed to the shim as `ctx`.
final class ServerCore: Sendable {
    let handler: any HTTPHandler
    let logger: Logger
    let maxBodyBytes: Int
    let draining = Atomic<Bool>(false)
    let pool: WorkerPool<Job>
    let accepts = AcceptWatch()
    /// The refusals' log and libmicrohttpd's message for the last one.
    private let refusals = ConditionLock((log: RefusalLog(interval: .seconds(10)), message: ""))

    init(configuration c: HTTPServerConfiguration, handler: any HTTPHandler, logger: Logger) {
        self.handler = handler
        self.logger = logger
        self.maxBodyBytes = c.maxBodyBytes
        self.pool = WorkerPool<Job>(workers: c.workers, queueLimit: c.queueLimit,
                                    stackSize: c.threadStackSizeBytes)
    }

    /// libmicrohttpd refused a connection at accept (its log `message`): the handler counts it,
    /// and it is logged as `RefusalLog` allows, with how many it stands for (`refused`).
    func connectionRefused(_ message: String) {
        handler.connectionRefused()
        let now = ContinuousClock.now
        let count = refusals.withLock { state in
            state.message = message
            return state.log.refused(at: now)
        }
        if let count { logRefused(count, message) }
    }

    /// Logs the refusals held back since the last line (the server is stopping).
    func logHeldBackRefusals() {
        guard let (count, message) = refusals.withLock({ state in state.log.takeHeldBack().map { ($0, state.message) } }) else { return }
        logRefused(count, message)
    }

    private func logRefused(_ count: Int, _ message: String) {
        logger.notice("\(message)", metadata: ["source": "libmicrohttpd", "refused": "\(count)"])
    }

    /// Starts the worker threads (they hold `self` until the pool is shut down).
    func startWorkers() -> Bool {
        pool.start({ [self] job in
            // A client that left while its request waited in the queue gets no solve: the
            // worker goes on to one whose client still waits.
            let response = lhs_conn_peer_gone(job.conn) != 0
                ? handler.clientGone(job.request.head) : handler.respond(to: job.request)
            return { self.finish(job, with: response) }
        }, idle: {
            // What the jobs freed goes back to the system once the workers have had nothing to
            // do for a second: glibc keeps it in each thread's arena, and after a few 10,000-view
            // solves an idle server held 140-170 MiB where it started with 17. Not after each
            // job: the next large one would fault the pages in again.
            _ = lhs_release_free_memory()
        })
    }

    /// From a worker (or the stopping thread): builds the response and resumes the connection.
    func finish(_ job: Job, with response: HTTPResponse) {
        let r = makeResponse(response, head: job.request.head, conn: job.conn)
        lhs_conn_resume(job.conn, r)  // ownership of r moves to the shim; job.conn is done
    }

    // MARK: MHD-thread callbacks

    func onHead(conn: OpaquePointer, _ h: lhs_head, tokenOut: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> OpaquePointer? {
        let head = Self.makeHead(h)
        tokenOut?.pointee = Unmanaged.passRetained(RequestToken(head: head)).toOpaque()
        if let early = handler.respondBeforeBody(to: head) {
            return makeResponse(early, head: head, conn: conn)
        }
        if let cl = head.header("content-length") {
            // MHD itself rejects malformed and overflowing values (400/413) before this point.
            if let n = Int(cl.trimmingASCIISpaces()), n > maxBodyBytes {
                return makeResponse(handler.bodyTooLarge(head, limit: maxBodyBytes), head: head, conn: conn)
            }
        }
        return nil
    }

    func onRequest(conn: OpaquePointer, token: RequestToken, body: [UInt8], flags: Int32) -> OpaquePointer? {
        let head = token.head
        if flags & Int32(LHS_BODY_ALLOC_FAILED) != 0 {
            logger.error("HTTP server: could not allocate a request body buffer")
            return makeResponse(handler.overloaded(head), head: head, conn: conn)
        }
        if flags & Int32(LHS_BODY_TOO_LARGE) != 0 {
            return makeResponse(handler.bodyTooLarge(head, limit: maxBodyBytes), head: head, conn: conn)
        }
        if flags & Int32(LHS_BODY_OVER_MEMORY) != 0 {
            return makeResponse(handler.bodyMemoryFull(head), head: head, conn: conn)
        }
        let request = HTTPRequest(head: head, body: body)
        if let response = handler.respondOnNetworkThread(to: request, thread: NetworkThread(conn: conn, pool: pool, accepts: accepts)) {
            return makeResponse(response, head: head, conn: conn)
        }
        guard pool.reserve() else {
            return makeResponse(handler.overloaded(head), head: head, conn: conn)
        }
        // Suspend before the job is visible to a worker, which may resume at once.
        lhs_conn_suspend(conn)
        if let back = pool.submit(Job(conn: conn, request: request)) {
            // The pool stopped in between: answer through the resume path.
            finish(back, with: handler.overloaded(head))
        }
        return nil
    }

    // MARK: Conversions

    static func makeHead(_ h: lhs_head) -> HTTPRequestHead {
        func str(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "" }
        func str(_ p: UnsafePointer<CChar>?, _ n: Int) -> String {
            guard let p, n > 0 else { return "" }
            return p.withMemoryRebound(to: UInt8.self, capacity: n) {
                String(decoding: UnsafeBufferPointer(start: $0, count: n), as: UTF8.self)
            }
        }
        var query = ""
        // Most targets have no query: then the raw target is not made into a String at all.
        if let rawURI = h.raw_uri, strchr(rawURI, Int32(UInt8(ascii: "?"))) != nil {
            let raw = String(cString: rawURI)
            if let q = raw.utf8.firstIndex(of: UInt8(ascii: "?")) {
                var rest = raw[raw.utf8.index(after: q)...]
                if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
                query = String(rest)
            }
        }
        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(h.header_count)
        if let list = h.headers {
            for i in 0..<h.header_count {
                let e = list[i]
                headers.append((name: lowercased(e.name, e.name_len), value: str(e.value, e.value_len)))
            }
        }
        var head = HTTPRequestHead(method: str(h.method), path: str(h.path), query: query,
                                   headers: [], remoteAddress: str(h.remote_address))
        head.headers = headers
        return head
    }

    /// A header name as `String.lowercased()` gives it, made in one pass when it is ASCII (a
    /// token always is): no String to lowercase afterwards.
    private static func lowercased(_ p: UnsafePointer<CChar>?, _ n: Int) -> String {
        guard let p, n > 0 else { return "" }
        return p.withMemoryRebound(to: UInt8.self, capacity: n) { bytes in
            let name = UnsafeBufferPointer(start: bytes, count: n)
            var seen: UInt8 = 0
            let ascii = String(unsafeUninitializedCapacity: n) { out in
                for i in 0..<n {
                    let b = name[i]
                    seen |= b
                    out[i] = b &- UInt8(ascii: "A") < 26 ? b | 0x20 : b
                }
                return n
            }
            return seen < 0x80 ? ascii : String(decoding: name, as: UTF8.self).lowercased()
        }
    }

    /// An MHD response to `conn` (owned by the caller until handed to the shim), or nil if out
    /// of memory (the shim then answers 500). Its body counts against the body memory budget
    /// until it is sent: a client that reads its answer slowly holds those bytes as long as it
    /// keeps reading (the idle timeout is reset by every byte it takes), and an answer can be
    /// far larger than its request (32 sizes of a 20,000-view layout). A `refusable` one over
    /// `alwaysSentBytes` that would pass the budget is replaced by `bodyMemoryFull`, which is
    /// not refusable.
    func makeResponse(_ response: HTTPResponse, head: HTTPRequestHead, conn: OpaquePointer,
                      refusable: Bool = true) -> OpaquePointer? {
        var status = response.status
        if !(200...599).contains(status) {
            logger.error("HTTP handler returned status \(status); sending 500",
                         metadata: ["path": "\(head.path)"])
            status = 500
        }
        var overBudget: Int32 = 0
        let r: OpaquePointer? = response.body.withUnsafeBytes { buf in
            let mayRefuse: Int32 = refusable && buf.count > Self.alwaysSentBytes ? 1 : 0
            return lhs_response_new(conn, UInt32(status), buf.baseAddress, buf.count, mayRefuse, &overBudget)  // copied
        }
        if overBudget != 0 { return makeResponse(handler.bodyMemoryFull(head), head: head, conn: conn, refusable: false) }
        guard let r else { return nil }
        var hasConnection = false
        for (name, value) in response.headers {
            guard Self.isToken(name), Self.isFieldValue(value) else {
                logger.error("HTTP handler returned an invalid header; dropped", metadata: ["name": "\(name)"])
                continue
            }
            if name.equalsIgnoringASCIICase("content-length") || name.equalsIgnoringASCIICase("transfer-encoding") {
                // Framing is the server's: the body's length is known.
                logger.debug("HTTP handler set a framing header; ignored", metadata: ["name": "\(name)"])
                continue
            }
            if name.equalsIgnoringASCIICase("connection") { hasConnection = true }
            // withCString passes a native string's own bytes (an implicit conversion copies them).
            let added = name.withCString { n in value.withCString { v in lhs_response_add_header(r, n, v) } }
            if added == 0 {
                logger.debug("libmicrohttpd refused a response header", metadata: ["name": "\(name)"])
            }
        }
        if !hasConnection && draining.load(ordering: .acquiring) {
            _ = lhs_response_add_header(r, "Connection", "close")
        }
        return r
    }

    /// Answers up to this size are sent whatever the body memory budget (and counted): health
    /// checks, metrics and problems must not turn into 503s while large answers fill it, and
    /// the connection limit bounds what they hold (1,000 × 64 KiB by default).
    static let alwaysSentBytes = 64 << 10

    static func isToken(_ s: String) -> Bool {
        guard !s.isEmpty else { return false }
        let (low, high) = tokenBytes
        return s.allUTF8 { b in (b < 64 ? low : b < 128 ? high : 0) >> (b & 63) & 1 != 0 }
    }

    /// The bytes a token may hold (RFC 9110 tchar: letters, digits, ``!#$%&'*+-.^_`|~``), as
    /// bits: bytes 0–63, then 64–127.
    private static let tokenBytes: (UInt64, UInt64) = {
        var bits: (UInt64, UInt64) = (0, 0)
        let allowed = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        for b in allowed.utf8 {
            if b < 64 { bits.0 |= 1 << b } else { bits.1 |= 1 << (b - 64) }
        }
        return bits
    }()

    static func isFieldValue(_ s: String) -> Bool {
        s.allUTF8 { $0 != 0 && $0 != 10 && $0 != 13 }
    }
}

extension String {
    /// Equal to an ASCII `lowercase` literal, ignoring ASCII case (a header name is a token:
    /// ASCII only, so this is what comparing its `lowercased()` would say, without the copy).
    func equalsIgnoringASCIICase(_ lowercase: StaticString) -> Bool {
        guard utf8.count == lowercase.utf8CodeUnitCount else { return false }
        var i = 0
        for b in utf8 {
            let folded = b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b
            if folded != lowercase.utf8Start[i] { return false }
            i += 1
        }
        return true
    }

    /// Without leading and trailing spaces and tabs, looked for byte by byte (not Character by
    /// Character, which costs hundreds of instructions per header).
    func trimmingASCIISpaces() -> Substring {
        let bytes = utf8
        func isBlank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isBlank(bytes[start]) { bytes.formIndex(after: &start) }
        while end > start, isBlank(bytes[bytes.index(before: end)]) { bytes.formIndex(before: &end) }
        return self[start..<end]
    }

    /// Whether every UTF-8 byte passes `predicate`, read in place where the string allows
    /// (stepping through `utf8` costs tens of instructions a byte).
    @inline(__always)
    func allUTF8(_ predicate: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.allSatisfy(predicate) } ?? utf8.allSatisfy(predicate)
    }
}
