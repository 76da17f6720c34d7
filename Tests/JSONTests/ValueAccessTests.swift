import JSON
import Testing

@Suite struct ValueAccessTests {
    let text = #"{"id": "root", "frame": [0, 44.5, 375, 812], "hidden": false, "tags": [], "meta": {"x": null, "k\"ey": "v\u00e9"}}"#

    @Test func navigatesObjectsAndArrays() throws {
        let root = try #require(parse(text))
        #expect(root.kind == .object)
        #expect(root.count == 5)
        #expect(root.members.map(\.key) == ["id", "frame", "hidden", "tags", "meta"])
        #expect(root["id"]?.string == "root")
        #expect(root["frame"]?.elements.compactMap(\.number) == [0, 44.5, 375, 812])
        #expect(root["frame"]?[3]?.number == 812)
        #expect(root["hidden"]?.bool == false)
        #expect(root["tags"]?.count == 0)
        #expect(root["meta"]?["x"]?.kind == .null)
        #expect(root["meta"]?["k\"ey"]?.string == "vé")
        #expect(root["missing"] == nil)
    }

    /// Strings up to 15 bytes without escapes are made as small strings (checked for ASCII
    /// only), longer or escaped ones through `String(decoding:as:)`: every length on either side
    /// of the limit, ASCII or not, reads back as the text written, as values and as member names.
    @Test func stringsOfEveryShortLengthReadBackWhetherASCIIOrNot() throws {
        let ascii = "abcdefghijklmnopqrstu"
        var texts: [String] = []
        for count in 0...ascii.count {
            texts.append(String(ascii.prefix(count)))
            if count >= 2 { texts.append(String(ascii.prefix(count - 2)) + "é") }
            if count >= 3 { texts.append(String(ascii.prefix(count - 3)) + "日") }
        }
        texts.append("a\\b")
        for text in texts {
            let quoted = "\"" + text.map { $0 == "\\" ? "\\\\" : String($0) }.joined() + "\""
            let root = try #require(parse("{\(quoted): [\(quoted)]}"))
            #expect(root.members.map(\.key) == [text])
            #expect(root[text]?[0]?.string == text)
            #expect(root[text]?[0]?.string.map { Array($0.utf8) } == Array(text.utf8))
        }
    }

    @Test func hasMemberAgreesWithTheSubscript() throws {
        let root = try #require(parse(text))
        for key in ["id", "frame", "hidden", "meta", "missing", "", "k\"ey"] {
            #expect(root.hasMember(key) == (root[key] != nil))
        }
        #expect(root["meta"]?.hasMember("x") == true)
        #expect(root["meta"]?.hasMember("k\"ey") == true)
        #expect(root["frame"]?.hasMember("0") == false)
        #expect(root["id"]?.hasMember("id") == false)
    }

    @Test func indexesArraysOfScalarsAndOfContainers() throws {
        let root = try #require(parse(#"[[1, "a", null, true], [[1], {"b": [2]}, 3], []]"#))
        #expect(root[0]?[1]?.string == "a")
        #expect(root[0]?[3]?.bool == true)
        #expect(root[0]?[4] == nil)
        #expect(root[1]?[1]?["b"]?[0]?.number == 2)
        #expect(root[1]?[2]?.number == 3)
        #expect(root[1]?[3] == nil)
        #expect(root[2]?[0] == nil)
        #expect(root[2]?.count == 0)
    }

