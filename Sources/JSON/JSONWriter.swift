/// Builds compact or pretty-printed JSON into a byte buffer.
///
/// Commas (and, when pretty, newlines and indentation) are inserted automatically.
/// Inside an object, call ``key(_:)`` before each value. Misuse (a value without a key
/// in an object, unbalanced ends) produces invalid JSON but never traps.
public struct JSONWriter: Sendable {
    private var buffer: OutputBuffer
    private let pretty: Bool
    /// Open containers.
    private var depth = 0
    /// Whether the innermost open container already has an element or member.
    private var currentHasElements = false
    /// The same flag for the enclosing containers, the innermost in bit 0: a stack of bits, whose
    /// flags past the 64 innermost move to `deeperHasElements` (outermost first).
    private var outerHasElements: UInt64 = 0
    private var deeperHasElements: [Bool] = []
    /// A key was just written, so the next value follows it directly.
    private var afterKey = false

    /// Creates a writer; `pretty` gives 2-space indentation, `": "` and newlines. `capacity`:
    /// the bytes expected, so that a writer that knows its output's size does not regrow.
    public init(pretty: Bool = false, capacity: Int = 256) {
        self.pretty = pretty
        buffer = OutputBuffer(capacity: capacity)
    }

    /// The JSON written so far (a fresh array on each call).
    public var bytes: [UInt8] {
        buffer.bytes
    }

    /// Calls `body` with the JSON written so far, in place (no copy is made).
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try buffer.withUnsafeBytes(body)
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
        // A native string's bytes are read in place; only a bridged one is made contiguous first.
        if key.utf8.withContiguousStorageIfAvailable({ writeKey($0) }) == nil {
            var key = key
            key.withUTF8 { writeKey($0) }
        }
    }

    /// Writes an object key given as a literal that needs no escaping (`key(literal: "width")`):
    /// its bytes are copied as they are, without making a String of them or looking for
    /// characters to escape.
    public mutating func key(literal key: StaticString) {
        let pretty = self.pretty
        key.withUTF8Buffer { utf8 in
            write(isKey: true, capacity: utf8.count + 4) { Self.writeLiteralKey(utf8, pretty: pretty, to: $0) }
        }
        afterKey = true
    }

    /// Writes a member whose key is a literal that needs no escaping, as `key(literal:)` then
    /// `number(_:)` would, in one step: `member("width", number: 375)`.
    public mutating func member(_ key: StaticString, number value: Double) {
        // A key of two or more characters is a pointer to its bytes: written without a closure.
        if key.hasPointerRepresentation {
            writeMember(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount), value)
        } else {
            key.withUTF8Buffer { writeMember($0, value) }
        }
    }

    @inline(__always)
    private mutating func writeMember(_ key: UnsafeBufferPointer<UInt8>, _ value: Double) {
        let pretty = self.pretty
        write(isKey: true, capacity: key.count + 4 + Self.maxDoubleLength) { p in
            let n = Self.writeLiteralKey(key, pretty: pretty, to: p)
            return n + Self.writeDouble(value, to: p + n)
        }
    }

    /// `"key":` (`"key": ` when pretty) for a key that needs no escaping; returns the length.
    @inline(__always)
    private static func writeLiteralKey(_ utf8: UnsafeBufferPointer<UInt8>, pretty: Bool, to p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = ASCII.quote
        var n = 1
        if let base = utf8.baseAddress {
            for i in 0..<utf8.count { p[n + i] = base[i] }
            n += utf8.count
        }
        p[n] = ASCII.quote
        p[n + 1] = ASCII.colon
        n += 2
        if pretty {
            p[n] = ASCII.space
            n += 1
        }
        return n
    }

    private mutating func writeKey(_ utf8: UnsafeBufferPointer<UInt8>) {
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
        afterKey = true
    }

    /// Writes an escaped string value.
    public mutating func string(_ value: String) {
        if value.utf8.withContiguousStorageIfAvailable({ writeString($0) }) == nil {
            var value = value
            value.withUTF8 { writeString($0) }
        }
    }

    private mutating func writeString(_ utf8: UnsafeBufferPointer<UInt8>) {
        write(capacity: Self.quotedCapacity(utf8)) { Self.writeQuoted(utf8, to: $0) }
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
            // depth - 1 flags are stacked already.
            if depth > 64 { deeperHasElements.append(outerHasElements >> 63 != 0) }
            outerHasElements = outerHasElements << 1 | (currentHasElements ? 1 : 0)
        }
        depth += 1
        currentHasElements = false
    }

    private mutating func endContainer(_ closer: UInt8) {
        let hadElements = currentHasElements
        if depth > 0 {
            depth -= 1
            // depth flags were stacked (none at depth 0, where this reads false).
            currentHasElements = outerHasElements & 1 != 0
            outerHasElements >>= 1
            if depth > 64, let deeper = deeperHasElements.popLast() {
                outerHasElements |= deeper ? 1 << 63 : 0
            }
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
