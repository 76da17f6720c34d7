/// A violation of RFC 8259 (or of this reader's stricter rules), with its position.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Byte offset of the offending byte (the input's length when the input ended too early).
    public var offset: Int
    /// 1-based line of ``offset`` (lines are separated by `\n`).
    public var line: Int
    /// 1-based column of ``offset``, counted in bytes.
    public var column: Int
    /// What was wrong, e.g. `expected ',' or '}' after an object member`.
    public var message: String
    /// RFC 6901 pointer of the container in which parsing failed (`""` for the root).
    public var pointer: String

    /// Creates an error; ``line`` and ``column`` are derived from `offset` within `bytes`.
    init(offset: Int, message: String, pointer: String, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var lineStart = 0
        let end = min(max(offset, 0), bytes.count)
        var i = 0
        while i < end {
            if bytes[i] == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        self.offset = offset
        self.line = line
        self.column = offset - lineStart + 1
        self.message = message
        self.pointer = pointer
    }

    /// `line L, column C: message`.
    public var description: String {
        "line \(line), column \(column): \(message)"
    }
}
