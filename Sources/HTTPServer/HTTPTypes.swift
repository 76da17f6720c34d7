#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The request line and headers, available before the body is read.
public struct HTTPRequestHead: Sendable {
    public var method: String
    /// The path, percent-decoded by libmicrohttpd, without the query.
    public var path: String
    /// The raw query, without the leading `?` (not decoded).
    public var query: String
    /// Header names lowercased, in the order received.
    public var headers: [(name: String, value: String)]
    /// The peer's numeric address ("127.0.0.1", "::1"), "" if unknown.
    public var remoteAddress: String

    public init(method: String, path: String, query: String = "",
                headers: [(name: String, value: String)] = [], remoteAddress: String = "") {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers.map { (name: $0.name.lowercased(), value: $0.value) }
        self.remoteAddress = remoteAddress
    }

    /// The first header with this name (case-insensitive).
    public func header(_ name: String) -> String? {
        // Callers mostly ask with a lowercase name already: then it is compared as it is.
        let wanted = name.allUTF8({ $0 &- UInt8(ascii: "A") >= 26 && $0 < 0x80 }) ? name : name.lowercased()
        for h in headers where h.name == wanted { return h.value }
        return nil
    }

    /// The first query item with this name, percent-decoded (`+` is a space);
    /// "" for an item without `=`.
    public func queryItem(_ name: String) -> String? {
        guard !query.isEmpty else { return nil }
        for part in query.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let rawName = pieces.first else { continue }
            if HTTPRequestHead.formDecode(Substring(rawName)) == name {
                return pieces.count > 1 ? HTTPRequestHead.formDecode(Substring(pieces[1])) : ""
            }
        }
        return nil
    }

    /// `application/x-www-form-urlencoded` decoding; invalid escapes are kept as they are.
    static func formDecode(_ s: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count)
        var it = Array(s.utf8)[...]
        while let b = it.popFirst() {
            switch b {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                if it.count >= 2, let hi = hexValue(it[it.startIndex]),
                   let lo = hexValue(it[it.startIndex + 1]) {
                    bytes.append(hi << 4 | lo)
                    it = it.dropFirst(2)
                } else {
                    bytes.append(b)
                }
            default:
                bytes.append(b)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// A complete request.
public struct HTTPRequest: Sendable {
    public var head: HTTPRequestHead
    public var body: [UInt8]

    public init(head: HTTPRequestHead, body: [UInt8] = []) {
        self.head = head
        self.body = body
    }
}

/// A response. The server adds `Content-Length` and `Date` (a `Content-Length` or
/// `Transfer-Encoding` from the handler is ignored), and `Connection: close` while draining;
/// headers with invalid names or CR/LF/NUL in values are dropped; a status outside 200...599 is
/// sent as 500.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// What the server asks of the application. Every method may be called on
/// several threads at once.
public protocol HTTPHandler: Sendable {
    /// On the network thread once the headers are in: a response to give without reading the
    /// body (no `100 Continue`), or nil to read the body. It leaves once a body of up to
    /// `LHS_EARLY_DISCARD_BYTES` declared by `Content-Length` has been dropped, keeping the
    /// connection; with a larger or chunked body, or `Expect: 100-continue`, at once, closing
    /// it. Used for 400 (a bad query), 401, 404, 405, 406 and 415, and for CORS preflight.
    func respondBeforeBody(to head: HTTPRequestHead) -> HTTPResponse?
    /// On the network thread once the whole request is in: its response when it is cheap to
    /// make there (e.g. `GET /healthz`, or a small job that finished within a short slice of
    /// time), or nil to hand the request to the worker pool, which calls `respond(to:)`. The
    /// network thread serves its other connections only after this returns, so it must stay
    /// short: a handler that tries and runs out of its slice returns nil and lets a worker redo
    /// the job; and while `thread.connectionsWaiting`, only what is quick for sure belongs here,
    /// unless the workers have no room (`thread.workersHaveRoom`), when nil means `overloaded`.
    /// The response goes out at once, or while the thread has 8 or more connections open
    /// (`LHS_HOLD_FROM_CONNECTIONS`), on the thread's next turn with the other answers this turn made. Must not throw or trap.
    func respondOnNetworkThread(to request: HTTPRequest, thread: NetworkThread) -> HTTPResponse?
    /// Answers a complete request on a worker thread. Must not throw or trap.
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// The response for a body over the limit (413), decided from Content-Length before any
    /// upload, or after a chunked body passes the limit.
    func bodyTooLarge(_ head: HTTPRequestHead, limit: Int) -> HTTPResponse
    /// The response when every worker and queue slot is busy (503; the handler adds Retry-After).
    func overloaded(_ head: HTTPRequestHead) -> HTTPResponse
    /// The response to a request whose body was thrown away, or whose answer was, because the
    /// bodies held at once reached `maxBodyMemoryBytes` (by default `overloaded`'s).
    func bodyMemoryFull(_ head: HTTPRequestHead) -> HTTPResponse
    /// Instead of `respond(to:)` on a worker, when the client closed its connection while the
    /// request waited for a worker: nobody will read this response (count it, log it).
    func clientGone(_ head: HTTPRequestHead) -> HTTPResponse
    /// On a network thread, for each connection refused as it was accepted, over the connection
    /// limit or the per-IP one (closed at once, nothing read; the server logs these itself, at
    /// most one line per 10 s). Keep it cheap: a client reconnecting without pause is refused
    /// thousands of times a second.
    func connectionRefused()
}

extension HTTPHandler {
    /// By default an empty 499 (nginx's "client closed request"), which is never sent.
    public func clientGone(_ head: HTTPRequestHead) -> HTTPResponse { HTTPResponse(status: 499) }

    /// By default nothing.
    public func connectionRefused() {}

    public func bodyMemoryFull(_ head: HTTPRequestHead) -> HTTPResponse { overloaded(head) }
}

public struct HTTPServerConfiguration: Sendable {
    /// A numeric IPv4 or IPv6 address ("::1" or "[::1]"); "localhost" means 127.0.0.1.
    public var host: String = "0.0.0.0"
    /// 0 = any free port (read the bound one from `start()`).
    public var port: Int = 8080
    /// MHD's poll() thread pool (default: cores).
    public var networkThreads: Int
    /// Worker threads answering non-lightweight requests (default: cores).
    public var workers: Int
    /// Requests waiting beyond the busy workers before `overloaded` (default: 4 × workers).
    public var queueLimit: Int
    public var maxBodyBytes: Int = 8 << 20
    /// Bytes of an over-limit (chunked) body read and thrown away before the connection is simply
    /// closed instead of answered with 413.
    public var maxDiscardedBodyBytes: Int = 8 << 20
    /// Bytes of request and response bodies held at once, all connections together: a request
    /// body from its first byte until its response is sent (the handler's copy, while it is
    /// queued or answered, is as much again), a response body until it is sent. A request body
    /// that would pass it is thrown away, and a response body replaced, by `bodyMemoryFull`.
    /// 0 = unlimited. Without it, 1,000 connections uploading 8 MiB bodies slowly hold 8 GiB, the
    /// queue holds as many bodies as it has places, and clients that read their answers a byte
    /// at a time hold every answer.
    public var maxBodyMemoryBytes: Int = 256 << 20
    /// MHD's idle timeout (not a deadline for the whole request). Suspended requests never time out.
    public var connectionTimeoutSeconds: Int = 10
    /// 0 = unlimited (behind a proxy).
    public var perIPConnectionLimit: Int = 64
    public var connectionLimit: Int = 1000
    /// Per connection: request line, headers and read buffer (not the body).
    public var connectionMemoryLimitBytes: Int = 64 << 10
    /// For MHD's threads and the worker threads.
    public var threadStackSizeBytes: Int = 8 << 20

    /// nil for `networkThreads`, `workers`, `queueLimit` picks the defaults above.
    public init(host: String = "0.0.0.0", port: Int = 8080, networkThreads: Int? = nil,
                workers: Int? = nil, queueLimit: Int? = nil, maxBodyBytes: Int = 8 << 20,
                maxDiscardedBodyBytes: Int = 8 << 20, maxBodyMemoryBytes: Int = 256 << 20,
                connectionTimeoutSeconds: Int = 10, perIPConnectionLimit: Int = 64,
                connectionLimit: Int = 1000, connectionMemoryLimitBytes: Int = 64 << 10,
                threadStackSizeBytes: Int = 8 << 20) {
        let cores = HTTPServerConfiguration.cores
        self.host = host
        self.port = port
        self.networkThreads = networkThreads ?? cores
        let w = workers ?? cores
        self.workers = w
        self.queueLimit = queueLimit ?? 4 * max(1, w)
        self.maxBodyBytes = maxBodyBytes
        self.maxDiscardedBodyBytes = maxDiscardedBodyBytes
        self.maxBodyMemoryBytes = maxBodyMemoryBytes
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.perIPConnectionLimit = perIPConnectionLimit
        self.connectionLimit = connectionLimit
        self.connectionMemoryLimitBytes = connectionMemoryLimitBytes
        self.threadStackSizeBytes = threadStackSizeBytes
    }

    /// Online processors (at least 1).
    public static var cores: Int {
        let n = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return n > 0 ? Int(n) : 1
    }

    /// Throws `invalidConfiguration` naming the first bad field.
    func validate() throws(HTTPServerError) {
        func check(_ ok: Bool, _ what: String) throws(HTTPServerError) {
            if !ok { throw .invalidConfiguration(what) }
        }
        try check((0...65535).contains(port), "port \(port) is not in 0...65535")
        try check((1...1024).contains(networkThreads), "networkThreads must be in 1...1024")
        try check((1...4096).contains(workers), "workers must be in 1...4096")
        try check(queueLimit >= 0, "queueLimit must be >= 0")
        try check(maxBodyBytes >= 0, "maxBodyBytes must be >= 0")
        try check(maxDiscardedBodyBytes >= 0, "maxDiscardedBodyBytes must be >= 0")
        try check(maxBodyMemoryBytes == 0 || maxBodyMemoryBytes >= maxBodyBytes,
                  "maxBodyMemoryBytes must be 0 (unlimited) or at least maxBodyBytes")
        try check((0...86_400).contains(connectionTimeoutSeconds), "connectionTimeoutSeconds must be in 0...86400")
        try check((0...1_000_000).contains(perIPConnectionLimit), "perIPConnectionLimit must be >= 0")
        try check(connectionLimit >= networkThreads && connectionLimit <= 1_000_000,
                  "connectionLimit must be at least networkThreads")
        try check(connectionMemoryLimitBytes >= 4096, "connectionMemoryLimitBytes must be >= 4096")
        try check(threadStackSizeBytes >= 64 << 10, "threadStackSizeBytes must be >= 64 KiB")
    }
}

public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The daemon could not start, e.g. "port 8080 on 0.0.0.0 is in use".
    case cannotStart(String)
    /// A configuration value out of range.
    case invalidConfiguration(String)
    /// `start()` was called twice, or after `stop()`/`drain`.
    case alreadyStarted

    public var description: String {
        switch self {
        case .cannotStart(let m): return "cannot start the HTTP server: \(m)"
        case .invalidConfiguration(let m): return "invalid HTTP server configuration: \(m)"
        case .alreadyStarted: return "the HTTP server was already started"
        }
    }
}
