import JSON
import Testing

@Suite struct StrictnessTests {
    @Test(arguments: [
        "[1,]", #"{"a":1,}"#, "[01]", "[-01]", "[+1]", "[.5]", "[1.]", "[1.e5]", "[1e]", "[1e+]", "[-]",
        "[NaN]", "[Infinity]", "[-Infinity]", "[tru]", "[nul]", "[True]", "{'a': 1}", "{a: 1}",
        "[\"\\x\"]", "[\"\\u12\"]", "[\"\\uZZZZ\"]", "[\"\\ud800\"]", "[\"\\udc00\"]", "[\"\\ud800\\u0041\"]",
        "[\"\\ud800x\"]", "[\"\\u0000\"]", #"{"\u0000": 1}"#, "[1] [2]", "[1] x", "[", "]", "{", "}", "[1 2]",
        #"{"a" 1}"#, #"{"a": 1 "b": 2}"#, "[,1]", "[1,,2]", "\u{0C}[1]", "[1]\u{0C}",
    ])
    func rejects(_ text: String) {
        _ = parseError(text)
    }

    @Test func rejectsUnescapedControlCharacters() {
        for byte: UInt8 in 0..<0x20 {
            _ = parseError([UInt8(ascii: "\""), byte, UInt8(ascii: "\"")])
        }
        _ = parse("\"\u{7F}\"")  // DEL is allowed
    }

    @Test func findsSpecialBytesAtEveryPositionOfLongStrings() throws {
        for length in 0..<40 {
            for position in 0..<length {
                var content = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                content[position] = 0x01
                let error = try #require(parseError([UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")]))
                #expect(error.offset == position + 1)

                let plain = String(repeating: "b", count: length)
                var escaped = Array(plain.utf8)
                escaped.replaceSubrange(position..<(position + 1), with: Array(#"\n"#.utf8))
                let text = "\"" + String(decoding: escaped, as: UTF8.self) + "\""
                let expected = String(repeating: "b", count: position) + "\n" + String(repeating: "b", count: length - position - 1)
                #expect(parse(text)?.string == expected)

                let unicode = String(repeating: "c", count: position) + "é" + String(repeating: "c", count: length - position)
                #expect(parse("\"" + unicode + "\"")?.string == unicode)
            }
        }
    }

    @Test func rejectsInvalidUTF8() throws {
        let bad: [[UInt8]] = [
            [0xC0, 0x80], [0xC1, 0xBF],                 // overlong 2-byte
            [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],     // overlong 3-byte
            [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],  // overlong 4-byte
            [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],     // UTF-8 encoded surrogates
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],  // above U+10FFFF
            [0x80], [0xBF], [0xFE], [0xFF],             // stray continuation, invalid bytes
            [0xE2, 0x82], [0xC3],                       // truncated
            [0xC3, 0x28], [0xE2, 0x28, 0xA1],           // bad continuation
        ]
        for sequence in bad {
            let error = try #require(parseError([UInt8(ascii: "\"")] + sequence + [UInt8(ascii: "\"")]))
            #expect(error.offset >= 1)
        }
    }

    @Test func acceptsValidUTF8AtEveryLength() {
        let value = parse("[\"A é € 𝄞 \u{10FFFF} \u{FFFD}\"]")
        #expect(value?[0]?.string == "A é € 𝄞 \u{10FFFF} \u{FFFD}")
    }

    @Test func rejectsAByteOrderMark() throws {
        let error = try #require(parseError([0xEF, 0xBB, 0xBF] + Array("{}".utf8)))
        #expect(error.offset == 0)
        #expect(error.message.contains("byte order mark"))
    }

    @Test func acceptsEveryScalarValueKind() {
        #expect(parse("null")?.kind == .null)
        #expect(parse(" true ")?.bool == true)
        #expect(parse("false")?.bool == false)
        #expect(parse("\t\r\n 12 \n")?.number == 12)
        #expect(parse(#""x""#)?.string == "x")
        #expect(parse("[]")?.count == 0)
        #expect(parse("{}")?.count == 0)
    }

    @Test func decodesEveryEscape() {
        let value = parse(#"["\"\\\/\b\f\n\r\t\u0041\u00e9\u20AC\ud834\udd1e"]"#)
        #expect(value?[0]?.string == "\"\\/\u{08}\u{0C}\n\r\tAé€𝄞")
    }

    @Test func keysEqualAfterUnescapingAreDuplicates() throws {
        let error = try #require(parseError(#"{"a": 1, "\u0061": 2}"#))
        #expect(error.message == #"duplicate key "a""#)
        #expect(error.offset == 9)
        _ = parse(#"{"a": 1, "A": 2, "a ": 3, "\u0062": 4}"#)
    }

    @Test func keysSharingLengthAndPrefixAreComparedInFull() throws {
        _ = parse(#"{"abcdefgX": 1, "abcdefgY": 2, "abcdefg": 3, "abcdefgXY": 4}"#)
        let plain = try #require(parseError(#"{"abcdefgX": 1, "abcdefgY": 2, "abcdefgX": 3}"#))
        #expect(plain.offset == 31)
        let escaped = try #require(parseError(#"{"abcdefgX": 1, "abcdefgY": 2, "\u0061bcdefg\u0058": 3}"#))
        #expect(escaped.message == #"duplicate key "abcdefgX""#)
    }

    @Test func duplicateKeysAreFoundAcrossNestedValuesAndAtEveryCount() throws {
        // The object's key bits are kept while a member's own object is scanned.
        let nested = try #require(parseError(#"{"a": {"b": 1, "c": [{"a": 2}]}, "d": 3, "a": 4}"#))
        #expect(nested.message == #"duplicate key "a""#)
        #expect(nested.offset == 41)
        // 2 to 40 distinct keys (their bits collide from time to time) parse; a repeat of the
        // first key as the last is found whether the keys are checked pairwise or sorted.
        for count in 2...40 {
            let members = (0..<count).map { "\"key\($0)\": \($0)" }
            _ = parse("{" + members.joined(separator: ", ") + "}")
            let repeated = "{" + (members + [#""key0": 0"#]).joined(separator: ", ") + "}"
            let error = try #require(parseError(repeated), "\(count) keys")
            #expect(error.message == #"duplicate key "key0""#)
        }
    }

    @Test func aRepeatAmongSixteenKeysIsFoundWhereverItIs() throws {
        // Up to 16 keys an object is checked only when fewer of its key bits are set than it has
        // keys: a repeat sets no new bit, at any place, with other objects closed in between.
        for place in 1..<16 {
            var members = (0..<15).map { "\"k\($0)\": {\"k\($0)\": [\($0)]}" }
            members.insert(#""k0": 0"#, at: place)
            let error = try #require(parseError("{" + members.joined(separator: ", ") + "}"), "at \(place)")
            #expect(error.message == #"duplicate key "k0""#)
        }
    }

    @Test func duplicateKeysInSiblingObjectsAreFine() {
        _ = parse(#"[{"a": 1}, {"a": 2}, {"a": {"a": {"a": 3}}}]"#)
    }
}
