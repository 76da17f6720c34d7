import JSON
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// One JSON object per line on standard error:
/// `{"ts":"2026-11-22T05:04:00.123Z","level":"info","label":"layoutd","message":"request","status":"200",…}`.
struct JSONLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("ts"); writer.string(Self.timestamp())
        writer.key("level"); writer.string(event.level.rawValue)
        writer.key("label"); writer.string(label)
        writer.key("message"); writer.string(event.message.description)
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        for key in merged.keys.sorted() {
            writer.key(key)
            writer.string(merged[key].map { "\($0)" } ?? "")
        }
        writer.endObject()
        var line = writer.bytes
        line.append(UInt8(ascii: "\n"))
        line.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDERR_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// UTC time, ISO 8601 with milliseconds.
    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(now.tv_nsec / 1_000_000), 3))Z"
    }
}
