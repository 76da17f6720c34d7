import LayoutService
import Logging
import Testing

@testable import layoutd

/// The JSON log lines: the handler's, and the access log's written without swift-log.
@Suite struct JSONLogTests {
    /// `JSONAccessLog` writes, but for the time, the line `JSONLogHandler` writes for the same
    /// entry logged through `LoggerAccessLog` (the service's default), escapes included.
    @Test func theAccessLogWritesTheLineTheHandlerWrites() {
        let pipe = LogBufferTests.Pipe()
        let buffer = LogBuffer(descriptor: pipe.write, delay: .seconds(60))
        let entry = AccessLogEntry(method: "POST", path: #"/solve?"q"=1"#, status: 422, duration: .microseconds(1500),
                                   requestID: #"id\1"#, remoteAddress: "::1")
        JSONAccessLog(label: "layoutd", output: buffer).record(entry)
        let logger = Logger(label: "layoutd") { label in
            var handler = JSONLogHandler(label: label)
            handler.output = buffer
            return handler
        }
        LoggerAccessLog(logger: logger).record(entry)
        buffer.flush()
        let lines = pipe.available(within: 1_000).split(separator: "\n").map { $0.replacing(/"ts":"[^"]*",/, with: "") }
        #expect(lines.count == 2)
        #expect(lines.first == #"{"level":"info","label":"layoutd","message":"request","method":"POST","ms":"1.5","path":"/solve?\"q\"=1","remote":"::1","request_id":"id\\1","status":"422"}"#)
        #expect(lines.first == lines.last)
    }

    @Test func timesAreUTCToTheMillisecond() {
        #expect(JSONLogHandler.timestamp().wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil)
    }
}
