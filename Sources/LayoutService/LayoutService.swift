import HTTPServer
import JSON
import LayoutModel
import LayoutSolver
import Logging
import Synchronization

/// layoutd's routes over the HTTP server: `POST /solve` (JSON, or SVG by content negotiation),
/// `GET /` (the playground page), `/healthz`, `/readyz`, `/openapi.yaml`, `/version`, `/metrics`; CORS, optional bearer auth, request ids,
/// one log line and metrics per request. Every client mistake is an RFC 9457 problem.
public final class LayoutService: HTTPHandler {
    private let configuration: ServiceConfiguration
    private let accessLog: any AccessLog
    private let metrics = ServiceMetrics()
    private let cors: CORSPolicy
    private let auth: BearerAuth?
    private let draining = Atomic<Bool>(false)
    private let requestCounter = Atomic<UInt64>(0)
    /// The bytes of a random base-36 prefix, per process.
    private let requestIDPrefix = Array(String(UInt32.random(in: 0...UInt32.max), radix: 36).utf8)
    private let observed = Mutex<WeakServer>(WeakServer())

    /// `accessLog` gets one entry per request; by default they go to `logger` as `info` lines
    /// (``LoggerAccessLog``).
    public init(configuration: ServiceConfiguration = ServiceConfiguration(), logger: Logger, accessLog: (any AccessLog)? = nil) {
        self.configuration = configuration
        self.accessLog = accessLog ?? LoggerAccessLog(logger: logger)
        self.cors = CORSPolicy(allowedOrigins: configuration.allowedOrigins)
        self.auth = configuration.apiKey.map(BearerAuth.init(key:))
    }

    /// The server whose open connections and in-flight solves `/metrics` reports (held weakly:
    /// the server holds this service).
    public func observe(_ server: HTTPServer) { observed.withLock { $0.server = server } }

    /// From now on `/readyz` answers 503 so load balancers stop sending traffic.
    public func beginDraining() { draining.store(true, ordering: .relaxed) }

    // MARK: HTTPHandler

    public func respondBeforeBody(to head: HTTPRequestHead) -> HTTPResponse? {
        guard let route = Route(path: head.path) else {
            return finish(head, problem(404, "not-found", "Not found", "no resource at '\(head.path.prefix(200))'; see GET /openapi.yaml"), route: "unknown")
        }
        if head.method == "OPTIONS" {
            return finish(head, cors.preflight(head, allow: route.allowHeader), route: route.name)
        }
        guard route.methods.contains(head.method) else {
            var response = problem(405, "method-not-allowed", "Method not allowed", "\(route.path) answers \(route.allowHeader)")
            response.headers.append(("Allow", route.allowHeader))
            return finish(head, response, route: route.name)
        }
        guard route == .solve else { return nil }
        if let auth, !auth.accepts(head.header("authorization")) {
            metrics.rejected(reason: "unauthorized")
            var response = problem(401, "unauthorized", "Unauthorized", "POST /solve needs the header 'Authorization: Bearer <api key>'")
            response.headers.append(("WWW-Authenticate", "Bearer realm=\"layoutd\""))
            return finish(head, response, route: route.name)
        }
        for name in ["strict", "pretty"] {
            if let value = head.queryItem(name), value != "true", value != "false" {
                metrics.rejected(reason: "invalid-query")
                return finish(head, problem(400, "invalid-query", "Invalid query parameter",
                                            "the query parameter '\(name)' must be true or false, not '\(value.prefix(40))'"), route: route.name)
            }
        }
        guard Self.isJSON(head.header("content-type")) else {
            metrics.rejected(reason: "unsupported-media-type")
            return finish(head, problem(415, "unsupported-media-type", "Unsupported media type",
                                        "send the layout as 'Content-Type: application/json' (UTF-8)"), route: route.name)
        }
        guard ContentNegotiation.format(accept: head.header("accept")) != nil else {
            metrics.rejected(reason: "not-acceptable")
            var response = problem(406, "not-acceptable", "Not acceptable",
                                   "POST /solve answers \(ContentNegotiation.offeredList); the Accept header allows neither")
            response.headers.append(("Vary", "Accept"))
            return finish(head, response, route: route.name)
        }
        return nil
    }

