import JSON
import Testing

@Suite struct NumberTests {
    func number(_ text: String) -> Double? {
        parse("[\(text)]")?[0]?.number
    }

    @Test func integersAndDecimals() {
        #expect(number("0") == 0)
        #expect(number("0e1") == 0)
        #expect(number("0E+1") == 0)
        #expect(number("-0")?.sign == .minus)
        #expect(number("-0") == 0)
        #expect(number("120") == 120)
        #expect(number("-8") == -8)
        #expect(number("1.5") == 1.5)
        #expect(number("0.1") == 0.1)
        #expect(number("123.456e-2") == 1.23456)
        #expect(number("1e22") == 1e22)
        #expect(number("1E-7") == 1e-7)
        #expect(number("9007199254740993") == 9007199254740992)
        #expect(number("123456789012345678901234567890") == 1.2345678901234568e29)
        #expect(number("0.000000000000000000000000000001") == 1e-30)
        #expect(number("2.2250738585072011e-308") == 2.2250738585072011e-308)
    }

    /// The looser decimal forms of the layout model's equation strings, which no JSON document
    /// holds: digits on one side of the point only, leading zeros.
    @Test func looserDecimalLiterals() {
        for (text, value) in [(".5", 0.5), ("1.", 1.0), ("007", 7.0), ("1.e2", 100.0), ("0.25e-1", 0.025)] {
            #expect(Array(text.utf8).withUnsafeBufferPointer { decodeNumber($0) } == value, "\(text)")
        }
    }

    @Test func integersOfEveryLengthMatchTheStandardLibrary() {
        // Integers up to 15 digits take their own path; longer ones and any with a fraction or an
        // exponent the general one.
        var generator = SplitMix64(seed: 11)
        for digits in 1...18 {
            for _ in 0..<50 {
                var text = String(generator.next() % 9 + 1)
                for _ in 1..<digits { text += String(generator.next() % 10) }
                for literal in [text, "-" + text, text + ".0", text + "e0"] {
                    #expect(number(literal) == Double(literal), "\(literal)")
                }
            }
        }
        for literal in ["999999999999999", "-999999999999999", "1000000000000000", "9007199254740993", "-0", "0"] {
            #expect(number(literal) == Double(literal), "\(literal)")
            #expect(number(literal)?.sign == Double(literal)?.sign, "\(literal)")
        }
    }

    @Test func outOfRangeLiterals() {
        #expect(number("1e309") == .infinity)
        #expect(number("-1e309") == -.infinity)
        #expect(number("1" + String(repeating: "0", count: 400)) == .infinity)
        #expect(number("-" + String(repeating: "9", count: 400)) == -.infinity)
        #expect(number("5e-324") == Double.leastNonzeroMagnitude)
        #expect(number("1e-400") == 0)
        #expect(number("1e99999999999999999999") == .infinity)
        #expect(number("0e99999999999999999999") == 0)
    }

    @Test func numberTextIsTheLiteral() {
        let values = parse("[1, 1.0, 1e3, -0, 2.50]")
        #expect(values?.elements.compactMap(\.numberText) == ["1", "1.0", "1e3", "-0", "2.50"])
        #expect(values?[0]?.string == nil)
        #expect(parse(#"["1"]"#)?[0]?.numberText == nil)
    }

    @Test func fastPathMatchesTheStandardLibrary() {
        var generator = SplitMix64(seed: 7)
        var texts: [String] = []
        for _ in 0..<2_000 {
            let digits = Int(generator.next() % 17) + 1
            var mantissa = String(generator.next() % 9 + 1)
            for _ in 1..<digits { mantissa += String(generator.next() % 10) }
            let point = Int(generator.next() % UInt64(digits + 1))
            let split = mantissa.index(mantissa.startIndex, offsetBy: point)
            let body = point == 0 || point == digits ? mantissa : mantissa[..<split] + "." + mantissa[split...]
            let exponent = Int(generator.next() % 60) - 30
            texts.append(body + (exponent == 0 ? "" : "e\(exponent)"))
        }
        let values = parse("[" + texts.joined(separator: ",") + "]")?.elements ?? []
        #expect(values.count == texts.count)
        for (text, value) in zip(texts, values) {
            #expect(value.number == Double(text), "\(text)")
        }
    }
}

/// A small deterministic generator for test data.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
