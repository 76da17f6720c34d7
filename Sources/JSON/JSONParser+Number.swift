extension JSONParser {
    /// Scans an RFC 8259 number at `start`, appends its entry, and returns the offset after it.
    /// Reads past a digit, sign or `e` stop at the zero byte that follows the document.
    @inline(__always)
    mutating func scanNumber(at start: Int) throws(JSONSyntaxError) -> Int {
        var i = start
        if base[i] == ASCII.minus {
            i &+= 1
        }
        guard ASCII.isDigit(base[i]) else {
            throw error(at: i, "expected a digit after '-'")
        }
        if base[i] == ASCII.zero {
            i &+= 1
            if ASCII.isDigit(base[i]) {
                throw error(at: i &- 1, "leading zeros are not allowed")
            }
        } else {
            i = skipDigits(from: i)
        }
        if base[i] == ASCII.dot {
            i &+= 1
            guard ASCII.isDigit(base[i]) else {
                throw error(at: i, "expected a digit after the decimal point")
            }
            i = skipDigits(from: i)
        }
        if base[i] | 0x20 == UInt8(ascii: "e") {
            i &+= 1
            if base[i] == ASCII.plus || base[i] == ASCII.minus {
                i &+= 1
            }
            guard ASCII.isDigit(base[i]) else {
                throw error(at: i, "expected a digit in the exponent")
            }
            i = skipDigits(from: i)
        }
        tape.append(TapeEntry(header: TapeKind.number.rawValue, offset: UInt32(truncatingIfNeeded: start),
                              length: UInt32(truncatingIfNeeded: i &- start),
                              next: UInt32(truncatingIfNeeded: tape.count &+ 1)))
        return i
    }

    @inline(__always)
    func skipDigits(from start: Int) -> Int {
        var i = start
        while ASCII.isDigit(base[i]) {
            i &+= 1
        }
        return i
    }
}
