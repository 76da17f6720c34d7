import JSON
import Testing

@Suite struct WriterTests {
    func text(_ writer: JSONWriter) -> String {
        String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func compactObjectsAndArrays() {
        var w = JSONWriter()
        w.beginObject()
        w.key("id"); w.string("root")
        w.key("frame"); w.beginArray(); w.number(0); w.number(44.5); w.number(375); w.endArray()
        w.key("empty"); w.beginObject(); w.endObject()
        w.key("none"); w.beginArray(); w.endArray()
        w.key("ok"); w.bool(true)
        w.key("no"); w.bool(false)
        w.key("nil"); w.null()
        w.key("n"); w.number(-42)
        w.key("raw"); w.raw(Array(#"{"a":[1]}"#.utf8))
        w.endObject()
        #expect(text(w) == #"{"id":"root","frame":[0,44.5,375],"empty":{},"none":[],"ok":true,"no":false,"nil":null,"n":-42,"raw":{"a":[1]}}"#)
    }

    @Test func stringArrays() {
        var w = JSONWriter()
        w.beginObject()
        w.key("ids"); w.strings(["a", "b\"c"])
        w.key("none"); w.strings([])
        w.endObject()
        #expect(text(w) == #"{"ids":["a","b\"c"],"none":[]}"#)
    }

    @Test func numberTextIsWhatNumberWrites() {
        for value in [0, -0.0, 120, 87.5, -8, 0.1, 1.0 / 3, 1e-7, 2e20, .infinity] {
            var w = JSONWriter()
            w.number(value)
            #expect(JSONWriter.numberText(value) == text(w))
        }
        #expect(JSONWriter.numberText(233.5) == "233.5")
    }

    @Test func prettyOutput() {
        var w = JSONWriter(pretty: true)
        w.beginObject()
        w.key("a"); w.number(1)
        w.key("b"); w.beginArray(); w.number(1); w.beginObject(); w.key("c"); w.null(); w.endObject(); w.endArray()
        w.key("d"); w.beginObject(); w.endObject()
        w.key("e"); w.beginArray(); w.endArray()
        w.endObject()
        #expect(text(w) == """
        {
          "a": 1,
          "b": [
            1,
            {
              "c": null
            }
          ],
          "d": {},
          "e": []
        }
        """)
    }

    @Test func rawSplicesIntoArrays() {
        var w = JSONWriter()
        w.beginArray(); w.raw(Array("1".utf8)); w.raw(Array("[2]".utf8)); w.endArray()
        #expect(text(w) == "[1,[2]]")
    }

    @Test func escapesStrings() {
        var w = JSONWriter()
        w.string("a\"b\\c/d\n\t\r\u{08}\u{0C}\u{01}\u{1F}\u{7F}é€𝄞")
        #expect(text(w) == #""a\"b\\c/d\n\t\r\b\f\u0001\u001f"# + "\u{7F}é€𝄞\"")
    }

    @Test func escapesAtEveryPositionOfEveryLength() throws {
        // Strings are copied eight bytes at a time while no byte needs escaping: an escape at
        // any offset, in any length, must still be found (and bytes 0x1F, 0x20, 0x7F, 0x80+
        // around the bounds left as they are).
        for special in ["\"", "\\", "\u{01}", "\u{1F}", "\n", " ", "\u{7F}", "é", "€"] {
            for length in 0...40 {
                for position in 0...length {
                    let text = String(repeating: "a", count: position) + special + String(repeating: "b", count: length - position)
                    var w = JSONWriter()
                    w.string(text)
                    let read = try JSONDocument(parsing: w.bytes).root.string
                    #expect(read == text)
                }
            }
        }
    }

    @Test func scalarTopLevelValues() {
        var w = JSONWriter()
        w.string("x")
        #expect(text(w) == #""x""#)
    }

    @Test(arguments: [
        (120.0, "120"), (-8.0, "-8"), (0.5, "0.5"), (-0.0, "0"), (0.0, "0"), (1e-7, "1e-07"),
        (1e20, "1e+20"), (1e15, "1000000000000000.0"), (1e16, "1e+16"), (999_999_999_999_999.0, "999999999999999"), (0.1, "0.1"),
        (1.0 / 3.0, "0.3333333333333333"), (5e-324, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
        (Double.infinity, "null"), (-Double.infinity, "null"), (Double.nan, "null"), (44.5, "44.5"),
    ])
    func formatsDoubles(_ value: Double, _ expected: String) {
        var w = JSONWriter()
        w.number(value)
        #expect(text(w) == expected)
    }

    @Test func shortDecimalsMatchTheShortestRoundTripDescription() {
        var generator = SplitMix64(seed: 3)
        for _ in 0..<20_000 {
            let scale = [1.0, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000][Int(generator.next() % 8)]
            let value = Double(Int64(generator.next() % 20_000_000_000) - 10_000_000_000) / scale
            var w = JSONWriter()
            w.number(value)
            let written = text(w)
            var expected = value.description
            if expected.hasSuffix(".0") { expected.removeLast(2) }
            if expected == "-0" { expected = "0" }
            #expect(written == expected)
        }
    }

    @Test func formatsIntegers() {
        var w = JSONWriter()
        w.beginArray()
        for value in [0, 7, -7, 1_000_000, Int.max, Int.min] { w.number(value) }
        w.endArray()
        #expect(text(w) == "[0,7,-7,1000000,9223372036854775807,-9223372036854775808]")
    }

    @Test func integersAroundTheWordOfDigits() {
        let values = [9, 10, 99_999_999, 100_000_000, -99_999_999, -100_000_000, 12_345_678, -1]
        var w = JSONWriter()
        w.beginArray()
        for value in values { w.number(value) }
        w.endArray()
        #expect(text(w) == "[" + values.map(String.init).joined(separator: ",") + "]")
        for value in values {
            var w = JSONWriter()
            w.number(Double(value))
            #expect(text(w) == String(value))
        }
    }

    @Test func literalKeysAndMembersWriteWhatKeysAndNumbersWrite() {
        for pretty in [false, true] {
            var general = JSONWriter(pretty: pretty, capacity: 1)
            var literal = JSONWriter(pretty: pretty, capacity: 1)
            general.beginObject(); literal.beginObject()
            general.key("x"); general.number(87.5); literal.member("x", number: 87.5)
            general.key("height"); general.number(-0.0); literal.member("height", number: -0.0)
            general.key("ratio"); general.number(1.0 / 3); literal.member("ratio", number: 1.0 / 3)
            general.key("size"); literal.key(literal: "size")
            general.beginObject(); literal.beginObject()
            general.key("width"); general.number(375); literal.member("width", number: 375)
            general.endObject(); literal.endObject()
            general.key("none"); general.number(.nan); literal.member("none", number: .nan)
            general.endObject(); literal.endObject()
            #expect(text(literal) == text(general))
        }
        var w = JSONWriter()
        w.beginObject(); w.member("x", number: 1); w.key(literal: "y"); w.number(2); w.endObject()
        #expect(text(w) == #"{"x":1,"y":2}"#)
    }

    @Test func nestingDeeperThanSixtyFourLevels() throws {
        // Whether each open container has an element yet is kept per level (the 64 innermost
        // in one word): the commas on the way back up must come out right at every depth.
        var expected = ""
        for depth in 0..<150 { expected += "[\(depth)," }
        for depth in (0..<150).reversed() { expected += (depth == 149 ? "" : ",") + "\(-depth)]" }
        for pretty in [false, true] {
            var w = JSONWriter(pretty: pretty)
            for depth in 0..<150 { w.beginArray(); w.number(depth) }
            for depth in (0..<150).reversed() { w.number(-depth); w.endArray() }
            var compact = JSONWriter()
            compact.value(try JSONDocument(parsing: w.bytes).root)
            #expect(text(compact) == expected)
        }
    }

    @Test func doublesRoundTripThroughTheReader() {
        var generator = SplitMix64(seed: 42)
        var values: [Double] = [1e20, 1e21, 1e22, 1e23, 123456789e30, 2.5e-310, 0.1 + 0.2, 4.35, 1e15 - 0.5]
        for _ in 0..<5_000 {
            let value = Double(bitPattern: generator.next())
            if value.isFinite { values.append(value) }
        }
        var w = JSONWriter()
        w.beginArray()
        values.forEach { w.number($0) }
        w.endArray()
        let parsed = (try? JSONDocument(parsing: w.bytes))?.root.elements.compactMap(\.number) ?? []
        #expect(parsed == values.map { $0 == 0 ? 0 : $0 })
    }
}

@Suite struct WriterValueTests {
    @Test func writesAParsedValueBackAsItWas() throws {
        let text = #"{"a":[1.50,-0,2e3,true,false,null],"b":{"c":"x\"y\n"},"d":[]}"#
        let document = try JSONDocument(parsing: Array(text.utf8))
        var writer = JSONWriter()
        writer.value(document.root)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == text)
    }
}
