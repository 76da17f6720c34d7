/// The kind of a tape entry, stored in the low bits of ``TapeEntry/header``.
@usableFromInline
enum TapeKind: UInt32 {
    case null = 0
    case `false` = 1
    case `true` = 2
    case number = 3
    case string = 4
    case array = 5
    case object = 6
}

/// One parsed value in the flat, pre-order tape of a document.
///
/// Containers are followed by their descendants; objects alternate key (a string entry)
/// and value. `next` is the tape index just past the value's subtree, so whole subtrees
/// are skipped in O(1).
@usableFromInline
struct TapeEntry: Sendable {
    /// Low 3 bits: ``TapeKind``; ``TapeEntry/escapedFlag``: a string containing escapes.
    @usableFromInline var header: UInt32
    /// Byte offset where the value starts (the opening quote for strings).
    @usableFromInline var offset: UInt32
    /// Strings: content bytes between the quotes; numbers: literal bytes; containers: element or member count.
    @usableFromInline var length: UInt32
    /// Tape index just past this value's subtree.
    @usableFromInline var next: UInt32

    @inlinable static var kindMask: UInt32 { 0b111 }
    @inlinable static var escapedFlag: UInt32 { 0b1000 }

    @inlinable @inline(__always)
    var kind: TapeKind {
        // Every header is written from a TapeKind, so the fallback is unreachable.
        TapeKind(rawValue: header & Self.kindMask) ?? .null
    }

    @inlinable @inline(__always)
    var hasEscapes: Bool { header & Self.escapedFlag != 0 }

    /// Whether this is a string without escapes, whose content is its bytes in the document: the
    /// header of such an entry is the string kind alone.
    @inlinable
    var isPlainString: Bool { header == TapeKind.string.rawValue }

    /// Byte range of a string's content (between the quotes) or of a number's literal.
    @inline(__always)
    var contentRange: Range<Int> {
        let start = Int(offset) + (kind == .string ? 1 : 0)
        return start..<(start + Int(length))
    }
}

/// The parsed document shared by every ``JSONValue`` view into it: a private copy of
/// the source bytes and the tape, both immutable after parsing.
@usableFromInline
final class JSONStorage: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The first byte of `bytes`, which are followed by ``JSONParser/padding`` zero bytes: eight
    /// bytes may be read from any offset up to `bytes.count`.
    @usableFromInline let start: UnsafePointer<UInt8>
    @usableFromInline let tape: UnsafeBufferPointer<TapeEntry>

    /// Takes ownership of the `count` bytes at `start` (from ``JSONParser/paddedCopy(of:)``) and the tape.
    init(start: UnsafeMutablePointer<UInt8>, count: Int, tape: UnsafeMutableBufferPointer<TapeEntry>) {
        self.start = UnsafePointer(start)
        bytes = UnsafeBufferPointer(start: start, count: count)
        self.tape = UnsafeBufferPointer(tape)
    }

    deinit {
        start.deallocate()
        tape.deallocate()
    }

    /// The source bytes of `entry`'s string content or number literal.
    @inline(__always)
    func content(of entry: TapeEntry) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[entry.contentRange])
    }
}

extension JSONStorage {
    /// The number at tape index `index`, `nil` when it is not a number (see ``JSONValue/number``).
    @inline(__always)
    func number(at index: Int) -> Double? {
        let entry = tape[index]
        guard entry.kind == .number else { return nil }
        return decodeNumber(content(of: entry))
    }

    /// The unescaped string at tape index `index`, `nil` when it is not a string.
    @usableFromInline
    func string(at index: Int) -> String? {
        let entry = tape[index]
        guard entry.kind == .string else { return nil }
        return JSONValue.string(of: entry, in: bytes)
    }

    /// The index among `keys` of the string at tape index `index`, compared after unescaping;
    /// `nil` when it is none of them or not a string.
    @inlinable @inline(__always)
    func string(at index: Int, in keys: JSONKeys) -> Int? {
        let entry = tape[index]
        if entry.isPlainString {
            return keys.index(ofPadded: start + (Int(entry.offset) &+ 1), count: Int(entry.length))
        }
        return escapedString(at: index, in: keys)
    }

    /// ``string(at:in:)`` for an entry that is not a string without escapes (and the match of a
    /// member name with escapes, read by ``JSONFields``).
    @usableFromInline
    func escapedString(at index: Int, in keys: JSONKeys) -> Int? {
        let entry = tape[index]
        guard entry.kind == .string else { return nil }
        return unescape(content(of: entry)).withUnsafeBufferPointer { keys.index(of: $0) }
    }

    /// A string's bytes in the document and, when it has escapes, its unescaped bytes; `nil`
    /// when the value at tape index `index` is not a string.
    @usableFromInline
    func stringContent(at index: Int) -> (UnsafeBufferPointer<UInt8>, [UInt8]?)? {
        let entry = tape[index]
        guard entry.kind == .string else { return nil }
        let content = content(of: entry)
        return (content, entry.hasEscapes ? unescape(content) : nil)
    }

    /// Calls `body` with the unescaped UTF-8 bytes of the string at tape index `index` (no
    /// `String` is made); `nil` when it is not a string. The caller keeps the storage alive.
    /// A string without escapes (nearly every id) is read in place inline, where the call for
    /// its content and the optional pair it returns cost some 30 instructions.
    @inlinable
    func withStringUTF8<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let entry = tape[index]
        if entry.isPlainString {
            return body(UnsafeBufferPointer(start: start + (Int(entry.offset) &+ 1), count: Int(entry.length)))
        }
        guard let (content, unescaped) = stringContent(at: index) else { return nil }
        if let unescaped { return unescaped.withUnsafeBufferPointer(body) }
        return body(content)
    }
}
