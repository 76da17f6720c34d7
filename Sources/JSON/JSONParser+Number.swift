extension JSONParser {
    /// Scans an RFC 8259 number at `start`, appends its entry, and returns the offset after it.
    mutating func scanNumber(at start: Int) throws(JSONSyntaxError) -> Int {
        let n = p.count
        var i = start
        if p[i] == ASCII.minus {
            i += 1
        }
        guard i < n && ASCII.isDigit(p[i]) else {
            throw error(at: i, "expected a digit after '-'")
        }
        if p[i] == ASCII.zero {
            i += 1
            if i < n && ASCII.isDigit(p[i]) {
                throw error(at: i - 1, "leading zeros are not allowed")
            }
        } else {
            i = skipDigits(from: i)
        }
        if i < n && p[i] == ASCII.dot {
            i += 1
            guard i < n && ASCII.isDigit(p[i]) else {
                throw error(at: i, "expected a digit after the decimal point")
            }
            i = skipDigits(from: i)
        }
        if i < n && (p[i] | 0x20) == UInt8(ascii: "e") {
            i += 1
            if i < n && (p[i] == ASCII.plus || p[i] == ASCII.minus) {
                i += 1
            }
            guard i < n && ASCII.isDigit(p[i]) else {
                throw error(at: i, "expected a digit in the exponent")
            }
            i = skipDigits(from: i)
        }
        tape.append(TapeEntry(header: TapeKind.number.rawValue, offset: UInt32(truncatingIfNeeded: start),
                              length: UInt32(truncatingIfNeeded: i - start),
                              next: UInt32(truncatingIfNeeded: tape.count + 1)))
        return i
    }

    @inline(__always)
    func skipDigits(from start: Int) -> Int {
        var i = start
        while i < p.count && ASCII.isDigit(p[i]) {
            i += 1
        }
        return i
    }
}
