import Foundation
import Testing

@testable import layoutd

/// `LogBuffer` writing into a pipe: what the reading end can read, and when.
@Suite struct LogBufferTests {
    /// A pipe whose write end a buffer writes to.
    final class Pipe {
        let read: Int32
        let write: Int32

        init() {
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0)
            (read, write) = (ends[0], ends[1])
        }

        deinit {
            close(read)
            close(write)
        }

        /// What the pipe holds once it is readable within `timeout` ms ("" if it is not).
        func available(within timeout: Int32 = 0) -> String {
            var poller = pollfd(fd: read, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, timeout) == 1 else { return "" }
            var bytes = [UInt8](repeating: 0, count: 1 << 16)
            let count = Glibc.read(read, &bytes, bytes.count)
            return String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
        }
    }

    /// Appends `text` to `buffer` as a line.
    func append(_ text: String, to buffer: LogBuffer, urgent: Bool = false) {
        Array(text.utf8).withUnsafeBytes { buffer.append(line: $0, urgent: urgent) }
    }

    /// A pipe and a buffer writing to it (by default one that waits a minute before a write,
    /// with the buffer's own capacity).
    func buffered(delay: Duration = .seconds(60), capacity: Int? = nil) -> (Pipe, LogBuffer) {
        let pipe = Pipe()
        let buffer = capacity.map { LogBuffer(descriptor: pipe.write, delay: delay, capacity: $0) }
            ?? LogBuffer(descriptor: pipe.write, delay: delay)
        return (pipe, buffer)
    }

    @Test func aLineBelowNoticeWaitsUntilFlushed() {
        let (pipe, buffer) = buffered()
        append("a", to: buffer)
        append("b", to: buffer)
        #expect(pipe.available() == "")
        buffer.flush()
        #expect(pipe.available() == "a\nb\n")
        buffer.flush()
        #expect(pipe.available() == "")
    }

    @Test func anUrgentLineIsWrittenAtOnceAfterTheLinesBeforeIt() {
        let (pipe, buffer) = buffered()
        append("request 1", to: buffer)
        append("stopped", to: buffer, urgent: true)
        #expect(pipe.available() == "request 1\nstopped\n")
    }

    @Test func linesPastTheCapacityAreWrittenAtOnce() {
        let (pipe, buffer) = buffered(capacity: 10)
        append("12345", to: buffer)
        #expect(pipe.available() == "")
        append("67890", to: buffer)
        #expect(pipe.available() == "12345\n67890\n")
    }

    @Test func waitingLinesAreWrittenAfterTheDelay() {
        let (pipe, buffer) = buffered(delay: .milliseconds(50))
        append("a", to: buffer)
        #expect(pipe.available() == "")
        #expect(pipe.available(within: 5_000) == "a\n")
        // A later line starts a batch of its own.
        append("b", to: buffer)
        #expect(pipe.available(within: 5_000) == "b\n")
    }

    @Test func linesFromManyThreadsAreWrittenWhole() async {
        let (pipe, buffer) = buffered(capacity: 4096)
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for n in 0..<100 { append("\(thread)-\(n)", to: buffer) }
                }
            }
        }
        buffer.flush()
        var text = ""
        while case let more = pipe.available(within: 100), !more.isEmpty { text += more }
        let lines = text.split(separator: "\n")
        #expect(lines.count == 400)
        #expect(Set(lines).count == 400)
        for thread in 0..<4 {
            let own = lines.filter { $0.hasPrefix("\(thread)-") }
            #expect(own == (0..<100).map { "\(thread)-\($0)"[...] })
        }
    }
}
