import JSON
import Testing

@Suite struct DepthAndSizeTests {
    @Test func acceptsExactlyMaxDepth() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(parse(ok)?.count == 1)
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(parseError(deep))
        #expect(error.offset == 512)
        #expect(error.message == "nesting deeper than 512 levels")
        #expect(error.pointer == "/" + Array(repeating: "0", count: 511).joined(separator: "/"))
    }

    @Test func customMaxDepth() throws {
        _ = try JSONDocument(parsing: Array(#"{"a": [1]}"#.utf8), maxDepth: 2)
        let error = try #require(parseError(Array(#"{"a": [[1]]}"#.utf8), maxDepth: 2))
        #expect(error.offset == 7)
        #expect(error.pointer == "/a")
    }

    @Test func aMillionOpenBracketsFailFastWithoutRecursion() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(parseError([UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)))
        #expect(error.offset == 512)
        #expect(clock.now - start < .seconds(5))
        let objects = Array(String(repeating: #"{"a":"#, count: 200_000).utf8)
        #expect(try #require(parseError(objects)).offset == 512 * 5)
    }

    @Test func deepNestingWithinALargeLimitNeedsNoStack() throws {
        let depth = 200_000
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        let document = try JSONDocument(parsing: bytes, maxDepth: depth)
        #expect(document.root.count == 1)
    }

    @Test func bigObjectWithTenThousandKeys() throws {
        var text = "{"
        for i in 0..<10_000 {
            text += (i == 0 ? "" : ",") + "\"key\(i)\": \(i)"
        }
        let document = try JSONDocument(parsing: Array((text + "}").utf8))
        #expect(document.root.count == 10_000)
        #expect(document.root["key9999"]?.number == 9999)
        #expect(document.root.members[1234].key == "key1234")

        let error = try #require(parseError(text + #", "key4321": 0, "key17": 1}"#))
        #expect(error.message == #"duplicate key "key4321""#)
        let escaped = try #require(parseError(text + #", "\u006bey77": 0}"#))
        #expect(escaped.message == #"duplicate key "key77""#)
    }

    @Test func bigObjectWithCollidingPrefixesHasNoFalseDuplicates() throws {
        var text = "{"
        for i in 0..<5_000 {
            text += (i == 0 ? "" : ",") + "\"\(String(repeating: "k", count: i % 40))\(i)\": null, \"\\u0041\(i)\": null"
        }
        let document = try JSONDocument(parsing: Array((text + "}").utf8))
        #expect(document.root.count == 10_000)
        #expect(document.root["A4999"]?.kind == .null)
    }
}
