import CHTTPShim
import HTTPTestSupport
import Dispatch
import Glibc
import Logging
import Synchronization
import Testing

@testable import HTTPServer

/// A gate the test opens; handlers block on it (polling, so no Swift concurrency is involved).
final class Gate: Sendable {
    private let isOpen = Atomic<Bool>(false)
    let entered = Atomic<Int>(0)
    /// Requests to `/counted` that reached `respond`.
    let counted = Atomic<Int>(0)
    /// Connections refused at accept (`connectionRefused`).
    let refused = Atomic<Int>(0)
    func open() { isOpen.store(true, ordering: .releasing) }
    func wait(timeoutSeconds: Double = 20) {
        entered.add(1, ordering: .relaxed)
        let end = ContinuousClock.now + .milliseconds(Int(timeoutSeconds * 1000))
        while !isOpen.load(ordering: .acquiring) && ContinuousClock.now < end { usleep(1000) }
    }
}

struct TestHandler: HTTPHandler {
    let gate: Gate
    /// The size of `/block-big`'s answer.
    static let bigBody = 8 << 20
    /// The size of `/big`'s answer: more than loopback's socket buffers take from a client that
    /// does not read (up to about 10 MiB), so most of it waits in the server.
    static let biggerBody = 32 << 20

    func respondBeforeBody(to head: HTTPRequestHead) -> HTTPResponse? {
        if head.path == "/early" { return HTTPResponse(status: 401, headers: [("WWW-Authenticate", "Bearer")], body: Array("no".utf8)) }
        if head.path == "/missing" { return HTTPResponse(status: 404) }
        return nil
    }

    func respondOnNetworkThread(to request: HTTPRequest, thread: NetworkThread) -> HTTPResponse? {
        switch request.head.path {
        case "/healthz", "/healthz-stack":
            return respond(to: request)
        case "/waiting":
            // Holds the network thread until a connection waits to be accepted, for at most `body`
            // milliseconds, and says whether one did; counted in `gate.entered` on arrival.
            gate.entered.add(1, ordering: .relaxed)
            let end = ContinuousClock.now + .milliseconds(Int(String(decoding: request.body, as: UTF8.self)) ?? 0)
            var waiting = thread.connectionsWaiting
            while !waiting && ContinuousClock.now < end {
                usleep(5000)
                waiting = thread.connectionsWaiting
            }
            return HTTPResponse(status: 200, headers: [("X-Waiting", String(waiting))])
        case "/room":
            return HTTPResponse(status: 200, headers: [("X-Room", String(thread.workersHaveRoom))])
        case "/small":
            // Answered here when the body is at most 4 bytes, else declined to a worker.
            guard request.body.count <= 4 else { return nil }
            return HTTPResponse(status: 200, headers: [("X-Answered-By", "network")], body: request.body)
        default:
            return nil
        }
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let head = request.head
        switch head.path {
        case "/healthz":
            return HTTPResponse(status: 200, body: Array("ok".utf8))
        case "/counted":
            gate.counted.add(1, ordering: .relaxed)
            return HTTPResponse(status: 200, body: Array("counted".utf8))
        case "/block":
            gate.wait()
            return HTTPResponse(status: 200, body: Array("unblocked".utf8))
        case "/block-big":
            // An answer too large to leave in one write: sending it takes the network thread
            // several passes.
            gate.wait()
            return HTTPResponse(status: 200, body: [UInt8](repeating: UInt8(ascii: "x"), count: TestHandler.bigBody))
        case "/stack", "/healthz-stack":
            // pthread_getattr_np is a GNU extension Glibc's Swift overlay does not export.
            typealias GetAttr = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
            var attr = pthread_attr_t()
            var size = 0
            if let sym = dlsym(nil, "pthread_getattr_np"),
               unsafeBitCast(sym, to: GetAttr.self)(pthread_self(), &attr) == 0 {
                pthread_attr_getstacksize(&attr, &size)
                pthread_attr_destroy(&attr)
            }
            return HTTPResponse(status: 200, headers: [("X-Stack", String(size))])
        case "/small":
            return HTTPResponse(status: 200, headers: [("X-Answered-By", "worker")], body: request.body)
        case "/length":
            // The body's length, without the body.
            return HTTPResponse(status: 200, headers: [("X-Body-Length", String(request.body.count))])
        case "/big":
            return HTTPResponse(status: 200, body: [UInt8](repeating: UInt8(ascii: "y"), count: TestHandler.biggerBody))
        case "/badstatus":
            return HTTPResponse(status: 42)
        case "/badheader":
            return HTTPResponse(status: 200, headers: [("X-Bad", "a\r\nInjected: 1"), ("X-Good", "1"),
                                                       ("Bad Name", "x"), ("Content-Length", "999"),
                                                       ("Transfer-Encoding", "chunked")],
                                body: Array("body".utf8))
        default:
            var headers: [(name: String, value: String)] = [
                ("Content-Type", "application/octet-stream"),
                ("X-Method", head.method),
                ("X-Path", head.path),
                ("X-Query", head.query),
                ("X-Name", head.queryItem("name") ?? "-"),
                ("X-Test", head.header("X-TEST") ?? "-"),
                ("X-Remote", head.remoteAddress),
                ("X-Body-Length", String(request.body.count)),
            ]
            headers.append(("X-Header-Count", String(head.headers.count)))
            return HTTPResponse(status: 200, headers: headers, body: request.body)
        }
    }