    /// Every route but `/solve` is answered here. A solve is tried here when its body is small,
    /// within `networkThreadSolveTime` (and the request's own timeout); one that runs out of that
    /// slice is given back, uncounted and unlogged, for a worker to redo with the whole budget.
    /// While new connections wait for this thread to accept them, a small solve goes to a worker
    /// instead, if the workers have room: else it is answered here, where handing it over would
    /// turn it away (503) while this thread could answer it.
    public func respondOnNetworkThread(to request: HTTPRequest, thread: NetworkThread) -> HTTPResponse? {
        guard Route(path: request.head.path) == .solve else { return respond(to: request) }
        let slice = configuration.networkThreadSolveTime
        guard slice > .zero, request.body.count <= ServiceConfiguration.networkThreadMaxBodyBytes,
              !(thread.connectionsWaiting && thread.workersHaveRoom) else { return nil }
        let start = ContinuousClock.now
        let ownDeadline = start + configuration.solveTimeout
        let sliceEnd = start + slice
        let answer = exchange(request, deadline: min(sliceEnd, ownDeadline))
        if answer.problemType == "solver-budget-exceeded", sliceEnd < ownDeadline, ContinuousClock.now >= sliceEnd {
            metrics.handedToWorker()
            return nil
        }
        return finish(request.head, response(to: answer), route: Route.solve.name, start: start)
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let start = ContinuousClock.now
        let head = request.head
        guard let route = Route(path: head.path) else {
            return finish(head, problem(404, "not-found", "Not found", "no resource here"), route: "unknown")
        }
        let response: HTTPResponse
        switch route {
        case .solve: response = solve(request, start: start)
        case .playground: response = Playground.response
        case .healthz: response = text(200, "ok\n")
        case .readyz: response = draining.load(ordering: .relaxed) ? text(503, "draining\n") : text(200, "ready\n")
        case .openapi: response = HTTPResponse(status: 200, headers: [("Content-Type", "application/yaml")], body: PackageResources.openapi_yaml)
        case .version: response = version()
        case .metrics: response = HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4")], body: metrics.render(server: observed.withLock { $0.server }))
        }
        return finish(head, response, route: route.name, start: start)
    }

    public func bodyTooLarge(_ head: HTTPRequestHead, limit: Int) -> HTTPResponse {
        metrics.rejected(reason: "body-too-large")
        return finish(head, problem(413, "body-too-large", "Body too large",
                                    "the body is larger than the limit of \(limit) bytes (--max-body)"), route: Route(path: head.path)?.name ?? "unknown")
    }

    public func overloaded(_ head: HTTPRequestHead) -> HTTPResponse {
        busy(head, "overloaded", "every solver slot and queue place is taken; retry shortly")
    }

    public func bodyMemoryFull(_ head: HTTPRequestHead) -> HTTPResponse {
        busy(head, "body-memory", "the request and response bodies held at once reached their limit (--max-body-memory); retry shortly")
    }

    /// A 503 with `Retry-After`, counted as a rejection for `reason` (also its problem type).
    private func busy(_ head: HTTPRequestHead, _ reason: String, _ detail: String) -> HTTPResponse {
        metrics.rejected(reason: reason)
        var response = problem(503, reason, "Service busy", detail)
        response.headers.append(("Retry-After", String(configuration.retryAfterSeconds)))
        return finish(head, response, route: Route(path: head.path)?.name ?? "unknown")
    }

    public func connectionRefused() {
        metrics.rejected(reason: "connection-limit")
    }

    public func clientGone(_ head: HTTPRequestHead) -> HTTPResponse {
        metrics.rejected(reason: "client-gone")
        return finish(head, HTTPResponse(status: 499), route: Route(path: head.path)?.name ?? "unknown")
    }

    // MARK: Routes

    private func solve(_ request: HTTPRequest, start: ContinuousClock.Instant) -> HTTPResponse {
        response(to: exchange(request, deadline: start + configuration.solveTimeout))
    }

