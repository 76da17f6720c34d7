/// Builds compact or pretty-printed JSON into a byte buffer.
///
/// Commas (and, when pretty, newlines and indentation) are inserted automatically.
/// Inside an object, call ``key(_:)`` before each value.
public struct JSONWriter: Sendable {
    /// The JSON written so far.
    public var bytes: [UInt8] { output }

    var output: [UInt8] = []

    private let pretty: Bool
    /// For each open container: whether it already has an element or member.
    private var hasElements: [Bool] = []
    /// A key was just written, so the next value follows it directly.
    private var afterKey = false

    /// Creates a writer; `pretty` gives 2-space indentation, `": "` and newlines.
    public init(pretty: Bool = false) {
        self.pretty = pretty
        output.reserveCapacity(256)
    }

    /// Opens an object.
    public mutating func beginObject() {
        beforeValue()
        output.append(ASCII.openBrace)
        hasElements.append(false)
    }

    /// Closes the innermost object.
    public mutating func endObject() {
        endContainer(ASCII.closeBrace)
    }

    /// Opens an array.
    public mutating func beginArray() {
        beforeValue()
        output.append(ASCII.openBracket)
        hasElements.append(false)
    }

    /// Closes the innermost array.
    public mutating func endArray() {
        endContainer(ASCII.closeBracket)
    }

    /// Writes an object key; the next call writes its value.
    public mutating func key(_ key: String) {
        startElement()
        writeString(key)
        output.append(ASCII.colon)
        if pretty {
            output.append(ASCII.space)
        }
        afterKey = true
    }

    /// Writes an escaped string value.
    public mutating func string(_ value: String) {
        beforeValue()
        writeString(value)
    }

    /// Writes the shortest text that round-trips `value`: integral values below 1e15 in
    /// magnitude without a fraction (`120`, `-8`), `-0` as `0`, non-finite values as `null`.
    public mutating func number(_ value: Double) {
        beforeValue()
        writeNumber(value)
    }

    /// Writes an integer.
    public mutating func number(_ value: Int) {
        beforeValue()
        writeInteger(value)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        beforeValue()
        output.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
    }

    /// Writes `null`.
    public mutating func null() {
        beforeValue()
        output.append(contentsOf: Self.nullBytes)
    }

    /// Splices already-serialized JSON in as one value (it is not validated).
    public mutating func raw(_ json: [UInt8]) {
        beforeValue()
        output.append(contentsOf: json)
    }

    static let trueBytes: [UInt8] = Array("true".utf8)
    static let falseBytes: [UInt8] = Array("false".utf8)
    static let nullBytes: [UInt8] = Array("null".utf8)

    private mutating func beforeValue() {
        if afterKey {
            afterKey = false
        } else {
            startElement()
        }
    }

    /// Writes the separator before a new element or member of the innermost container.
    private mutating func startElement() {
        guard let hasPrevious = hasElements.last else { return }
        if hasPrevious {
            output.append(ASCII.comma)
        } else {
            hasElements[hasElements.count - 1] = true
        }
        if pretty {
            newline(indent: hasElements.count)
        }
    }

    private mutating func endContainer(_ closer: UInt8) {
        let hadElements = hasElements.popLast() ?? false
        if pretty && hadElements {
            newline(indent: hasElements.count)
        }
        output.append(closer)
    }

    private mutating func newline(indent: Int) {
        output.append(ASCII.newline)
        output.append(contentsOf: repeatElement(ASCII.space, count: 2 * indent))
    }
}