    func bodyTooLarge(_ head: HTTPRequestHead, limit: Int) -> HTTPResponse {
        HTTPResponse(status: 413, headers: [("Content-Type", "text/plain")], body: Array("limit \(limit)".utf8))
    }

    func overloaded(_ head: HTTPRequestHead) -> HTTPResponse {
        HTTPResponse(status: 503, headers: [("Retry-After", "1")], body: Array("busy".utf8))
    }

    func connectionRefused() { gate.refused.add(1, ordering: .relaxed) }
}

func makeServer(workers: Int = 2, queueLimit: Int = 8, maxBody: Int = 64 << 10,
                networkThreads: Int = 2, port: Int = 0, host: String = "127.0.0.1",
                timeoutSeconds: Int = 5, perIPLimit: Int = 64, stackSize: Int = 8 << 20,
                maxBodyMemory: Int = 256 << 20, gate: Gate = Gate(), logger given: Logger? = nil) -> HTTPServer {
    let logger = given ?? {
        var logger = Logger(label: "test.http")
        logger.logLevel = .warning
        return logger
    }()
    let config = HTTPServerConfiguration(host: host, port: port, networkThreads: networkThreads,
                                         workers: workers, queueLimit: queueLimit, maxBodyBytes: maxBody,
                                         maxDiscardedBodyBytes: 1 << 20, maxBodyMemoryBytes: maxBodyMemory,
                                         connectionTimeoutSeconds: timeoutSeconds,
                                         perIPConnectionLimit: perIPLimit, threadStackSizeBytes: stackSize)
    return HTTPServer(configuration: config, handler: TestHandler(gate: gate), logger: logger)
}

/// Polls `condition` every 5 ms until true or the timeout; returns the last value.
@discardableResult
func eventually(timeoutSeconds: Double = 20, _ condition: () -> Bool) -> Bool {
    let end = ContinuousClock.now + .milliseconds(Int(timeoutSeconds * 1000))
    while ContinuousClock.now < end {
        if condition() { return true }
        usleep(5000)
    }
    return condition()
}

/// Runs `body` on a background thread (Dispatch), returning a way to wait for its result.
/// (A pthread mutex + condition, which ThreadSanitizer understands.)
final class Background<T: Sendable>: Sendable {
    private let result = ConditionLock<T?>(nil)
    init(_ body: @escaping @Sendable () -> T) {
        DispatchQueue.global().async { [self] in
            let r = body()
            result.withLock { $0 = r }
            result.broadcast()
        }
    }
    /// nil after 20 s.
    func wait() -> T? {
        result.wait(until: { $0 != nil }, timeoutSeconds: 20) { $0 } ?? nil
    }
}

@Suite struct HTTPServerTests {
    @Test func getAndPostRoundTrip() throws {
        let server = makeServer()
        let port = try server.start()
        defer { server.stop() }
        #expect(port > 0)

        let get = try RawHTTP.request(port: port, path: "/things/a%20b?name=J%C3%BCrg+x&z=1", headers: [("x-TeSt", "hello")])
        #expect(get.status == 200)
        #expect(get.header("X-Method") == "GET")
        #expect(get.header("X-Path") == "/things/a b")
        #expect(get.header("X-Query") == "name=J%C3%BCrg+x&z=1")
        #expect(get.header("X-Name") == "Jürg x")
        #expect(get.header("X-Test") == "hello")
        #expect(get.header("X-Remote") == "127.0.0.1")
        #expect(get.body.isEmpty)

        let payload = (0..<50_000).map { UInt8($0 % 251) }
        let post = try RawHTTP.request(port: port, method: "POST", path: "/echo", headers: [("Content-Type", "application/json")], body: payload)
        #expect(post.status == 200)
        #expect(post.header("X-Body-Length") == "50000")
        #expect(post.body == payload)
        #expect(post.header("Content-Type") == "application/octet-stream")
    }

