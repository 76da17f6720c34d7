import LayoutModel
import Testing

/// A pointer's text, whichever way it holds its segments: a chain of nodes, an inline array
/// index, or an inline top-level member.
@Suite struct JSONPointerTests {
    @Test func theRootIsTheEmptyString() {
        #expect(JSONPointer.root.description == "")
        #expect(JSONPointer().description == "")
    }

    @Test func keysAndIndicesJoinWithSlashes() {
        #expect((JSONPointer.root / "views" / 3 / "intrinsicSize" / "width").description == "/views/3/intrinsicSize/width")
        #expect((JSONPointer.root / "sizes" / 0 / 1).description == "/sizes/0/1")
    }

    @Test func anInlineMemberReadsAsItsKey() {
        let constraints = JSONPointer(member: .constraints)
        #expect(constraints.description == "/constraints")
        #expect((constraints / 12).description == "/constraints/12")
        #expect((constraints / 12 / "secondItem").description == "/constraints/12/secondItem")
        #expect((constraints / 12 / 0).description == "/constraints/12/0")
        #expect((constraints / "multiplier").description == "/constraints/multiplier")
        #expect((JSONPointer(member: .views) / 4 / "parent").description == "/views/4/parent")
    }

    @Test func anInlineMemberEqualsTheSameChain() {
        let inline = JSONPointer(member: .constraints) / 7
        let chained = JSONPointer.root / "constraints" / 7
        #expect(inline == chained)
        #expect(inline.hashValue == chained.hashValue)
        #expect(inline != JSONPointer(member: .views) / 7)
        #expect(inline / "id" == chained / "id")
    }

    @Test func keysAreEscaped() {
        #expect((JSONPointer(member: .views) / 0 / "a/b~c").description == "/views/0/a~1b~0c")
    }

    @Test func aNegativeIndexIsASegmentOfItsOwn() {
        #expect((JSONPointer(member: .constraints) / -1).description == "/constraints/-1")
        #expect((JSONPointer(member: .constraints) / -1 / 2).description == "/constraints/-1/2")
    }

    @Test func escapedTextIsKeptAsGiven() {
        #expect(JSONPointer(escaped: "/views/2/id").description == "/views/2/id")
        #expect((JSONPointer(escaped: "/views/2") / "id").description == "/views/2/id")
    }
}
