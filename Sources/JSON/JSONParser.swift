/// The single-pass, non-recursive parser that turns validated UTF-8 into a tape.
///
/// Open containers live on an explicit stack (`top` plus its ancestors in `frames`),
/// so nesting depth costs heap, never native stack, and is bounded by `maxDepth`.
///
/// The document is followed in memory by ``JSONParser/padding`` zero bytes (see
/// ``JSONParser/paddedCopy(of:)``), so the scanners read without bounds checks: a zero byte is
/// neither whitespace, a digit, a letter of a literal nor a plain string byte, so every scan stops
/// at the end of the document at the latest, and an 8-byte load at any offset up to the end stays
/// within the padding. A scan that stops at offset `n` has met the end of the input.
struct JSONParser {
    /// An open container.
    struct Frame {
        /// Tape index of the container's entry.
        var entry: Int
        /// Completed elements or members so far.
        var count: UInt32
        var isObject: Bool
        /// One bit per key signature, set as each key is scanned: equal keys set the same bit, so
        /// in an object of at most ``JSONParser/pairwiseDuplicateLimit`` keys (bigger ones are
        /// always checked) fewer bits than keys mean two keys share one and may be equal.
        var keyBits: UInt64 = 0
    }

    /// Zero bytes that follow the document in memory: one 8-byte load from any offset up to the end.
    static let padding = 8

    /// The document's bytes, followed in memory by ``JSONParser/padding`` zero bytes.
    let p: UnsafeBufferPointer<UInt8>
    /// The first byte of `p`: `base[0...p.count + padding - 1]` may be read.
    let base: UnsafePointer<UInt8>
    let maxDepth: Int
    var tape: GrowableBuffer<TapeEntry>
    /// The innermost open container (meaningful only while `depth > 0`).
    var top = Frame(entry: 0, count: 0, isObject: false)
    /// The ancestors of `top`, outermost first: `depth - 1` of them while `depth > 0`.
    var frames: GrowableBuffer<Frame>
    /// Open containers, including `top`.
    var depth = 0

