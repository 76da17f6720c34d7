import JSON
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// One JSON object per line on standard error:
/// `{"ts":"2026-11-22T05:04:00.123Z","level":"info","label":"layoutd","message":"request","status":"200",…}`.
/// Lines below `notice` (the access log) are written in batches (``LogBuffer``).
struct JSONLogHandler: LogHandler {
    let label: String
    var output = LogBuffer.standardError
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        // The handler's own metadata is usually empty: merge only when both have some.
        let merged = metadata.isEmpty ? event.metadata ?? [:]
            : event.metadata.map { metadata.merging($0) { $1 } } ?? metadata
        Self.writeLine(level: event.level, label: label, message: event.message.description, to: output) { writer in
            for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
                writer.key(key)
                writer.string(Self.text(value))
            }
        }
    }

    /// Writes one line to `output`: `ts`, `level`, `label` and `message`, then the members
    /// `fields` writes. A line at `notice` or above is written at once.
    static func writeLine(level: Logger.Level, label: String, message: String, to output: LogBuffer, fields: (inout JSONWriter) -> Void) {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key(literal: "ts"); writer.string(timestamp())
        writer.key(literal: "level"); writer.string(level.rawValue)
        writer.key(literal: "label"); writer.string(label)
        writer.key(literal: "message"); writer.string(message)
        fields(&writer)
        writer.endObject()
        writer.withUnsafeBytes { output.append(line: $0, urgent: level >= .notice) }
    }

    /// A metadata value as text: strings as they are, the rest as `"\(value)"` prints them.
    private static func text(_ value: Logger.MetadataValue) -> String {
        switch value {
        case .string(let text): return text
        case .stringConvertible(let convertible): return convertible.description
        case .array, .dictionary: return "\(value)"
        }
    }

    /// UTC time, ISO 8601 with milliseconds (`2026-11-22T05:04:00.123Z`), written digit by digit.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        return String(unsafeUninitializedCapacity: 32) { out in
            var at = 0
            // Zero-padded to `width` digits (more if the value needs them), then `after`.
            func put(_ value: Int, _ width: Int, _ after: Unicode.Scalar) {
                var value = max(0, value)
                var digits = 1
                var rest = value / 10
                while rest > 0 { digits += 1; rest /= 10 }
                for i in stride(from: at + max(width, digits) - 1, through: at, by: -1) {
                    out[i] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                at += max(width, digits)
                out[at] = UInt8(ascii: after)
                at += 1
            }
            put(Int(parts.tm_year) + 1900, 4, "-")
            put(Int(parts.tm_mon) + 1, 2, "-")
            put(Int(parts.tm_mday), 2, "T")
            put(Int(parts.tm_hour), 2, ":")
            put(Int(parts.tm_min), 2, ":")
            put(Int(parts.tm_sec), 2, ".")
            put(now.tv_nsec / 1_000_000, 3, "Z")
            return at
        }
    }
}
