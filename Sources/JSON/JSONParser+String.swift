extension JSONParser {
    /// Scans and validates the string whose opening quote is at `start`, appends its
    /// entry, and returns the offset just past the closing quote.
    @inline(__always)
    mutating func scanString(at start: Int) throws(JSONSyntaxError) -> Int {
        try scanString(at: start, signing: false).end
    }

    /// ``scanString(at:)`` for an object key, and its ``signature(of:)``: from the first eight
    /// bytes the scan loads anyway, unless the key has escapes.
    @inline(__always)
    mutating func scanKey(at start: Int) throws(JSONSyntaxError) -> (end: Int, signature: UInt64) {
        try scanString(at: start, signing: true)
    }

    /// ``scanString(at:)``, and when `signing`, the string's ``signature(of:)`` (else 0).
    @inline(__always)
    private mutating func scanString(at start: Int, signing: Bool) throws(JSONSyntaxError) -> (end: Int, signature: UInt64) {
        var j = start &+ 1
        var escaped = false
        // Eight bytes at a time, then straight to the first special one. j <= p.count holds
        // throughout: a word without special bytes lies before the zero byte at p.count.
        let first = Self.load(base + j)
        var special = Self.specialBytes(first)
        while true {
            while special == 0 {
                j &+= 8
                special = Self.specialBytes(Self.load(base + j))
            }
            j &+= special.trailingZeroBitCount &>> 3
            let b = base[j]
            if b == ASCII.quote { break }
            if b == ASCII.backslash {
                escaped = true
                j = try scanEscape(at: j)
            } else if b < 0x20 {
                throw j == p.count
                    ? error(at: j, "unexpected end of input inside a string")
                    : error(at: j, "unescaped control character \(ASCII.describe(b)) in a string")
            } else {
                j = try scanUTF8(at: j)
            }
            special = Self.specialBytes(Self.load(base + j))
        }
        let length = j &- start &- 1
        let header = TapeKind.string.rawValue | (escaped ? TapeEntry.escapedFlag : 0)
        let entry = TapeEntry(header: header, offset: UInt32(truncatingIfNeeded: start),
                              length: UInt32(truncatingIfNeeded: length),
                              next: UInt32(truncatingIfNeeded: tape.count &+ 1))
        tape.append(entry)
        guard signing else { return (j &+ 1, 0) }
        return (j &+ 1, escaped ? signature(of: entry) : JSONKeys.head(first, count: length))
    }

    /// Eight bytes in memory order.
    @inline(__always)
    static func load(_ at: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(at).loadUnaligned(as: UInt64.self))
    }

    /// A mask with the high bit set in the lowest byte (in memory order) of `w` that is
    /// non-ASCII, a control character, `"` or `\`; zero when there is none. Bits above
    /// the lowest flagged byte may be spurious (borrows), so only the lowest one counts.
    @inline(__always)
    static func specialBytes(_ w: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = w &- ones &* 0x20
        let q = w ^ (ones &* UInt64(ASCII.quote))
        let s = w ^ (ones &* UInt64(ASCII.backslash))
        return ((control | (q &- ones) | (s &- ones)) & ~w | w) & highs
    }

    /// Validates the escape sequence at `j` (a backslash); returns the offset after it.
    func scanEscape(at j: Int) throws(JSONSyntaxError) -> Int {
        guard j + 1 < p.count else {
            throw error(at: p.count, "unexpected end of input in an escape sequence")
        }
        switch p[j + 1] {
        case ASCII.quote, ASCII.backslash, ASCII.slash,
             UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return j + 2
        case UInt8(ascii: "u"):
            let unit = try hex4(at: j + 2)
            switch unit {
            case 0:
                throw error(at: j, "\\u0000 is not allowed in strings")
            case 0xDC00...0xDFFF:
                throw error(at: j, "lone low surrogate escape")
            case 0xD800...0xDBFF:
                guard j + 7 < p.count && p[j + 6] == ASCII.backslash && p[j + 7] == UInt8(ascii: "u") else {
                    throw error(at: j, "high surrogate escape not followed by a low surrogate escape")
                }
                let low = try hex4(at: j + 8)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(at: j + 6, "high surrogate escape not followed by a low surrogate escape")
                }
                return j + 12
            default:
                return j + 6
            }
        default:
            throw error(at: j, "invalid escape sequence: backslash followed by \(ASCII.describe(p[j + 1]))")
        }
    }

    /// Reads the four hex digits of a `\u` escape starting at `k`.
    func hex4(at k: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for d in k..<(k + 4) {
            guard d < p.count else {
                throw error(at: p.count, "unexpected end of input in a \\u escape")
            }
            guard let digit = ASCII.hexValue(p[d]) else {
                throw error(at: d, "invalid hex digit \(ASCII.describe(p[d])) in a \\u escape")
            }
            value = value << 4 | digit
        }
        return value
    }

    /// Validates one multi-byte UTF-8 sequence at `j`; returns the offset after it.
    /// Rejects overlongs, encoded surrogates and scalars above U+10FFFF.
    func scanUTF8(at j: Int) throws(JSONSyntaxError) -> Int {
        let lead = p[j]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default:
            throw error(at: j, "invalid UTF-8: unexpected \(ASCII.describe(lead))")
        }
        for k in (j + 1)..<(j + length) {
            guard k < p.count else {
                throw error(at: p.count, "unexpected end of input inside a UTF-8 sequence")
            }
            let range = k == j + 1 ? secondRange : 0x80...0xBF
            guard range.contains(p[k]) else {
                throw error(at: k, "invalid UTF-8 sequence")
            }
        }
        return j + length
    }
}