    /// Decodes, solves and encodes a `/solve` request with the solver stopping at `deadline`,
    /// with solver storage that an earlier solve gave back, if one is free.
    private func exchange(_ request: HTTPRequest, deadline: ContinuousClock.Instant) -> SolveExchange.Answer {
        let head = request.head
        let storage = engineStorage.withLock { $0.popLast() } ?? EngineStorage()
        let answer = SolveExchange.answer(
            request.body, limits: configuration.limits,
            budget: SolverBudget(maxPivots: configuration.maxPivots, deadline: deadline),
            pretty: head.queryItem("pretty") == "true", strict: head.queryItem("strict") == "true",
            format: ContentNegotiation.format(accept: head.header("accept")) ?? .json,
            storage: storage)
        engineStorage.withLock { $0.append(storage) }
        return answer
    }

    /// The solvers' storage the solves finished so far gave back (`EngineStorage`): at most one
    /// for each solve that ran at once, so at most one per network thread and worker.
    private let engineStorage = ConditionLock<[EngineStorage]>([])

    /// The response for an answer, counting the solve in the metrics when there was one.
    private func response(to answer: SolveExchange.Answer) -> HTTPResponse {
        if answer.layoutStatus != nil {
            metrics.solved(duration: answer.solveTime, pivots: answer.pivots, views: answer.views, constraints: answer.constraints)
        }
        return HTTPResponse(status: answer.status, headers: [("Content-Type", answer.contentType), ("Vary", "Accept")], body: answer.body)
    }

    private func version() -> HTTPResponse {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("name"); writer.string(ServiceVersion.name)
        writer.key("version"); writer.string(ServiceVersion.version)
        writer.key("api"); writer.string(ServiceVersion.api)
        writer.endObject()
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: writer.bytes)
    }

    // MARK: Helpers

    private func text(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array(body.utf8))
    }

    private func problem(_ status: Int, _ type: String, _ title: String, _ detail: String) -> HTTPResponse {
        let problem = LayoutProblem(status: status, type: type, title: title, detail: detail, pointer: .root)
        return HTTPResponse(status: status, headers: [("Content-Type", "application/problem+json")], body: ResponseEncoder.encode(problem))
    }

    /// Adds CORS and `X-Request-Id`, counts, times and logs the request.
    private func finish(_ head: HTTPRequestHead, _ response: consuming HTTPResponse, route: String, start: ContinuousClock.Instant? = nil) -> HTTPResponse {
        // Taken over, not copied: the headers are then this response's own, and grow in place.
        var response = response
        let requestID = requestID(for: head)
        let cors = cors.headers(for: head)
        response.headers.reserveCapacity(response.headers.count + cors.count + 1)
        response.headers.append(contentsOf: cors)
        response.headers.mergeVary()
        response.headers.append(("X-Request-Id", requestID))
        let duration = start.map { ContinuousClock.now - $0 } ?? .zero
        metrics.requestFinished(route: route, status: response.status, duration: duration)
        accessLog.record(AccessLogEntry(
            method: head.method, path: Self.logged(head.path), status: response.status, duration: duration,
            requestID: requestID, remoteAddress: head.remoteAddress))
        return response
    }

    /// A path as logged: its first 200 characters (itself, not a copy, when it is no longer).
    private static func logged(_ path: String) -> String {
        path.utf8.count <= 200 ? path : String(path.prefix(200))
    }

    /// The client's `X-Request-Id` when it is a sane token, else a new one.
    private func requestID(for head: HTTPRequestHead) -> String {
        if let given = head.header("x-request-id"), (1...128).contains(given.utf8.count),
           given.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) {
            return given
        }
        let number = requestCounter.add(1, ordering: .relaxed).newValue
        return Self.requestID(prefix: requestIDPrefix, number: number)
    }

    /// `prefix-number`, the number in base 36 (lowercase), written straight into one String.
    static func requestID(prefix: [UInt8], number: UInt64) -> String {
        var digits = 1
        var rest = number / 36
        while rest > 0 {
            digits += 1
            rest /= 36
        }
        let length = prefix.count + 1 + digits
        return String(unsafeUninitializedCapacity: length) { out in
            for i in prefix.indices { out[i] = prefix[i] }
            out[prefix.count] = UInt8(ascii: "-")
            var rest = number
            for i in stride(from: length - 1, to: prefix.count, by: -1) {
                let digit = UInt8(truncatingIfNeeded: rest % 36)
                out[i] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                rest /= 36
            }
            return length
        }
    }

    /// `application/json`, optionally with `charset=utf-8` (case-insensitive; parameters split at
    /// `;` and trimmed of spaces and tabs). Read in place, without allocating: it runs for every
    /// `POST /solve`. Comparing ASCII case-insensitively is the same as comparing lowercased
    /// text here, as no character outside ASCII lowercases to a letter of these literals.
    static func isJSON(_ contentType: String?) -> Bool {
        guard var contentType else { return false }
        return contentType.withUTF8 { bytes in
            var first = true
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
                if end > start {  // empty parts are skipped before trimming, as split does
                    let part = ASCIIField(bytes[start..<end]).trimmed
                    if first {
                        guard part.equals("application/json") else { return false }
                        first = false
                    } else if part.hasPrefix("charset="), !part.equals("charset=utf-8"), !part.equals("charset=\"utf-8\"") {
                        return false
                    }
                }
                start = end + 1
            }
            return !first
        }
    }
}

