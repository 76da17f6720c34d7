import HTTPTestSupport
import InMemoryLogging
import Logging
import Testing

@testable import HTTPServer

/// Refused connections: each is counted through the handler, and logged at most once per 10 s
/// (and those held back, once more when the server stops).
@Suite struct RefusalLogTests {
    @Test func firstRefusalAtOnceThenOneLinePerInterval() {
        var log = RefusalLog(interval: .seconds(10))
        let start = ContinuousClock.now
        #expect(log.refused(at: start) == 1)
        #expect(log.refused(at: start + .seconds(1)) == nil)
        #expect(log.refused(at: start + .milliseconds(9_999)) == nil)
        // Ten seconds after the last line: this refusal and the two held back.
        #expect(log.refused(at: start + .seconds(10)) == 3)
        #expect(log.refused(at: start + .seconds(15)) == nil)
        #expect(log.refused(at: start + .seconds(25)) == 2)
    }

    @Test func theRefusalsHeldBackAreTakenOnce() {
        var log = RefusalLog(interval: .seconds(10))
        let start = ContinuousClock.now
        #expect(log.takeHeldBack() == nil)
        #expect(log.refused(at: start) == 1)
        #expect(log.takeHeldBack() == nil)
        #expect(log.refused(at: start + .seconds(1)) == nil)
        #expect(log.refused(at: start + .seconds(2)) == nil)
        #expect(log.takeHeldBack() == 2)
        #expect(log.takeHeldBack() == nil)
    }

    @Test func refusedConnectionsAreCountedAndLoggedOnce() throws {
        let captured = InMemoryLogHandler()
        var logger = Logger(label: "test.refusals") { _ in captured }
        logger.logLevel = .trace
        let gate = Gate()
        let server = makeServer(perIPLimit: 1, gate: gate, logger: logger)
        let port = try server.start()
        var stopped = false
        defer { if !stopped { server.stop() } }
        let held = try RawHTTPConnection(port: port)
        #expect(eventually { server.currentConnections == 1 })
        for _ in 0..<30 {
            let refused = try RawHTTPConnection(port: port)
            #expect(refused.waitForClose())
        }
        #expect(eventually { gate.refused.load(ordering: .relaxed) == 30 })
        let lines = captured.entries.filter { $0.message.description.hasPrefix("Server reached connection limit") }
        #expect(lines.count == 1)
        #expect(lines.first?.level == .notice)
        #expect(lines.first?.metadata["refused"] == "1")
        _ = held
        // The 29 held back get their line when the server stops.
        server.stop()
        stopped = true
        let all = captured.entries.filter { $0.message.description.hasPrefix("Server reached connection limit") }
        #expect(all.map { $0.metadata["refused"] } == ["1", "29"])
    }
}
