import HTTPTestSupport
import Testing

@testable import HTTPServer

/// `maxBodyMemoryBytes`: the request and response bodies held at once, all connections
/// together. A request body's buffer grows by doubling from 16 KiB up to the body limit (here
/// 40,000 bytes: 30,000 bytes of a body hold 32 KiB, a whole body 40,000 bytes) and is freed once
/// the response is sent; a response body counts until it is sent. `/length` answers with the
/// body's length and no body, so that only the requests' bodies count.
@Suite struct BodyMemoryTests {
    static func post(_ length: Int) -> String {
        "POST /length HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n"
    }

    @Test func aBodyThatWouldPassTheBudgetIsTurnedAway() throws {
        let server = makeServer(maxBody: 40_000, maxBodyMemory: 64 << 10)
        let port = try server.start()
        defer { server.stop() }
        // A client halfway through a 40,000-byte body holds 32 KiB.
        let slow = try RawHTTPConnection(port: port)
        try slow.send(Self.post(40_000) + String(repeating: "a", count: 30_000))
        #expect(eventually { server.bodyMemoryBytes == 32 << 10 })
        // Another whole body would take the 64 KiB budget past it: 503, and nothing of it kept.
        let refused = try RawHTTP.request(port: port, method: "POST", path: "/length", body: Array(repeating: 98, count: 40_000))
        #expect(refused.status == 503)
        #expect(server.bodyMemoryBytes == 32 << 10)
        // The first one completes; its buffer is freed, and a whole body fits again.
        try slow.send(String(repeating: "a", count: 10_000))
        let first = try slow.readResponse()
        #expect(first.status == 200)
        #expect(first.header("X-Body-Length") == "40000")
        #expect(eventually { server.bodyMemoryBytes == 0 })
        let again = try RawHTTP.request(port: port, method: "POST", path: "/length", body: Array(repeating: 99, count: 40_000))
        #expect(again.status == 200)
        #expect(again.header("X-Body-Length") == "40000")
    }

    @Test func aBodyCountsUntilItsAnswerIsSent() throws {
        let gate = Gate()
        let server = makeServer(workers: 1, queueLimit: 1, maxBody: 40_000, maxBodyMemory: 64 << 10, gate: gate)
        let port = try server.start()
        defer { server.stop() }
        let blocked = Background {
            try? RawHTTP.request(port: port, method: "POST", path: "/block", body: Array(repeating: 97, count: 40_000), timeoutSeconds: 60)
        }
        #expect(eventually { gate.entered.load(ordering: .relaxed) == 1 })
        // Its request is with a worker: its 40,000 bytes still count, and another such body
        // (one that would be answered on the network thread) would pass the budget.
        #expect(server.bodyMemoryBytes == 40_000)
        let meanwhile = try RawHTTP.request(port: port, method: "POST", path: "/healthz", body: Array(repeating: 98, count: 40_000))
        #expect(meanwhile.status == 503)
        gate.open()
        #expect(blocked.wait()??.status == 200)
        #expect(eventually { server.bodyMemoryBytes == 0 })
        #expect(try RawHTTP.request(port: port, method: "POST", path: "/healthz", body: Array(repeating: 99, count: 40_000)).status == 200)
    }

    @Test func anAnswerCountsUntilItIsSent() throws {
        let big = TestHandler.biggerBody
        let server = makeServer(maxBodyMemory: big)
        let port = try server.start()
        defer { server.stop() }
        // A client that asks for a 32 MiB answer and does not read it: the socket buffers take
        // part of it, the server holds the whole answer until it is sent.
        let reader = try RawHTTPConnection(port: port, timeoutSeconds: 30)
        try reader.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(eventually { server.responseMemoryBytes == big })
        // A second such answer would pass the budget: replaced by a 503, and not kept.
        let refused = try RawHTTP.request(port: port, path: "/big")
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        // (The 503's own few bytes count too, until its connection completes.)
        #expect(eventually { server.responseMemoryBytes == big })
        // The budget is full, but answers up to 64 KiB are still sent (and counted meanwhile).
        #expect(try RawHTTP.request(port: port, path: "/healthz").status == 200)
        // Once the first answer is read, its bytes are given back, and a second one fits.
        let first = try reader.readResponse()
        #expect(first.status == 200)
        #expect(first.body.count == big)
        #expect(eventually { server.responseMemoryBytes == 0 })
        let again = try RawHTTP.request(port: port, path: "/big", timeoutSeconds: 30)
        #expect(again.status == 200)
        #expect(again.body.count == big)
        #expect(eventually { server.responseMemoryBytes == 0 })
    }
}