/// A slice of header bytes compared with ASCII literals, ignoring ASCII case.
private struct ASCIIField {
    let bytes: Slice<UnsafeBufferPointer<UInt8>>

    init(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) { self.bytes = bytes }

    /// Without leading and trailing spaces and tabs.
    var trimmed: ASCIIField {
        func isBlank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
        var lo = bytes.startIndex, hi = bytes.endIndex
        while lo < hi, isBlank(bytes[lo]) { lo += 1 }
        while hi > lo, isBlank(bytes[hi - 1]) { hi -= 1 }
        return ASCIIField(bytes[lo..<hi])
    }

    func equals(_ literal: StaticString) -> Bool {
        bytes.count == literal.utf8CodeUnitCount && hasPrefix(literal)
    }

    func hasPrefix(_ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard bytes.count >= n else { return false }
        let base = literal.utf8Start
        for i in 0..<n {
            var b = bytes[bytes.startIndex + i]
            if b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") { b |= 0x20 }
            if b != base[i] { return false }
        }
        return true
    }
}

/// A weak reference to the observed server.
struct WeakServer {
    weak var server: HTTPServer?
}

/// The resources the service answers.
enum Route: Sendable {
    case solve, playground, healthz, readyz, openapi, version, metrics

    init?(path: String) {
        switch path {
        case "/": self = .playground
        case "/solve": self = .solve
        case "/healthz": self = .healthz
        case "/readyz": self = .readyz
        case "/openapi.yaml": self = .openapi
        case "/version": self = .version
        case "/metrics": self = .metrics
        default: return nil
        }
    }

    var path: String { self == .playground ? "/" : "/\(name)" }

    /// The route label in logs and metrics: the path without its `/` (`playground` for `/`).
    /// Literals: every request is logged and counted under it.
    var name: String {
        switch self {
        case .solve: return "solve"
        case .playground: return "playground"
        case .healthz: return "healthz"
        case .readyz: return "readyz"
        case .openapi: return "openapi.yaml"
        case .version: return "version"
        case .metrics: return "metrics"
        }
    }

    var methods: [String] { self == .solve ? Self.post : Self.getAndHead }

    private static let post = ["POST"]
    private static let getAndHead = ["GET", "HEAD"]

    var allowHeader: String { (methods + ["OPTIONS"]).joined(separator: ", ") }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs (header values).
    var trimmingSpaces: String {
        let isBlank = { (c: Character) in c == " " || c == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}

extension [(name: String, value: String)] {
    /// One `Vary` header listing every field the response varies on (content negotiation and CORS each add theirs).
    fileprivate mutating func mergeVary() {
        // Nearly every response has one Vary or none: then nothing is built.
        guard let first = firstIndex(where: { $0.name == "Vary" }),
              self[(first + 1)...].contains(where: { $0.name == "Vary" }) else { return }
        let fields = filter { $0.name == "Vary" }.map(\.value)
        removeAll { $0.name == "Vary" }
        append(("Vary", fields.joined(separator: ", ")))
    }
}
