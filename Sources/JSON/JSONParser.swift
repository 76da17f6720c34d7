/// The single-pass, non-recursive parser that turns validated UTF-8 into a tape.
///
/// Open containers live on an explicit stack (`top` plus its ancestors in `frames`),
/// so nesting depth costs heap, never native stack, and is bounded by `maxDepth`.
struct JSONParser {
    /// An open container.
    struct Frame {
        /// Tape index of the container's entry.
        var entry: Int
        /// Completed elements or members so far.
        var count: UInt32
        var isObject: Bool
        /// Tape index of the most recent key (objects only), for error pointers.
        var lastKey: Int
        /// One bit per key signature of the first ``JSONParser/pairwiseDuplicateLimit`` keys, set
        /// as each key is scanned: equal keys set the same bit.
        var keyBits: UInt64 = 0
        /// Whether two of those keys set the same bit, so that the object may repeat a key.
        var keyBitShared = false
    }

    let p: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var tape: TapeBuffer
    /// The innermost open container (meaningful only while `depth > 0`).
    var top = Frame(entry: 0, count: 0, isObject: false, lastKey: -1)
    /// The ancestors of `top`, outermost first.
    var frames: [Frame] = []
    /// Open containers, including `top`.
    var depth = 0

    /// The parser owns `tape` until ``finish()``; callers must call it or ``discard()``.
    init(_ p: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.p = p
        self.maxDepth = maxDepth
        tape = TapeBuffer(capacity: p.count / 8)
    }

    /// The finished tape, whose memory the caller now owns.
    func finish() -> UnsafeMutableBufferPointer<TapeEntry> {
        tape.finish()
    }

    /// Frees the tape after a failed parse.
    mutating func discard() {
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
        valueLoop: while true {
            guard i < n else {
                throw error(at: i, "unexpected end of input; expected a value")
            }
            let c = p[i]
            switch c {
            case ASCII.quote:
                i = try scanString(at: i)
            case ASCII.openBrace, ASCII.openBracket:
                let isObject = c == ASCII.openBrace
                try open(at: i, isObject: isObject)
                i = skipWhitespace(from: i + 1)
                let closer = isObject ? ASCII.closeBrace : ASCII.closeBracket
                if i < n && p[i] == closer {
                    try close()
                    i += 1
                } else if isObject {
                    i = try scanKey(at: i, afterComma: false)
                    continue valueLoop
                } else {
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
                throw error(at: i, "unexpected \(ASCII.describe(c)); expected a value")
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
                let closer = top.isObject ? ASCII.closeBrace : ASCII.closeBracket
                guard i < n else {
                    throw error(at: i, top.isObject
                        ? "unexpected end of input; expected ',' or '}' after an object member"
                        : "unexpected end of input; expected ',' or ']' after an array element")
                }
                let b = p[i]
                if b == ASCII.comma {
                    i = skipWhitespace(from: i + 1)
                    if top.isObject {
                        i = try scanKey(at: i, afterComma: true)
                    } else if i < n && p[i] == ASCII.closeBracket {
                        throw error(at: i, "trailing comma before ']'")
                    }
                    continue valueLoop
                }
                guard b == closer else {
                    throw error(at: i, top.isObject
                        ? "expected ',' or '}' after an object member"
                        : "expected ',' or ']' after an array element")
                }
                try close()
                i += 1
            }
        }
    }

    @inline(__always)
    func skipWhitespace(from start: Int) -> Int {
        var i = start
        while i < p.count && ASCII.isWhitespace(p[i]) {
            i += 1
        }
        return i
    }

    /// Pushes a container at offset `i`.
    mutating func open(at i: Int, isObject: Bool) throws(JSONSyntaxError) {
        guard depth < maxDepth else {
            throw error(at: i, "nesting deeper than \(maxDepth) levels")
        }
        if depth > 0 {
            frames.append(top)
        }
        top = Frame(entry: tape.count, count: 0, isObject: isObject, lastKey: -1)
        depth += 1
        let kind: TapeKind = isObject ? .object : .array
        tape.append(TapeEntry(header: kind.rawValue, offset: UInt32(truncatingIfNeeded: i), length: 0, next: 0))
    }

    /// Pops the innermost container, after checking an object for duplicate keys.
    mutating func close() throws(JSONSyntaxError) {
        let frame = top
        // An object of few keys whose bits are all distinct cannot repeat one.
        if frame.isObject && frame.count > 1 && (frame.keyBitShared || Int(frame.count) > Self.pairwiseDuplicateLimit),
           let duplicate = duplicateKey(objectEntry: frame.entry, count: Int(frame.count)) {
            let name = String(decoding: decodedString(entry: tape[duplicate]), as: UTF8.self)
            throw error(at: Int(tape[duplicate].offset), "duplicate key \"\(name)\"")
        }
        depth -= 1
        if let parent = frames.popLast() {
            top = parent
        }
        tape[frame.entry].length = frame.count
        tape[frame.entry].next = UInt32(truncatingIfNeeded: tape.count)
    }

    /// Scans an object key and the `:` after it; returns the offset of the member's value.
    mutating func scanKey(at start: Int, afterComma: Bool) throws(JSONSyntaxError) -> Int {
        guard start < p.count && p[start] == ASCII.quote else {
            if afterComma && start < p.count && p[start] == ASCII.closeBrace {
                throw error(at: start, "trailing comma before '}'")
            }
            throw error(at: start, start < p.count
                ? "expected a string key, found \(ASCII.describe(p[start]))"
                : "unexpected end of input; expected a string key")
        }
        top.lastKey = tape.count
        var i = skipWhitespace(from: try scanString(at: start))
        if Int(top.count) < Self.pairwiseDuplicateLimit {
            let bit = Self.signatureBit(Self.signature(tape[top.lastKey], in: p))
            top.keyBitShared = top.keyBitShared || top.keyBits & bit != 0
            top.keyBits |= bit
        }
        guard i < p.count && p[i] == ASCII.colon else {
            throw error(at: i, "expected ':' after an object key")
        }
        i = skipWhitespace(from: i + 1)
        return i
    }

    /// Scans `true`, `false` or `null` at `i`.
    mutating func scanLiteral(at i: Int, _ word: StaticString, _ kind: TapeKind) throws(JSONSyntaxError) -> Int {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { w in
            guard i + count <= p.count else { return false }
            for k in 0..<count where p[i + k] != w[k] {
                return false
            }
            return true
        }
        guard matches else {
            throw error(at: i, "invalid literal; expected \(word)")
        }
        tape.append(TapeEntry(header: kind.rawValue, offset: UInt32(truncatingIfNeeded: i),
                              length: UInt32(truncatingIfNeeded: count), next: UInt32(truncatingIfNeeded: tape.count + 1)))
        return i + count
    }
}
