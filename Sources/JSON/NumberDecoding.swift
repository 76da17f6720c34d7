/// Exact powers of ten representable as Double (Clinger's fast path).
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// Converts a validated RFC 8259 number literal to the nearest Double; also such a literal with
/// digits on one side of the point only or with leading zeros (`.5`, `-1.`, `007`), as the layout
/// model's equation strings and visual formats write them (a leading `+` is not read).
///
/// Literals whose significand fits in 53 bits and whose decimal exponent is within ±22
/// are computed exactly with one multiplication or division; everything else falls back
/// to the standard library's correctly rounded conversion (overflow gives ±infinity).
public func decodeNumber(_ s: UnsafeBufferPointer<UInt8>) -> Double {
    if let integer = smallInteger(s) { return integer }
    var i = 0
    let negative = i < s.count && s[i] == ASCII.minus
    if negative { i += 1 }
    var significand: UInt64 = 0
    var digits = 0
    var exponent = 0
    while i < s.count && ASCII.isDigit(s[i]) {
        accumulate(s[i], into: &significand, digits: &digits, exponent: &exponent, fractional: false)
        i += 1
    }
    if i < s.count && s[i] == ASCII.dot {
        i += 1
        while i < s.count && ASCII.isDigit(s[i]) {
            accumulate(s[i], into: &significand, digits: &digits, exponent: &exponent, fractional: true)
            i += 1
        }
    }
    if i < s.count && (s[i] | 0x20) == UInt8(ascii: "e") {
        i += 1
        var exponentNegative = false
        if i < s.count && (s[i] == ASCII.plus || s[i] == ASCII.minus) {
            exponentNegative = s[i] == ASCII.minus
            i += 1
        }
        var written = 0
        while i < s.count && ASCII.isDigit(s[i]) {
            if written < 100_000 {
                written = written * 10 + Int(s[i] &- ASCII.zero)
            }
            i += 1
        }
        exponent += exponentNegative ? -written : written
    }
    if digits <= 15 && exponent >= -22 && exponent <= 22 {
        let magnitude = Double(significand)
        let value = exponent < 0
            ? magnitude / exactPowersOfTen[-exponent]
            : magnitude * exactPowersOfTen[exponent]
        return negative ? -value : value
    }
    return Double(String(decoding: s, as: UTF8.self)) ?? .nan
}

/// The value of an integer literal of at most 15 digits, maybe negative (most numbers of a
/// request: sizes, constants, priorities), which a Double holds exactly; `nil` for any other
/// literal. One pass over the digits, without the general path's exponent and digit counts.
@inline(__always)
private func smallInteger(_ s: UnsafeBufferPointer<UInt8>) -> Double? {
    guard let start = s.baseAddress, !s.isEmpty else { return nil }
    let negative = start[0] == ASCII.minus
    var i = negative ? 1 : 0
    guard s.count &- i <= 15 else { return nil }
    // Below 10^15: an Int, converted in one instruction.
    var value = 0
    while i < s.count {
        let digit = start[i] &- ASCII.zero
        guard digit < 10 else { return nil }
        value = value &* 10 &+ Int(digit)
        i &+= 1
    }
    let magnitude = Double(value)
    return negative ? -magnitude : magnitude
}

/// Adds one digit to the significand, tracking significant digits and the decimal exponent.
@inline(__always)
private func accumulate(_ digit: UInt8, into significand: inout UInt64, digits: inout Int,
                        exponent: inout Int, fractional: Bool) {
    if significand == 0 && digit == ASCII.zero {
        if fractional { exponent -= 1 }
        return
    }
    // Past 15 significant digits the fast path is not taken, so stop before overflowing.
    if digits < 16 {
        significand = significand &* 10 &+ UInt64(digit &- ASCII.zero)
        if fractional { exponent -= 1 }
    }
    digits += 1
}