    @Test func elementSequenceWalksElementsOfEveryKindInOrder() throws {
        // Elements that are containers span several tape entries: each step skips a whole subtree.
        let root = try #require(parse(#"[[1, [2, [3]]], {"a": [4, 5], "b": {}}, "s", 6, [], null]"#))
        let elements = root.elementSequence
        #expect(elements.count == 6)
        #expect(!elements.isEmpty)
        #expect(elements.map(\.kind) == [.array, .object, .string, .number, .array, .null])
        #expect(elements.map(\.offset) == root.elements.map(\.offset))
        #expect(Array(elements).last?.kind == .null)
        #expect(root[0]?[1]?.elementSequence.map(\.count) == [0, 1])
        #expect(root[4]?.elementSequence.isEmpty == true)
        #expect(root[4]?.elementSequence.count == 0)
        for scalarOrObject in [root[1], root[2], root[3], root[5]] {
            #expect(scalarOrObject?.elementSequence.isEmpty == true)
            #expect(scalarOrObject.map { Array($0.elementSequence).isEmpty } == true)
        }
        // Iterating twice gives the same elements.
        #expect(elements.map(\.offset) == elements.map(\.offset))
    }

    @Test func forEachElementVisitsTheIteratorsElementsWithTheirPositions() throws {
        let root = try #require(parse(#"[[1, [2, [3]]], {"a": [4, 5], "b": {}}, "s", 6, [], null]"#))
        var visited: [(position: Int, offset: Int)] = []
        root.elementSequence.forEachElement { visited.append(($0, $1.offset)) }
        #expect(visited.map(\.position) == Array(0..<6))
        #expect(visited.map(\.offset) == root.elementSequence.map(\.offset))
        for scalarOrEmpty in [root[2], root[4]] {
            var calls = 0
            scalarOrEmpty?.elementSequence.forEachElement { _, _ in calls += 1 }
            #expect(calls == 0)
        }
        // A throwing body stops at the element that throws.
        struct Stop: Error {}
        var seen = 0
        #expect(throws: Stop.self) {
            try root.elementSequence.forEachElement { (position, _) throws(Stop) in
                seen += 1
                if position == 2 { throw Stop() }
            }
        }
        #expect(seen == 3)
    }

    @Test func accessorsNeverTrapOnTheWrongKind() throws {
        let root = try #require(parse(text))
        #expect(root["frame"]?[-1] == nil)
        #expect(root["frame"]?[4] == nil)
        #expect(root[0] == nil)
        #expect(root["id"]?["x"] == nil)
        #expect(root["id"]?[0] == nil)
        #expect(root["id"]?.count == 0)
        #expect(root["id"]?.elements.isEmpty == true)
        #expect(root["id"]?.members.isEmpty == true)
        #expect(root["id"]?.number == nil)
        #expect(root["id"]?.bool == nil)
        #expect(root.string == nil)
        #expect(root["frame"]?.members.isEmpty == true)
    }

    @Test func offsetsPointIntoTheSource() throws {
        let root = try #require(parse(text))
        let bytes = Array(text.utf8)
        #expect(root.offset == 0)
        #expect(bytes[try #require(root["id"]).offset] == UInt8(ascii: "\""))
        #expect(bytes[try #require(root["frame"]).offset] == UInt8(ascii: "["))
        #expect(try #require(root["frame"]?[1]).offset == 28)
    }

    @Test func valuesOutliveTheirDocument() throws {
        let value: JSONValue = try {
            let document = try JSONDocument(parsing: Array(#"{"a": ["b"]}"#.utf8))
            return try #require(document.root["a"])
        }()
        #expect(value[0]?.string == "b")
    }
}

@Suite struct FirstUnknownKeyTests {
    @Test func findsTheFirstNameOutsideTheList() throws {
        let document = try JSONDocument(parsing: Array(#"{"a": 1, "b": 2, "c\u0041": 3, "d": 4}"#.utf8))
        #expect(document.root.fields(JSONKeys(["a", "b", "cA", "d"])).unknownKey == nil)
        #expect(document.root.fields(JSONKeys(["a", "b"])).unknownKey == "cA")
        #expect(document.root.fields(JSONKeys(["a", "cA"])).unknownKey == "b")
        #expect(try JSONDocument(parsing: Array("[1]".utf8)).root.fields(JSONKeys([])).unknownKey == nil)
    }

    @Test func readsTheMembersOfAKeySetInOnePass() throws {
        let document = try JSONDocument(parsing: Array(#"{"secondAttribute": 1, "second": 2, "c\u0041": 3}"#.utf8))
        let fields = document.root.fields(JSONKeys(["cA", "second", "secondAttribute", "missing"]))
        #expect(fields[0]?.number == 3)
        #expect(fields[1]?.number == 2)
        #expect(fields[2]?.number == 1)
        #expect(fields[3] == nil)
        #expect(fields.unknownKey == nil)
    }

    @Test func forEachElementMatchingReadsEachElementAsItsOwnFieldsDo() throws {
        // Objects with the names in other orders, one missing, an unknown one, an escaped one,
        // a container value; a string, an empty object and a number between them: each
        // element's fields are exactly those it reads alone, none left over from the one before.
        let text = #"[{"a": 1, "b": "x"}, "s", {"b": [1, {"a": 9}], "zz": 0, "a": 2}, {}, {"c\u0061": 5, "form": true}, 7]"#
        let root = try #require(parse(text))
        let keys = JSONKeys(["a", "b", "ca", "form"])
        var positions: [Int] = []
        root.elementSequence.forEachElement(matching: keys, allowed: 3) { position, element, fields in
            positions.append(position)
            let alone = element.fields(keys, allowed: 3)
            #expect(element.offset == root[position]?.offset)
            #expect(fields.object.offset == element.offset)
            #expect(fields.unknownKey == alone.unknownKey, "element \(position)")
            for name in 0..<4 {
                #expect(fields.has(name) == alone.has(name), "element \(position), name \(name)")
                #expect(fields[name]?.offset == alone[name]?.offset, "element \(position), name \(name)")
            }
        }
        #expect(positions == Array(0..<6))
        let fieldsOf = { (position: Int) in try #require(root[position]).fields(keys, allowed: 3) }
        #expect(try fieldsOf(2).unknownKey == "zz")
        #expect(try fieldsOf(4).unknownKey == "form" && fieldsOf(4).number(2) == 5)
        var calls = 0
        try #require(parse("[]")).elementSequence.forEachElement(matching: keys) { _, _, _ in calls += 1 }
        #expect(calls == 0)
    }

    @Test func scratchFieldsReadTheObjectsNestedInOtherFields() throws {
        // Each nested object is read as it reads alone, none left over from the one before; a
        // member that is absent or not an object leaves the scratch as it was.
        let document = try JSONDocument(parsing: Array(#"[{"size": {"w": 1, "h": 2}, "edge": {"h": 3, "zz": 4}, "s": "x"}, {"size": {}}]"#.utf8))
        let outer = JSONKeys(["size", "edge", "s", "missing"])
        let inner = JSONKeys(["w", "h"])
        var nested = JSONFields(scratchIn: document.root)
        var read: [[Double?]] = []
        document.root.elementSequence.forEachElement(matching: outer) { _, element, fields in
            for member in 0..<2 where nested.rematch(member: member, of: fields, keys: inner) {
                let alone = element.fields(outer)[member]?.fields(inner)
                #expect(nested.object.offset == alone?.object.offset)
                #expect(nested.unknownKey == alone?.unknownKey)
                read.append([nested.number(0), nested.number(1)])
            }
            #expect(!nested.rematch(member: 2, of: fields, keys: inner) && !nested.rematch(member: 3, of: fields, keys: inner))
        }
        #expect(read == [[1, 2], [nil, 3], [nil, nil]])
        #expect(nested.unknownKey == nil && !nested.has(0) && !nested.has(1))
    }

    @Test func namesPastTheAllowedOnesAreMatchedButUnknown() throws {
        let keys = JSONKeys(["a", "b", "form", "other"])
        let late = try JSONDocument(parsing: Array(#"{"a": "x", "b": null, "form": 2, "zz": 3}"#.utf8))
        #expect(late.root.fields(keys, allowed: 2).unknownKey == "form")
        #expect(late.root.fields(keys).unknownKey == "zz")
        let early = try JSONDocument(parsing: Array(#"{"zz": 3, "f\u006frm": 2}"#.utf8))
        let fields = early.root.fields(keys, allowed: 2)
        #expect(fields.unknownKey == "zz")
        #expect(fields.has(2) && !fields.has(0) && !fields.has(3))
        #expect(fields.number(2) == 2)
    }

    @Test func readsMembersWhoseValuesAreContainersAndStopsAtTheObjectsEnd() throws {
        // Each member is found from the one before by its value's end of subtree, up to the
        // object's own end: the next object's members are not read as this one's.
        let document = try JSONDocument(parsing: Array(#"[{"a": {"b": [1, {"c": 2}]}, "c": [3], "d": {}}, {"a": 9, "x": 1}, {}]"#.utf8))
        let keys = JSONKeys(["a", "c", "d"])
        let first = try #require(document.root[0]).fields(keys)
        #expect(first[0]?.kind == .object && first[0]?["b"]?[1]?["c"]?.number == 2)
        #expect(first[1]?.elements.map(\.number) == [3])
        #expect(first[2]?.count == 0 && first.unknownKey == nil)
        let second = try #require(document.root[1]).fields(keys, allowed: 1)
        #expect(second.number(0) == 9 && !second.has(1) && !second.has(2) && second.unknownKey == "x")
        let empty = try #require(document.root[2]).fields(keys)
        #expect(!empty.has(0) && !empty.has(1) && !empty.has(2) && empty.unknownKey == nil)
    }

    @Test func readsMembersInPlace() throws {
        let document = try JSONDocument(parsing: Array(#"{"n": -1.5e2, "s": "l\u0065ft", "t": "centerXWithinMargins", "z": null}"#.utf8))
        let fields = document.root.fields(JSONKeys(["n", "s", "t", "z", "absent"]))
        let words = JSONKeys(["left", "centerXWithinMargins"])
        #expect(fields.number(0) == -150 && fields.number(1) == nil && fields.number(4) == nil)
        #expect(fields.string(1) == "left" && fields.string(0) == nil && fields.string(3) == nil)
        #expect(fields.string(1, in: words) == 0 && fields.string(2, in: words) == 1 && fields.string(0, in: words) == nil)
        #expect(fields.withStringUTF8(1) { Array($0) } == Array("left".utf8))
        #expect(fields.withStringUTF8(2) { $0.count } == 20)
        #expect(fields.withStringUTF8(3) { $0.count } == nil)
        #expect(fields.has(3) && !fields.has(4))
    }

    /// Names are told apart by their first eight bytes and length, then their last eight bytes
    /// (up to 16) or all of them: names alike in those still match exactly.
    @Test func matchesNamesThatShareTheirFirstBytes() throws {
        let names = ["abcdefgh1", "abcdefgh2", "abcdefghijklmnopq1", "abcdefghijklmnopq2", "abcdefgh", "", "a", "abcdefghijklmnop"]
        let keys = JSONKeys(names)
        let strings = names + ["abcdefgh3", "abcdefghijklmnopq3", "abcdefg", "abcdefghijklmnoq"]
        let document = try JSONDocument(parsing: Array(("[" + strings.map { "\"\($0)\"" }.joined(separator: ",") + "]").utf8))
        #expect(document.root.elements.map { $0.string(in: keys) } == Array(0..<names.count) + [nil, nil, nil, nil])
        #expect(strings.map { name in name.utf8.withContiguousStorageIfAvailable { keys.index(of: $0) } ?? nil } == document.root.elements.map { $0.string(in: keys) })
    }

    @Test func matchesAStringAgainstAKeySet() throws {
        let keys = JSONKeys(["left", "leftMargin", "centerXWithinMargins"])
        let document = try JSONDocument(parsing: Array(#"["leftMargin", "l\u0065ft", "centerXWithinMargin", 3, "centerXWithinMargins"]"#.utf8))
        #expect(document.root.elements.map { $0.string(in: keys) } == [1, 0, nil, nil, 2])
    }
}
