import JSON
import Testing

@Suite struct ErrorPositionTests {
    @Test func missingCommaInNestedObjectReportsLineColumnAndPointer() throws {
        let text = """
        {"views": [
          {"id": "a"},
          {"id": "b" "x": 1}
        ]}
        """
        let error = try #require(parseError(text))
        #expect(error.line == 3)
        #expect(error.column == 14)
        #expect(error.offset == (try #require(Array(text.utf8).firstIndex(of: UInt8(ascii: "x")))) - 1)
        #expect(error.message == "expected ',' or '}' after an object member")
        #expect(error.pointer == "/views/1")
        #expect(error.description == "line 3, column 14: expected ',' or '}' after an object member")
    }

    @Test func pointerEscapesTildeAndSlashInKeys() throws {
        let error = try #require(parseError(#"{"a/b": {"c~d": [1, 2, {"e": ]}}}"#))
        #expect(error.pointer == "/a~1b/c~0d/2")
        #expect(error.message.contains("expected a value"))
    }

    @Test func rootErrorsHaveAnEmptyPointer() throws {
        #expect(try #require(parseError("[1] 2")).pointer == "")
        #expect(try #require(parseError("[1] 2")).offset == 4)
        #expect(try #require(parseError("")).offset == 0)
        #expect(try #require(parseError("  ")).offset == 2)
        #expect(try #require(parseError("[1, 2")).pointer == "")
    }

    @Test func errorInsideAnArrayElementNamesItsIndex() throws {
        let error = try #require(parseError("[[0], [1], [2, 01]]"))
        #expect(error.pointer == "/2")
        #expect(error.offset == 15)
        #expect(error.message == "leading zeros are not allowed")
    }

    @Test func columnsCountBytesNotCharacters() throws {
        let error = try #require(parseError("[\"é\", x]"))
        #expect(error.column == 8)
        #expect(error.offset == 7)
    }

    @Test func trailingCommasAreReportedAtTheCloser() throws {
        let array = try #require(parseError("[1, 2, ]"))
        #expect(array.offset == 7)
        #expect(array.message == "trailing comma before ']'")
        let object = try #require(parseError(#"{"a": 1,}"#))
        #expect(object.offset == 8)
        #expect(object.message == "trailing comma before '}'")
    }

    @Test func unterminatedInputPointsAtTheEnd() throws {
        let error = try #require(parseError(#"{"a": "abc"#))
        #expect(error.offset == 10)
        #expect(error.message.contains("end of input"))
    }

    @Test func aColonRightAfterTheKeyOrAfterWhitespaceIsFoundAndAMissingOneIsWhereItShouldBe() throws {
        for text in [#"{"a":1}"#, #"{"a" :1}"#, "{\"a\"\n\t :\r 1}", #"{"a": {"b"  :[]}, "c":2}"#] {
            #expect(parse(text) != nil, "\(text)")
        }
        let cases: [(String, Int)] = [(#"{"a" 1}"#, 5), (#"{"a"1}"#, 4), (#"{"a"}"#, 4), (#"{"a""#, 4), ("{\"a\" \n", 6), (#"{"a";1}"#, 4)]
        for (text, offset) in cases {
            let error = try #require(parseError(text), "\(text)")
            #expect(error.offset == offset, "\(text)")
            #expect(error.message == "expected ':' after an object key", "\(text)")
        }
    }

    @Test func duplicateKeyPointsAtTheSecondOccurrence() throws {
        let text = #"{"list": [{"id": 1, "name": "x", "id": 2}]}"#
        let error = try #require(parseError(text))
        #expect(error.message == #"duplicate key "id""#)
        #expect(error.offset == 33)
        #expect(error.pointer == "/list/0")
    }

    /// The parser reads past the last byte into zero padding instead of checking bounds: input that
    /// ends (or holds a zero byte) inside any token is still reported where it ends.
    @Test func inputEndingInsideATokenIsReportedAtTheEnd() throws {
        let cases: [(String, Int, String)] = [
            ("\"ab", 3, "unexpected end of input inside a string"),
            ("\"1234567", 8, "unexpected end of input inside a string"),
            ("\"12345678", 9, "unexpected end of input inside a string"),
            ("\"1234567890123456", 17, "unexpected end of input inside a string"),
            ("\"a\\", 3, "unexpected end of input in an escape sequence"),
            ("\"\\u12", 5, "unexpected end of input in a \\u escape"),
            ("\"\\ud800\\u", 9, "unexpected end of input in a \\u escape"),
            ("\"\u{00}\"", 1, "unescaped control character byte 0x00 in a string"),
            ("tru", 0, "invalid literal; expected true"),
            ("fals", 0, "invalid literal; expected false"),
            ("[nul", 1, "invalid literal; expected null"),
            ("-", 1, "expected a digit after '-'"),
            ("1.", 2, "expected a digit after the decimal point"),
            ("1e+", 3, "expected a digit in the exponent"),
            ("{", 1, "unexpected end of input; expected a string key"),
            ("{\"1234567890123\"", 16, "expected ':' after an object key"),
            ("{\"a\":", 5, "unexpected end of input; expected a value"),
            ("[true", 5, "unexpected end of input; expected ',' or ']' after an array element"),
            ("[1,\u{00}]", 3, "unexpected byte 0x00; expected a value"),
            ("  ", 2, "unexpected end of input; expected a value"),
        ]
        for (text, offset, message) in cases {
            let error = try #require(parseError(text))
            #expect(error.offset == offset, "\(text)")
            #expect(error.message == message, "\(text)")
        }
        var utf8 = Array("\"".utf8)
        utf8.append(0xC3)
        #expect(parseError(utf8)?.message == "unexpected end of input inside a UTF-8 sequence")
    }
}