    @Test func keepAliveServesSeveralRequests() throws {
        let server = makeServer()
        let port = try server.start()
        defer { server.stop() }
        let c = try RawHTTPConnection(port: port)
        for i in 0..<5 {
            let body = Array("req \(i)".utf8)
            try c.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
            try c.send(body)
            let r = try c.readResponse()
            #expect(r.status == 200)
            #expect(r.body == body)
            let h = try RawHTTP.request(port: port, path: "/healthz")
            #expect(h.status == 200)
        }
    }

    /// With `LHS_HOLD_FROM_CONNECTIONS` connections open on the one network thread, an answer made
    /// there waits for libmicrohttpd's next turn (`PH_HELD` in the shim): each still reaches its own connection.
    @Test func answersHeldForTheNextTurnReachTheirConnections() throws {
        let server = makeServer(networkThreads: 1)
        let port = try server.start()
        defer { server.stop() }
        let connections = try (0..<3).map { _ in try RawHTTPConnection(port: port) }
        let idle = try (0..<Int(LHS_HOLD_FROM_CONNECTIONS) - connections.count).map { _ in try RawHTTPConnection(port: port) }
        for round in 0..<4 {
            for (k, c) in connections.enumerated() {
                let body = Array("\(k)\(round)".utf8)
                try c.send("POST /small HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
                try c.send(body)
            }
            for (k, c) in connections.enumerated() {
                let r = try c.readResponse()
                #expect(r.status == 200)
                #expect(r.header("X-Answered-By") == "network")
                #expect(r.body == Array("\(k)\(round)".utf8))
            }
        }
        try idle[0].send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try idle[0].readResponse().body == Array("ok".utf8))
    }