    /// A copy of `bytes` followed by ``JSONParser/padding`` zero bytes, to parse with
    /// ``init(_:count:maxDepth:)``; the caller owns (and deallocates) it.
    static func paddedCopy(of bytes: [UInt8]) -> UnsafeMutablePointer<UInt8> {
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + padding)
        bytes.withUnsafeBufferPointer { source in
            if let start = source.baseAddress {
                memory.initialize(from: start, count: source.count)
            }
        }
        (memory + bytes.count).initialize(repeating: 0, count: padding)
        return memory
    }

    /// Parses the `count` bytes at `document`, made by ``paddedCopy(of:)``. The parser owns
    /// `tape` until ``finish()``; callers must call it or ``discard()``.
    init(_ document: UnsafeMutablePointer<UInt8>, count: Int, maxDepth: Int) {
        base = UnsafePointer(document)
        p = UnsafeBufferPointer(start: base, count: count)
        self.maxDepth = maxDepth
        tape = GrowableBuffer(capacity: count / 8)
        frames = GrowableBuffer(capacity: 16)
    }

    /// The finished tape, whose memory the caller now owns.
    mutating func finish() -> UnsafeMutableBufferPointer<TapeEntry> {
        frames.deallocate()
        return tape.finish()
    }

    /// Frees the tape after a failed parse.
    mutating func discard() {
        frames.deallocate()
        tape.deallocate()
    }

    /// Parses the whole input into ``tape``.
    mutating func parse() throws(JSONSyntaxError) {
        let n = p.count
        guard n < Int(UInt32.max) else {
            throw error(at: 0, "document larger than 4 GiB")
        }
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF {
            throw error(at: 0, "a byte order mark is not allowed")
        }
        var i = skipWhitespace(from: 0)
        // Whether an object member starts at i: its key comes before the value.
        var member = false
        valueLoop: while true {
            if member {
                // An object member: its key, then the `:` before its value.
                guard base[i] == ASCII.quote else {
                    throw error(at: i, i < n
                        ? "expected a string key, found \(ASCII.describe(p[i]))"
                        : "unexpected end of input; expected a string key")
                }
                let (end, signature) = try scanKey(at: i)
                top.keyBits |= Self.signatureBit(signature)
                // The colon most often follows the key at once: one comparison instead of the
                // whitespace test and then the colon's.
                i = base[end] == ASCII.colon ? end : skipWhitespace(from: end)
                guard base[i] == ASCII.colon else {
                    throw error(at: i, "expected ':' after an object key")
                }
                i = skipWhitespace(from: i &+ 1)
            }
            let c = base[i]
            switch c {
            case ASCII.quote:
                i = try scanString(at: i)
            case ASCII.openBrace, ASCII.openBracket:
                let isObject = c == ASCII.openBrace
                try open(at: i, isObject: isObject)
                i = skipWhitespace(from: i &+ 1)
                if base[i] == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                    try close()
                    i &+= 1
                } else {
                    member = isObject
                    continue valueLoop
                }
            case ASCII.minus, ASCII.zero...ASCII.nine:
                i = try scanNumber(at: i)
            case UInt8(ascii: "t"):
                i = try scanLiteral(at: i, "true", .true)
            case UInt8(ascii: "f"):
                i = try scanLiteral(at: i, "false", .false)
            case UInt8(ascii: "n"):
                i = try scanLiteral(at: i, "null", .null)
            default:
                throw error(at: i, i == n
                    ? "unexpected end of input; expected a value"
                    : "unexpected \(ASCII.describe(c)); expected a value")
            }
            // A value just ended at i: close containers until one wants another value.
            while true {
                i = skipWhitespace(from: i)
                guard depth > 0 else {
                    guard i == n else {
                        throw error(at: i, "unexpected \(ASCII.describe(p[i])) after the top-level value")
                    }
                    return
                }
                top.count &+= 1
                let b = base[i]
                if b == ASCII.comma {
                    i = skipWhitespace(from: i &+ 1)
                    member = top.isObject
                    if member {
                        if base[i] == ASCII.closeBrace {
                            throw error(at: i, "trailing comma before '}'")
                        }
                    } else if base[i] == ASCII.closeBracket {
                        throw error(at: i, "trailing comma before ']'")
                    }
                    continue valueLoop
                }
                guard b == (top.isObject ? ASCII.closeBrace : ASCII.closeBracket) else {
                    throw afterMemberError(at: i)
                }
                try close()
                i &+= 1
            }
        }
    }

    /// The offset of the first byte at or after `start` that is not whitespace (`p.count` at the end).
    @inline(__always)
    func skipWhitespace(from start: Int) -> Int {
        var i = start
        while ASCII.isWhitespace(base[i]) {
            i &+= 1
        }
        return i
    }

    /// Pushes a container at offset `i`.
    @inline(__always)
    mutating func open(at i: Int, isObject: Bool) throws(JSONSyntaxError) {
        guard depth < maxDepth else {
            throw error(at: i, "nesting deeper than \(maxDepth) levels")
        }
        if depth > 0 {
            frames.append(top)
        }
        top = Frame(entry: tape.count, count: 0, isObject: isObject)
        depth &+= 1
        let kind: TapeKind = isObject ? .object : .array
        tape.append(TapeEntry(header: kind.rawValue, offset: UInt32(truncatingIfNeeded: i), length: 0, next: 0))
    }

    /// Pops the innermost container, after checking an object for duplicate keys.
    @inline(__always)
    mutating func close() throws(JSONSyntaxError) {
        // An object of few keys whose bits are all distinct (as many as keys) cannot repeat one.
        if top.isObject && top.count > 1
            && (Int(top.count) > Self.pairwiseDuplicateLimit || top.keyBits.nonzeroBitCount < Int(top.count)) {
            try checkDuplicateKeys()
        }
        let entry = top.entry
        tape[entry].length = top.count
        tape[entry].next = UInt32(truncatingIfNeeded: tape.count)
        depth &-= 1
        if depth > 0 {
            top = frames.removeLast()
        }
    }

    /// Throws when the innermost object repeats a key.
    mutating func checkDuplicateKeys() throws(JSONSyntaxError) {
        if let duplicate = duplicateKey(objectEntry: top.entry, count: Int(top.count)) {
            let name = String(decoding: decodedString(entry: tape[duplicate]), as: UTF8.self)
            throw error(at: Int(tape[duplicate].offset), "duplicate key \"\(name)\"")
        }
    }

    /// What is wrong at `i`, where a `,` or the innermost container's closer should be.
    func afterMemberError(at i: Int) -> JSONSyntaxError {
        if i == p.count {
            return error(at: i, top.isObject
                ? "unexpected end of input; expected ',' or '}' after an object member"
                : "unexpected end of input; expected ',' or ']' after an array element")
        }
        return error(at: i, top.isObject
            ? "expected ',' or '}' after an object member"
            : "expected ',' or ']' after an array element")
    }

    /// Scans `true`, `false` or `null` at `i`, whose first byte is the literal's.
    @inline(__always)
    mutating func scanLiteral(at i: Int, _ word: StaticString, _ kind: TapeKind) throws(JSONSyntaxError) -> Int {
        let count = word.utf8CodeUnitCount
        // i < p.count and count <= padding: the bytes read end within the padding, whose zero
        // bytes match no letter, so a match lies in the document.
        let matches = word.withUTF8Buffer { w in
            for k in 1..<count where base[i &+ k] != w[k] {
                return false
            }
            return true
        }
        guard matches else {
            throw error(at: i, "invalid literal; expected \(word)")
        }
        tape.append(TapeEntry(header: kind.rawValue, offset: UInt32(truncatingIfNeeded: i),
                              length: UInt32(truncatingIfNeeded: count), next: UInt32(truncatingIfNeeded: tape.count &+ 1)))
        return i &+ count
    }
}
