extension JSONWriter {
    /// Strings up to this length reserve their worst case (every byte as `\u00XX`);
    /// longer ones are measured first.
    private static let measureThreshold = 4096

    /// An upper bound on the bytes ``writeQuoted(_:to:)`` writes for `utf8`.
    static func quotedCapacity(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard utf8.count > measureThreshold else { return 2 + 6 * utf8.count }
        var length = 2 + utf8.count
        for b in utf8 where needsEscape(b) {
            length += 5
        }
        return length
    }

    @inline(__always)
    private static func needsEscape(_ b: UInt8) -> Bool {
        b < 0x20 || b == ASCII.quote || b == ASCII.backslash
    }

    /// Writes `utf8` quoted, escaping `"`, `\` and control characters (`\n`-style where
    /// there is one, `\u00XX` otherwise); `/` and non-ASCII pass through. Returns the length.
    ///
    /// Eight bytes at a time while none of them needs escaping (ids, keys, messages nearly
    /// always): tested together and copied as one word; byte by byte around an escape.
    static func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = ASCII.quote
        var n = 1
        if let base = utf8.baseAddress {
            let count = utf8.count
            var i = 0
            while i < count {
                if count - i >= 8 {
                    let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    if !anyNeedsEscape(word) {
                        UnsafeMutableRawPointer(p + n).storeBytes(of: word, as: UInt64.self)
                        i += 8
                        n += 8
                        continue
                    }
                }
                let b = base[i]
                if needsEscape(b) {
                    n += writeEscape(b, to: p + n)
                } else {
                    p[n] = b
                    n += 1
                }
                i += 1
            }
        }
        p[n] = ASCII.quote
        return n + 1
    }

    /// Whether one of the eight bytes of `word` needs escaping (`needsEscape`): one below 0x20,
    /// or equal to `"` or `\`. Exact for "any": a borrow can only run on from a byte that
    /// already matches.
    @inline(__always)
    private static func anyNeedsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func anyZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        let below = (word &- 0x20 &* ones) & ~word & highs != 0
        return below || anyZero(word ^ (UInt64(ASCII.quote) &* ones)) || anyZero(word ^ (UInt64(ASCII.backslash) &* ones))
    }

    private static func writeEscape(_ b: UInt8, to p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = ASCII.backslash
        switch b {
        case ASCII.quote, ASCII.backslash: p[1] = b
        case 0x08: p[1] = UInt8(ascii: "b")
        case 0x0C: p[1] = UInt8(ascii: "f")
        case 0x0A: p[1] = UInt8(ascii: "n")
        case 0x0D: p[1] = UInt8(ascii: "r")
        case 0x09: p[1] = UInt8(ascii: "t")
        default:
            p[1] = UInt8(ascii: "u")
            p[2] = ASCII.zero
            p[3] = ASCII.zero
            p[4] = hexDigit(b >> 4)
            p[5] = hexDigit(b & 0xF)
            return 6
        }
        return 2
    }

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? ASCII.zero &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
    }

    /// Longest text ``writeDouble(_:to:)`` produces, e.g. `-2.2250738585072014e-308`.
    static let maxDoubleLength = 32

    /// Writes a finite `value` in its shortest round-trip form, or `null`; returns the length.
    /// Inlined: most numbers written are integral coordinates, which go straight to
    /// `writeInteger` (a value that is not finite fails both tests and goes on).
    @inline(__always)
    static func writeDouble(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        if value.magnitude < 1e15, Double(Int(value)) == value {
            return writeInteger(Int(value), to: p)
        }
        return writeNonIntegral(value, to: p)
    }

    /// `writeDouble` of a value that is not integral below 1e15.
    private static func writeNonIntegral(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard value.isFinite else {
            p.update(from: "null", count: 4)
            return 4
        }
        if let length = writeShortDecimal(value, to: p) {
            return length
        }
        var text = value.description
        return text.withUTF8 { utf8 in
            let length = min(utf8.count, maxDoubleLength)
            if let base = utf8.baseAddress { p.update(from: base, count: length) }
            return length
        }
    }

    /// Writes `value` as `m / 10^k` for the smallest `k` ≤ 6 that reads back exactly,
    /// which is then its shortest round-trip form; nil when there is none.
    ///
    /// Reading `m / 10^k` (|m| < 2^53, both exact) is one correctly rounded division, so
    /// equality proves the round trip. Values below 1e-4 are left to `description`,
    /// which switches to exponent form there.
    private static func writeShortDecimal(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int? {
        let magnitude = value.magnitude
        guard magnitude >= 1e-4 && magnitude < 1e9 else { return nil }
        var scale: Double = 1
        for fractionDigits in 1...6 {
            scale *= 10  // exact: 1e1 … 1e6
            let product = magnitude * scale
            guard product < 4_503_599_627_370_496 else { return nil }
            // Rounds to nearest (libm's round() is not linked without Foundation).
            let scaled = UInt64(product + 0.5)
            guard Double(scaled) / scale == magnitude else { continue }
            var n = 0
            if value < 0 {
                p[0] = ASCII.minus
                n = 1
            }
            return n + writeFixedPoint(scaled, fractionDigits: fractionDigits, to: p + n)
        }
        return nil
    }

    /// Writes `scaled / 10^fractionDigits` in plain decimal notation; returns the length.
    private static func writeFixedPoint(_ scaled: UInt64, fractionDigits: Int,
                                        to p: UnsafeMutablePointer<UInt8>) -> Int {
        var digits = 1
        var rest = scaled / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let integerDigits = max(digits - fractionDigits, 1)
        let length = integerDigits + 1 + fractionDigits
        var end = length
        rest = scaled
        for written in 0..<(integerDigits + fractionDigits) {
            if written == fractionDigits {
                end -= 1
                p[end] = ASCII.dot
            }
            end -= 1
            p[end] = ASCII.zero &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        return length
    }

    /// Writes `value` in decimal; returns the length (at most 20). `p` must have room for 20
    /// bytes whatever the value: a short one is stored as a whole word (9 bytes with a sign).
    static func writeInteger(_ value: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var n = 0
        if value < 0 {
            p[0] = ASCII.minus
            n = 1
        }
        var rest = value.magnitude
        if rest < 100_000_000 {
            // Up to 8 digits, gathered in one word lowest digit first, so that stored little
            // endian they read highest first: one division per digit and one store.
            var word: UInt64 = 0
            var digits = 0
            repeat {
                word = word << 8 | UInt64(ASCII.zero &+ UInt8(truncatingIfNeeded: rest % 10))
                rest /= 10
                digits += 1
            } while rest > 0
            UnsafeMutableRawPointer(p + n).storeBytes(of: word.littleEndian, as: UInt64.self)
            return n + digits
        }
        var digits = 1
        var count = rest / 10
        while count > 0 {
            digits += 1
            count /= 10
        }
        for k in stride(from: n + digits - 1, through: n, by: -1) {
            p[k] = ASCII.zero &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        return n + digits
    }
}
