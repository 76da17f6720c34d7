/// The kind of a tape entry, stored in the low bits of ``TapeEntry/header``.
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
struct TapeEntry: Sendable {
    /// Low 3 bits: ``TapeKind``; ``TapeEntry/escapedFlag``: a string containing escapes.
    var header: UInt32
    /// Byte offset where the value starts (the opening quote for strings).
    var offset: UInt32
    /// Strings: content bytes between the quotes; numbers: literal bytes; containers: element or member count.
    var length: UInt32
    /// Tape index just past this value's subtree.
    var next: UInt32

    static let kindMask: UInt32 = 0b111
    static let escapedFlag: UInt32 = 0b1000

    @inline(__always)
    var kind: TapeKind {
        // Every header is written from a TapeKind, so the fallback is unreachable.
        TapeKind(rawValue: header & Self.kindMask) ?? .null
    }

    @inline(__always)
    var hasEscapes: Bool { header & Self.escapedFlag != 0 }

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
    let tape: UnsafeBufferPointer<TapeEntry>

    /// Takes ownership of both buffers.
    init(bytes: UnsafeMutableBufferPointer<UInt8>, tape: UnsafeMutableBufferPointer<TapeEntry>) {
        self.bytes = UnsafeBufferPointer(bytes)
        self.tape = UnsafeBufferPointer(tape)
    }

    deinit {
        bytes.deallocate()
        tape.deallocate()
    }

    /// The source bytes of `entry`'s string content or number literal.
    @inline(__always)
    func content(of entry: TapeEntry) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[entry.contentRange])
    }
}
