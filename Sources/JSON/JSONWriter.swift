/// Builds compact or pretty-printed JSON into a byte buffer.
///
/// Commas (and, when pretty, newlines and indentation) are inserted automatically.
/// Inside an object, call ``key(_:)`` before each value. Misuse (a value without a key
/// in an object, unbalanced ends) produces invalid JSON but never traps.
public struct JSONWriter: Sendable {
    private var buffer = OutputBuffer(capacity: 256)
    private let pretty: Bool
    /// Open containers.
    private var depth = 0
    /// Whether the innermost open container already has an element or member.
    private var currentHasElements = false
    /// The same flag for the enclosing containers, outermost first.
    private var outerHasElements: [Bool] = []
    /// A key was just written, so the next value follows it directly.
    private var afterKey = false

    /// Creates a writer; `pretty` gives 2-space indentation, `": "` and newlines.
    public init(pretty: Bool = false) {
        self.pretty = pretty
    }

    /// The JSON written so far (a fresh array on each call).
    public var bytes: [UInt8] {
        buffer.bytes
    }

    /// Opens an object.
    public mutating func beginObject() {
        beginContainer(ASCII.openBrace)
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        endContainer(ASCII.closeBrace)
    }

    /// Opens an array.
    public mutating func beginArray() {
        beginContainer(ASCII.openBracket)
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        endContainer(ASCII.closeBracket)
    }

    /// Writes an object key; the next call writes its value.
    public mutating func key(_ key: String) {
        var key = key
        key.withUTF8 { utf8 in
            let pretty = self.pretty
            write(isKey: true, capacity: Self.quotedCapacity(utf8) + 2) { p in
                var n = Self.writeQuoted(utf8, to: p)
                p[n] = ASCII.colon
                n += 1
                if pretty {
                    p[n] = ASCII.space
                    n += 1
                }
                return n
            }
        }
        afterKey = true
    }

    /// Writes an escaped string value.
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            write(capacity: Self.quotedCapacity(utf8)) { Self.writeQuoted(utf8, to: $0) }
        }
    }

    /// Writes an array of escaped strings.
    public mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// Writes the shortest text that round-trips `value`: integral values below 1e15 in
    /// magnitude without a fraction (`120`, `-8`), `-0` as `0`, non-finite values as `null`.
    public mutating func number(_ value: Double) {
        write(capacity: Self.maxDoubleLength) { Self.writeDouble(value, to: $0) }
    }

    /// The text ``number(_:)-(Double)`` writes for `value` (`87.5`, `120`, `null` when not finite),
    /// for other formats that want the same shortest round-trip numbers.
    public static func numberText(_ value: Double) -> String {
        var bytes = [UInt8](repeating: 0, count: maxDoubleLength)
        let length = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { writeDouble(value, to: $0) } ?? 0
        }
        return String(decoding: bytes[..<length], as: UTF8.self)
    }

    /// Writes an integer.
    public mutating func number(_ value: Int) {
        write(capacity: 20) { Self.writeInteger(value, to: $0) }
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        write(capacity: 5) { Self.writeLiteral(value ? "true" : "false", to: $0) }
    }

    /// Writes `null`.
    public mutating func null() {
        write(capacity: 4) { Self.writeLiteral("null", to: $0) }
    }

    /// Splices already-serialized JSON in as one value (it is not validated).
    public mutating func raw(_ json: [UInt8]) {
        json.withUnsafeBufferPointer { json in
            write(capacity: json.count) { p in
                if let source = json.baseAddress {
                    p.update(from: source, count: json.count)
                }
                return json.count
            }
        }
    }

    /// Writes the separator due before a value (or key), then `body`'s bytes, which
    /// must number at most `capacity`; `body` returns how many it wrote.
    @inline(__always)
    private mutating func write(isKey: Bool = false, capacity: Int,
                                _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        let p = buffer.reserve(capacity + (pretty ? 2 + 2 * depth : 1))
        var n = 0
        if afterKey && !isKey {
            afterKey = false
        } else if depth > 0 {
            if currentHasElements {
                p[n] = ASCII.comma
                n += 1
            } else {
                currentHasElements = true
            }
            if pretty {
                n += Self.writeNewline(indent: depth, to: p + n)
            }
        }
        n += body(p + n)
        buffer.commit(n)
    }

    private mutating func beginContainer(_ opener: UInt8) {
        write(capacity: 1) { p in
            p[0] = opener
            return 1
        }
        if depth > 0 {
            outerHasElements.append(currentHasElements)
        }
        depth += 1
        currentHasElements = false
    }

    private mutating func endContainer(_ closer: UInt8) {
        let hadElements = currentHasElements
        if depth > 0 {
            depth -= 1
            currentHasElements = outerHasElements.popLast() ?? false
        }
        let indented = pretty && hadElements
        let p = buffer.reserve(2 + 2 * depth)
        let n = indented ? Self.writeNewline(indent: depth, to: p) : 0
        p[n] = closer
        buffer.commit(n + 1)
    }

    private static func writeNewline(indent: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = ASCII.newline
        (p + 1).update(repeating: ASCII.space, count: 2 * indent)
        return 1 + 2 * indent
    }

    private static func writeLiteral(_ word: StaticString, to p: UnsafeMutablePointer<UInt8>) -> Int {
        p.update(from: word.utf8Start, count: word.utf8CodeUnitCount)
        return word.utf8CodeUnitCount
    }
}
