import Testing
@testable import LayoutModel

/// A constraint's name is its given id or its position, spelled `constraints[i]` or
/// `constraints[i].k` only when read, and compared and hashed as that text.
@Suite("Constraint names")
struct ConstraintNameTests {
    @Test func positionsAreSpelledAsTheRequestWritesThem() {
        #expect(ConstraintName.position(7).text == "constraints[7]")
        #expect(ConstraintName.position(99).text == "constraints[99]")
        #expect(ConstraintName.position(100).text == "constraints[100]")
        #expect(ConstraintName.position(199_999).text == "constraints[199999]")
        #expect(ConstraintName.position(Int(Int32.max)).text == "constraints[2147483647]")
        // Outside what the numbers hold: spelled at once, the same text.
        #expect(ConstraintName.position(Int(Int32.max) + 1).text == "constraints[2147483648]")
        #expect(ConstraintName.position(-3).text == "constraints[-3]")
        #expect(ConstraintName.position(Int.min).text == "constraints[\(Int.min)]")
    }

    @Test func partsNumberTheConstraintsOfOneElement() {
        let element = ConstraintName.position(3)
        #expect(element.part(0, of: 1) == element)
        #expect(element.part(0, of: 2).text == "constraints[3].0")
        #expect(element.part(1, of: 2).text == "constraints[3].1")
        #expect(ConstraintName("gap").part(2, of: 3).text == "gap.2")
        #expect(ConstraintName("gap").part(0, of: 1).text == "gap")
    }

    @Test func namesCompareAndHashAsTheirText() {
        #expect(ConstraintName("constraints[3]") == .position(3))
        #expect(ConstraintName("constraints[3].1") == ConstraintName.position(3).part(1, of: 2))
        #expect(ConstraintName.position(3) != .position(4))
        #expect(ConstraintName.position(3).part(1, of: 2) != ConstraintName.position(3).part(0, of: 2))
        #expect(ConstraintName.position(3) != "constraints[3].0")
        let names: Set<ConstraintName> = [.position(12), "constraints[12]", "x", ConstraintName.position(1).part(0, of: 2), "constraints[1].0"]
        #expect(names.count == 3)
        #expect("\(ConstraintName.position(5).part(2, of: 4))" == "constraints[5].2")
    }
}
