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
    static func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = ASCII.quote
        var n = 1
        if utf8.count <= 32, let base = utf8.baseAddress {
            // Keys and ids: byte by byte in one pass, cheaper than finding runs and copying them.
            for i in 0..<utf8.count {
                let b = base[i]
                if needsEscape(b) {
                    n += writeEscape(b, to: p + n)
                } else {
                    p[n] = b
                    n += 1
                }
            }
        } else {
            var runStart = 0
            for i in 0..<utf8.count where needsEscape(utf8[i]) {
                n += copy(utf8, runStart..<i, to: p + n)
                n += writeEscape(utf8[i], to: p + n)
                runStart = i + 1
            }
            n += copy(utf8, runStart..<utf8.count, to: p + n)
        }
        p[n] = ASCII.quote
        return n + 1
    }

    @inline(__always)
    private static func copy(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                             to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        if range.count <= 16 {  // short runs (keys, ids): cheaper than a call to memmove
            for k in 0..<range.count {
                p[k] = base[range.lowerBound + k]
            }
        } else {
            p.update(from: base + range.lowerBound, count: range.count)
        }
        return range.count
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
    static func writeDouble(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard value.isFinite else {
            p.update(from: "null", count: 4)
            return 4
        }
        if value.magnitude < 1e15, Double(Int(value)) == value {
            return writeInteger(Int(value), to: p)
        }
        if let length = writeShortDecimal(value, to: p) {
            return length
        }
        var text = value.description
        return text.withUTF8 { utf8 in
            copy(utf8, 0..<min(utf8.count, maxDoubleLength), to: p)
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
