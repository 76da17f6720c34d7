/// Decodes the content of a validated JSON string (between its quotes) into UTF-8 bytes.
///
/// The parser has already validated every escape; malformed input (never produced by
/// the parser) decodes to U+FFFD rather than trapping.
func unescape(_ s: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(s.count)
    var i = 0
    while i < s.count {
        let b = s[i]
        guard b == ASCII.backslash, i + 1 < s.count else {
            out.append(b)
            i += 1
            continue
        }
        switch s[i + 1] {
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = escapedUnit(s, at: i + 2)
            i += 6
            if (0xD800...0xDBFF).contains(scalar) {
                let low = escapedUnit(s, at: i + 2)
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + ((low &- 0xDC00) & 0x3FF)
                i += 6
            }
            UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { out.append($0) }
            continue
        default: out.append(s[i + 1])
        }
        i += 2
    }
    return out
}

/// The 16-bit value of the four hex digits at `k` (missing or bad digits count as 0).
private func escapedUnit(_ s: UnsafeBufferPointer<UInt8>, at k: Int) -> UInt32 {
    var value: UInt32 = 0
    for d in k..<(k + 4) {
        value <<= 4
        if d < s.count {
            value |= ASCII.hexValue(s[d]) ?? 0
        }
    }
    return value
}