    /// A held answer whose client left before the next turn is freed with its connection.
    @Test func aHeldAnswerWhoseClientLeftIsFreed() throws {
        let server = makeServer(networkThreads: 1)
        let port = try server.start()
        defer { server.stop() }
        let idle = try (0..<Int(LHS_HOLD_FROM_CONNECTIONS)).map { _ in try RawHTTPConnection(port: port) }
        for _ in 0..<20 {
            let c = try RawHTTPConnection(port: port)
            try c.send("POST /small HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nok")
            c.shutdownBoth()
        }
        #expect(eventually { server.responseMemoryBytes == 0 && server.currentConnections == idle.count })
        try idle[0].send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try idle[0].readResponse().status == 200)
    }

    @Test func handlerChoosesNetworkThreadOrWorker() throws {
        let gate = Gate()
        let server = makeServer(workers: 1, gate: gate)
        let port = try server.start()
        defer { server.stop() }
        let c = try RawHTTPConnection(port: port)
        for body in ["tiny", "too big"].map({ Array($0.utf8) }) {
            try c.send("POST /small HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n")
            try c.send(body)
            let r = try c.readResponse()
            #expect(r.status == 200)
            #expect(r.body == body)
            #expect(r.header("X-Answered-By") == (body.count <= 4 ? "network" : "worker"))
        }

        // With the one worker blocked, a request answered on the network thread still gets through.
        let blocked = Background { try? RawHTTP.request(port: port, method: "POST", path: "/block", timeoutSeconds: 60) }
        #expect(eventually { gate.entered.load(ordering: .relaxed) == 1 })
        let small = try RawHTTP.request(port: port, method: "POST", path: "/small", body: Array("ok".utf8))
        #expect(small.header("X-Answered-By") == "network")
        gate.open()
        #expect(blocked.wait()??.status == 200)
    }

    @Test func networkThreadSeesConnectionsWaitingToBeAccepted() throws {
        let gate = Gate()
        let server = makeServer(networkThreads: 1, gate: gate)
        let port = try server.start()
        defer { server.stop() }
        #expect(try RawHTTP.request(port: port, method: "POST", path: "/waiting", body: Array("0".utf8)).header("X-Waiting") == "false")

        // The one network thread is held in the handler (up to 10 s); a client connecting
        // meanwhile waits in the listening socket's backlog (the kernel completes its handshake)
        // until it is accepted. It connects only once the handler runs, so nothing else can
        // accept it first, however slow the machine.
        let held = Background { try? RawHTTP.request(port: port, method: "POST", path: "/waiting", body: Array("10000".utf8), timeoutSeconds: 20) }
        let deadline = ContinuousClock.now + .seconds(10)
        while gate.entered.load(ordering: .relaxed) < 2 && ContinuousClock.now < deadline { usleep(1000) }
        let waiting = try RawHTTPConnection(port: port)
        #expect(held.wait()??.header("X-Waiting") == "true")
        try waiting.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try waiting.readResponse().status == 200)
    }

    @Test func contentLengthOverLimitIs413WithoutContinue() throws {
        let server = makeServer(maxBody: 1024)
        let port = try server.start()
        defer { server.stop() }
        let c = try RawHTTPConnection(port: port)
        try c.send("POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 1025\r\n\r\n")
        let r = try c.readResponse()
        #expect(r.status == 413)
        #expect(r.bodyText == "limit 1024")
        #expect(!r.rawText.contains("100 Continue"))
        #expect(r.rawText.hasPrefix("HTTP/1.1 413"))

        // At the limit exactly: accepted (with 100 Continue this time).
        let ok = try RawHTTP.request(port: port, method: "POST", path: "/echo", body: [UInt8](repeating: 7, count: 1024))
        #expect(ok.status == 200)
        #expect(ok.body.count == 1024)
    }

    @Test func chunkedBodyOverLimitIs413() throws {
        let server = makeServer(maxBody: 1024)
        let port = try server.start()
        defer { server.stop() }
        let c = try RawHTTPConnection(port: port)
        try c.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = [UInt8](repeating: 65, count: 512)
        for _ in 0..<8 {  // 4 × the limit
            try c.send("200\r\n")
            try c.send(chunk + [13, 10])
        }
        try c.send("0\r\n\r\n")
        let r = try c.readResponse()
        #expect(r.status == 413)

        // Under the limit, chunked: the body arrives whole.
        let c2 = try RawHTTPConnection(port: port)
        try c2.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        try c2.send("200\r\n")
        try c2.send(chunk + [13, 10])
        try c2.send("0\r\n\r\n")
        let ok = try c2.readResponse()
        #expect(ok.status == 200)
        #expect(ok.body == chunk)
    }

    @Test func chunkedBodyFarOverTheDiscardCapIsDropped() throws {
        let server = makeServer(maxBody: 1024)  // discard cap 1 MiB
        let port = try server.start()
        defer { server.stop() }
        let c = try RawHTTPConnection(port: port)
        try c.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = [UInt8](repeating: 65, count: 64 << 10)
        var sendFailed = false
        for _ in 0..<64 {  // 4 MiB
            do {
                try c.send("10000\r\n")
                try c.send(chunk + [13, 10])
            } catch {
                sendFailed = true
                break
            }
        }
        // Either the send already failed (reset) or the server closes without a full response.
        if !sendFailed {
            let r = try? c.readResponse()
            #expect(r == nil || r?.status == 413)
        }
        #expect(eventually { server.currentConnections == 0 })
        #expect(try RawHTTP.request(port: port, path: "/healthz").status == 200)
    }

    @Test func earlyAnswersFromRespondBeforeBody() throws {
        let server = makeServer()
        let port = try server.start()
        defer { server.stop() }
        let c = try RawHTTPConnection(port: port)
        try c.send("POST /early HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 500000\r\n\r\n")
        let r = try c.readResponse()
        #expect(r.status == 401)
        #expect(r.header("WWW-Authenticate") == "Bearer")
        #expect(r.bodyText == "no")
        #expect(!r.rawText.contains("100 Continue"))
        // The body it would have sent is refused, so the connection ends with the answer.
        #expect(r.header("Connection")?.lowercased() == "close")
        #expect(c.waitForClose())

        let m = try RawHTTP.request(port: port, path: "/missing")
        #expect(m.status == 404)
    }

    @Test func clientDisconnectMidBody() throws {
        // A long idle timeout, so that only prompt detection of the close passes.
        let server = makeServer(timeoutSeconds: 60)
        let port = try server.start()
        defer { server.stop() }
        for i in 0..<40 {
            let c = try RawHTTPConnection(port: port)
            try c.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n0123456789")
            // Half of them close at once (the FIN arrives with the data), half a little later.
            if i % 2 == 1 { usleep(2000) }
            c.shutdownBoth()
        }
        #expect(eventually(timeoutSeconds: 3) { server.currentConnections == 0 })
        let r = try RawHTTP.request(port: port, method: "POST", path: "/echo", body: Array("still here".utf8))
        #expect(r.status == 200)
        #expect(r.bodyText == "still here")
    }

    /// Issue 7's fault check at the server level: 1,000 clients that leave mid-body leave no
    /// connection behind (run the suite with `--sanitize=address` for the leak half).
    @Test func thousandMidBodyDisconnects() throws {
        let server = makeServer(timeoutSeconds: 60, perIPLimit: 0)
        let port = try server.start()
        defer { server.stop() }
        let head = Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n0123456789".utf8)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<250 {
                guard let c = try? RawHTTPConnection(port: port) else { continue }
                try? c.send(head)
                c.shutdownBoth()
            }
        }
        #expect(eventually(timeoutSeconds: 5) { server.currentConnections == 0 })
        #expect(try RawHTTP.request(port: port, path: "/healthz").status == 200)
    }

    @Test func clientLeavesWhileSuspended() throws {
        let gate = Gate()
        let server = makeServer(workers: 1, gate: gate)
        let port = try server.start()
        defer { server.stop() }
        do {
            let c = try RawHTTPConnection(port: port)
            try c.send("POST /block HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
            #expect(eventually { gate.entered.load(ordering: .relaxed) == 1 })
            #expect(server.suspendedConnections == 1)
            c.shutdownBoth()
        }
        usleep(50_000)
        gate.open()
        #expect(eventually { server.suspendedConnections == 0 && server.currentConnections == 0 })
        #expect(try RawHTTP.request(port: port, path: "/healthz").status == 200)
    }

    @Test func queuedRequestsOfClientsThatLeftAreNotAnswered() throws {
        let gate = Gate()
        let server = makeServer(workers: 1, queueLimit: 8, gate: gate)
        let port = try server.start()
        defer { server.stop() }
        let running = Background { try? RawHTTP.request(port: port, method: "POST", path: "/block", timeoutSeconds: 60) }
        #expect(eventually { gate.entered.load(ordering: .relaxed) == 1 })
        for (index, leaves) in [(1, "closes"), (2, "resets")] {
            let c = try RawHTTPConnection(port: port)
            try c.send("POST /counted HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
            #expect(eventually { server.requestsInFlight == 1 + index })
            if leaves == "resets" {
                var linger = linger(l_onoff: 1, l_linger: 0)
                setsockopt(c.fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
            }
            c.shutdownBoth()
        }
        let waiting = Background { try? RawHTTP.request(port: port, method: "POST", path: "/counted", body: Array("x".utf8)) }
        #expect(eventually { server.requestsInFlight == 4 })
        gate.open()
        #expect(running.wait()??.status == 200)
        #expect(waiting.wait()??.bodyText == "counted")
        #expect(eventually { server.requestsInFlight == 0 && server.currentConnections == 0 })
        // Only the client that stayed got a worker's answer.
        #expect(gate.counted.load(ordering: .relaxed) == 1)
    }

    @Test func manyConcurrentRequests() throws {
        let server = makeServer(workers: 2, queueLimit: 64)
        let port = try server.start()
        defer { server.stop() }
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 32) { t in
            for i in 0..<10 {
                let body = Array("thread \(t) request \(i)".utf8)
                let r = try? RawHTTP.request(port: port, method: "POST", path: "/echo", body: body)
                if r?.status != 200 || r?.body != body { failures.add(1, ordering: .relaxed) }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(eventually { server.currentConnections == 0 })
    }

    @Test func networkThreadSeesWhetherTheWorkersHaveRoom() throws {
        let gate = Gate()
        let server = makeServer(workers: 1, queueLimit: 0, gate: gate)
        let port = try server.start()
        defer { server.stop() }
        #expect(try RawHTTP.request(port: port, method: "GET", path: "/room").header("X-Room") == "true")
        let blocked = Background { try? RawHTTP.request(port: port, method: "POST", path: "/block", timeoutSeconds: 60) }
        #expect(eventually { server.requestsInFlight == 1 })
        #expect(try RawHTTP.request(port: port, method: "GET", path: "/room").header("X-Room") == "false")
        gate.open()
        #expect(blocked.wait()??.status == 200)
        #expect(eventually { server.requestsInFlight == 0 })
        #expect(try RawHTTP.request(port: port, method: "GET", path: "/room").header("X-Room") == "true")
    }

    @Test func overloadedWhenWorkersAndQueueAreFull() throws {
        let gate = Gate()
        let server = makeServer(workers: 1, queueLimit: 1, gate: gate)
        let port = try server.start()
        defer { server.stop() }
        let first = Background { try? RawHTTP.request(port: port, method: "POST", path: "/block", timeoutSeconds: 60) }
        let second = Background { try? RawHTTP.request(port: port, method: "POST", path: "/block", timeoutSeconds: 60) }
        #expect(eventually { server.requestsInFlight == 2 })

        let third = try RawHTTP.request(port: port, method: "POST", path: "/block", timeoutSeconds: 60)
        #expect(third.status == 503)
        #expect(third.header("Retry-After") == "1")

        // A lightweight request is answered on the network thread meanwhile.
        let clock = ContinuousClock()
        let start = clock.now
        let health = try RawHTTP.request(port: port, path: "/healthz")
        #expect(health.status == 200)
        #expect(clock.now - start < .seconds(1))

        gate.open()
        #expect(first.wait()??.status == 200)
        #expect(second.wait()??.status == 200)
        #expect(second.wait()??.bodyText == "unblocked")
    }

    @Test func drainFinishesInFlightAndRefusesNewConnections() throws {
        let gate = Gate()
        let server = makeServer(workers: 1, gate: gate)
        let port = try server.start()
        let inflight = Background { try? RawHTTP.request(port: port, method: "POST", path: "/block", body: Array("x".utf8), timeoutSeconds: 60) }
        #expect(eventually { gate.entered.load(ordering: .relaxed) == 1 })

        let drained = Background { () -> Bool in
            server.drain(deadline: .seconds(10))
            return true
        }
        #expect(eventually { server.isDraining })
        usleep(50_000)
        // New connections are refused.
        var refused = false
        do { _ = try RawHTTPConnection(port: port) } catch RawHTTPError.connect(let e) { refused = e == ECONNREFUSED } catch {}
        #expect(refused)

        gate.open()
        let r = inflight.wait()
        #expect(r??.status == 200)
        #expect(r??.header("Connection")?.lowercased() == "close")
        #expect(drained.wait() == true)
        #expect(server.currentConnections == 0)
    }

    @Test func drainClosesKeepAliveConnectionsAfterTheirNextResponse() throws {
        let gate = Gate()
        let server = makeServer(workers: 1, gate: gate)
        let port = try server.start()
        let c = try RawHTTPConnection(port: port)
        try c.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try c.readResponse().header("Connection") == nil)
        // Something in flight keeps the drain going meanwhile.
        let inflight = Background { try? RawHTTP.request(port: port, method: "POST", path: "/block", timeoutSeconds: 60) }
        #expect(eventually { gate.entered.load(ordering: .relaxed) == 1 })
        let drained = Background { () -> Bool in server.drain(deadline: .seconds(10)); return true }
        #expect(eventually { server.isDraining })
        try c.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        let r = try c.readResponse()
        #expect(r.status == 200)
        #expect(r.header("Connection")?.lowercased() == "close")
        #expect(c.waitForClose())
        gate.open()
        #expect(inflight.wait()??.status == 200)
        #expect(drained.wait() == true)
    }

    @Test func drainDoesNotWaitForIdleKeepAliveConnections() throws {
        let server = makeServer(timeoutSeconds: 30)
        let port = try server.start()
        let c = try RawHTTPConnection(port: port)
        try c.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try c.readResponse().status == 200)
        #expect(server.currentConnections == 1)
        let clock = ContinuousClock()
        let start = clock.now
        server.drain(deadline: .seconds(10))
        #expect(clock.now - start < .seconds(2))
        #expect(c.waitForClose())
    }

    @Test func stopAnswersQueuedRequests() throws {
        let gate = Gate()
        let server = makeServer(workers: 1, queueLimit: 4, gate: gate)
        let port = try server.start()
        let running = Background { try? RawHTTP.request(port: port, method: "POST", path: "/block", timeoutSeconds: 60) }
        #expect(eventually { gate.entered.load(ordering: .relaxed) == 1 })
        let queued = Background { try? RawHTTP.request(port: port, method: "POST", path: "/block", timeoutSeconds: 60) }
        #expect(eventually { server.requestsInFlight == 2 })
        let stopped = Background { () -> Bool in server.stop(); return true }
        // stop() takes the queued request off the pool at once, then waits for the running one.
        #expect(eventually { server.isDraining && server.requestsInFlight == 1 })
        gate.open()
        #expect(stopped.wait() == true)
        #expect(running.wait()??.status == 200)
        #expect(queued.wait()??.status == 503)
    }

    /// An answer given before the daemon stops reaches its client whole: stopping closes every
    /// connection, and what the network thread had not yet sent was lost.
    @Test func stopLetsAnAnswerGivenReachItsClient() throws {
        let gate = Gate()
        let server = makeServer(workers: 1, gate: gate)
        let port = try server.start()
        let running = Background { try? RawHTTP.request(port: port, method: "POST", path: "/block-big", timeoutSeconds: 60) }
        #expect(eventually { gate.entered.load(ordering: .relaxed) == 1 })
        let stopped = Background { () -> Bool in server.stop(); return true }
        #expect(eventually { server.isDraining })
        gate.open()
        #expect(stopped.wait() == true)
        let response = running.wait() ?? nil
        #expect(response?.status == 200)
        #expect(response?.body.count == TestHandler.bigBody)
    }

    @Test(arguments: [false, true])
    func stopOrDrainUnderLoad(drain: Bool) throws {
        let server = makeServer(workers: 2, queueLimit: 2)
        let port = try server.start()
        let stopFlag = Atomic<Bool>(false)
        let okCount = Atomic<Int>(0)
        let clients = (0..<8).map { _ in
            Background { () -> Int in
                var statuses = 0
                while !stopFlag.load(ordering: .relaxed) {
                    if let r = try? RawHTTP.request(port: port, method: "POST", path: "/echo", body: Array("load".utf8)) {
                        #expect(r.status == 200 || r.status == 503)
                        if r.status == 200 { okCount.add(1, ordering: .relaxed) }
                        statuses += 1
                    }
                }
                return statuses
            }
        }
        #expect(eventually { okCount.load(ordering: .relaxed) > 50 })
        if drain { server.drain(deadline: .seconds(2)) } else { server.stop() }
        stopFlag.store(true, ordering: .relaxed)
        for c in clients { #expect(c.wait() != nil) }
        #expect(server.currentConnections == 0)
        #expect(server.requestsInFlight == 0)
    }

    /// Deep JSON decoding needs more than small default stacks: both MHD's threads and the
    /// workers get the configured size.
    @Test func threadsGetTheConfiguredStackSize() throws {
        let server = makeServer(stackSize: 12 << 20)  // above the usual 8 MiB default
        let port = try server.start()
        defer { server.stop() }
        let worker = try RawHTTP.request(port: port, path: "/stack")
        let network = try RawHTTP.request(port: port, path: "/healthz-stack")
        #expect((Int(worker.header("X-Stack") ?? "") ?? 0) >= 12 << 20)
        #expect((Int(network.header("X-Stack") ?? "") ?? 0) >= 12 << 20)
    }

    @Test func startOnATakenPortFails() throws {
        let a = makeServer()
        let port = try a.start()
        defer { a.stop() }
        let b = makeServer(port: port)
        #expect(throws: HTTPServerError.cannotStart("port \(port) on 127.0.0.1 is in use")) {
            _ = try b.start()
        }
        // The first server is unaffected.
        #expect(try RawHTTP.request(port: port, path: "/healthz").status == 200)
    }

    @Test func invalidResponsesAreMappedNotTrapped() throws {
        let server = makeServer()
        let port = try server.start()
        defer { server.stop() }
        #expect(try RawHTTP.request(port: port, path: "/badstatus").status == 500)
        let r = try RawHTTP.request(port: port, path: "/badheader")
        #expect(r.status == 200)
        #expect(r.header("X-Good") == "1")
        #expect(r.header("Injected") == nil)
        #expect(r.header("X-Bad") == nil)
        #expect(r.header("Content-Length") == "4")
        #expect(r.header("Transfer-Encoding") == nil)
        #expect(r.bodyText == "body")
    }

    @Test func startTwiceAndStopTwice() throws {
        let server = makeServer()
        _ = try server.start()
        #expect(throws: HTTPServerError.alreadyStarted) { _ = try server.start() }
        server.stop()
        server.stop()
        server.drain(deadline: .seconds(1))
        #expect(server.currentConnections == 0)
    }

    @Test func ipv6Loopback() throws {
        let server = makeServer(host: "::1")
        let port: Int
        do { port = try server.start() } catch {
            // No IPv6 on this machine: nothing to test.
            return
        }
        defer { server.stop() }
        let r = try RawHTTP.request(port: port, host: "::1", method: "POST", path: "/echo", body: Array("six".utf8))
        #expect(r.status == 200)
        #expect(r.bodyText == "six")
        #expect(r.header("X-Remote") == "::1")
    }

    @Test func oversizedHeadersAreRejectedByMHD() throws {
        let server = makeServer()
        let port = try server.start()
        defer { server.stop() }
        let big = String(repeating: "a", count: 70_000)
        let c = try RawHTTPConnection(port: port)
        try? c.send("GET /echo HTTP/1.1\r\nHost: x\r\nX-Big: \(big)\r\n\r\n")
        let r = try? c.readResponse()
        #expect(r == nil || r?.status == 431)
        #expect(eventually { server.currentConnections == 0 })
        #expect(try RawHTTP.request(port: port, path: "/healthz").status == 200)
    }

    @Test func idleConnectionsTimeOut() throws {
        let server = makeServer(timeoutSeconds: 1)
        let port = try server.start()
        defer { server.stop() }
        let c = try RawHTTPConnection(port: port)
        try c.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
        let clock = ContinuousClock()
        let start = clock.now
        #expect(c.waitForClose(timeoutMs: 4000))
        #expect(clock.now - start < .seconds(3))
        #expect(eventually { server.currentConnections == 0 })
    }

    /// A body declared larger than `LHS_EARLY_DISCARD_BYTES`, a chunked one, or one the client
    /// waits to be asked for (`Expect`) is not read after an early answer: the connection ends
    /// with the answer.
    @Test(arguments: [
        "Content-Length: \(Int(LHS_EARLY_DISCARD_BYTES) + 1)\r\n\r\nabc",
        "Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
        "Expect: 100-continue\r\nContent-Length: 0\r\n\r\n",
    ])
    func earlyAnswerBeforeABodyClosesTheConnection(rest: String) throws {
        let server = makeServer()
        let port = try server.start()
        defer { server.stop() }
        let c = try RawHTTPConnection(port: port)
        try c.send("POST /early HTTP/1.1\r\nHost: x\r\n" + rest)
        let r = try c.readResponse()
        #expect(r.status == 401)
        #expect(r.header("Connection")?.lowercased() == "close")
        #expect(c.waitForClose())
    }

    /// A body of up to `LHS_EARLY_DISCARD_BYTES` is read and dropped before the early answer
    /// leaves: the connection serves the next request.
    @Test func earlyAnswerAfterASmallBodyKeepsTheConnection() throws {
        let server = makeServer()
        let port = try server.start()
        defer { server.stop() }
        let c = try RawHTTPConnection(port: port)
        for size in [3, Int(LHS_EARLY_DISCARD_BYTES)] {
            try c.send("POST /early HTTP/1.1\r\nHost: x\r\nContent-Length: \(size)\r\n\r\n")
            try c.send([UInt8](repeating: UInt8(ascii: "z"), count: size))
            let r = try c.readResponse()
            #expect(r.status == 401)
            #expect(r.header("Connection") == nil)
            try c.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nok")
            let echo = try c.readResponse()
            #expect(echo.status == 200)
            #expect(echo.bodyText == "ok")
        }
    }

    @Test func earlyAnswerForABodylessRequest() throws {
        let server = makeServer()
        let port = try server.start()
        defer { server.stop() }
        let c = try RawHTTPConnection(port: port)
        try c.send("GET /missing HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        let missing = try c.readResponse()
        #expect(missing.status == 404)
        // Nothing to skip, so the connection stays open: the pipelined request is answered too.
        #expect(missing.header("Connection") == nil)
        #expect(try c.readResponse().status == 200)
        try c.send("OPTIONS /early HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        #expect(try c.readResponse().status == 401)
        try c.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try c.readResponse().status == 200)
    }

    /// Malformed input is MHD's to reject (400/413/414/431/505) or to drop; whatever it does,
    /// the server must neither crash nor leak the connection, and must keep serving.
    @Test func malformedRequestsNeverCrash() throws {
        let server = makeServer(timeoutSeconds: 1)
        let port = try server.start()
        defer { server.stop() }
        let cases: [[UInt8]] = [
            Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 12abc\r\n\r\n".utf8),
            Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n".utf8),
            Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n".utf8),
            Array("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd".utf8),
            Array("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n".utf8),
            Array("GET /echo HTTP/2.0\r\nHost: x\r\n\r\n".utf8),
            Array("GET /echo HTTP/1.1\r\nHost: x\r\nX-Nul: a".utf8) + [0] + Array("b\r\n\r\n".utf8),
            Array("GET /echo HTTP/1.1\r\nHost: x\r\nX-Fold: a\r\n  folded\r\n\r\n".utf8),
            Array("GET /\(String(repeating: "a", count: 70_000)) HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            Array("GET /%00%ff%zz?%00=%ff HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            Array("\u{1}\u{2}\u{3} garbage \r\n\r\n".utf8),
            (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) },
            Array("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\nabc".utf8),
        ]
        let statuses = ConditionLock<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: cases.count) { i in
            guard let c = try? RawHTTPConnection(port: port, timeoutSeconds: 3) else { return }
            try? c.send(cases[i])
            let status = (try? c.readResponse())?.status ?? -1  // -1: closed without a response
            statuses.withLock { $0.append(status) }
        }
        for status in statuses.withLock({ $0 }) {
            #expect(status == -1 || (200..<600).contains(status))
        }
        #expect(eventually { server.currentConnections == 0 })
        #expect(try RawHTTP.request(port: port, path: "/healthz").status == 200)
    }

    @Test func mhdMessagesAreLeveledByCause() {
        #expect(mhdLogLevel("Error processing request (HTTP response code is 400 ('x')). Closing connection.") == .debug)
        #expect(mhdLogLevel("Application reported internal error, closing connection.") == .debug)
        #expect(mhdLogLevel("Failed to create a new thread because it would have exceeded the system limit on the number of threads or no system resources available.") == .warning)
        #expect(mhdLogLevel("Call to epoll_wait failed: Bad file descriptor") == .warning)
    }

    @Test func headHelpers() {
        let head = HTTPRequestHead(method: "GET", path: "/", query: "a=1&b=x%20y&c&a=2&d=%zz+",
                                   headers: [("Content-Type", "a"), ("content-type", "b")])
        #expect(head.header("CONTENT-TYPE") == "a")
        #expect(head.headers.map(\.name) == ["content-type", "content-type"])
        #expect(head.queryItem("a") == "1")
        #expect(head.queryItem("b") == "x y")
        #expect(head.queryItem("c") == "")
        #expect(head.queryItem("d") == "%zz ")
        #expect(head.queryItem("e") == nil)
    }
}
