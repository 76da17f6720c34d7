@testable import LayoutSolver
import Testing

/// `Row`: solving a row for one of its symbols, adding a row into one without terms, and merging
/// two rows. Values worked by hand.
@Suite struct RowTests {
    /// `0 = 6 + 2·s1 − 4·s3 + 8·s5`.
    func row() -> Row {
        var row = Row(constant: 6)
        row.add(2, 1)
        row.add(-4, 3)
        row.add(8, 5)
        return row
    }

    @Test func solvingForAMiddleSymbolDividesTheRestByMinusItsCoefficient() {
        var row = row()
        // s3 = (6 + 2·s1 + 8·s5) / 4 = 1.5 + 0.5·s1 + 2·s5
        #expect(row.solve(for: 3) == -4)
        #expect(row.constant == 1.5)
        #expect(row.magnitude == 1.5)
        #expect(row.terms.map(\.symbol) == [1, 5])
        #expect(row.terms.map(\.coefficient) == [0.5, 2])
    }

    @Test func solvingForTheFirstOrLastSymbolKeepsTheOthersInOrder() {
        var first = row()
        // s1 = −3 + 2·s3 − 4·s5
        #expect(first.solve(for: 1) == 2)
        #expect(first.constant == -3)
        #expect(first.terms.map(\.symbol) == [3, 5])
        #expect(first.terms.map(\.coefficient) == [2, -4])
        var last = row()
        // s5 = −0.75 − 0.25·s1 + 0.5·s3
        #expect(last.solve(for: 5) == 8)
        #expect(last.constant == -0.75)
        #expect(last.terms.map(\.coefficient) == [-0.25, 0.5])
    }

    @Test func aSymbolNotInTheRowLeavesItAsItWas() {
        var row = row()
        #expect(row.solve(for: 4) == 0)
        #expect(row.constant == 6)
        #expect(row.terms.map(\.coefficient) == [2, -4, 8])
    }

    @Test func addingIntoARowWithoutTermsScalesEveryTermAndTheConstant() {
        // 1 + (−0.5)·(6 + 2·s1 − 4·s3 + 8·s5) = −2 − s1 + 2·s3 − 4·s5; magnitude max(1, 0.5·6, 2) = 3
        var sum = Row(constant: 1)
        row().withView { sum.addIntoEmpty(-0.5, $0) }
        #expect(sum.constant == -2)
        #expect(sum.magnitude == 3)
        #expect(sum.terms.map(\.symbol) == [1, 3, 5])
        #expect(sum.terms.map(\.coefficient) == [-1, 2, -4])
        var searched = Row(constant: 1)
        row().withView { searched.addInPlace(-0.5, $0, added: { _ in }, dropped: { _ in }) }
        #expect(searched.constant == sum.constant && searched.magnitude == sum.magnitude)
        #expect(searched.terms.map(\.coefficient) == sum.terms.map(\.coefficient))
    }

    @Test func addingZeroTimesARowIntoARowWithoutTermsAddsNoTerm() {
        var sum = Row(constant: 1)
        row().withView { sum.addIntoEmpty(0, $0) }
        #expect(sum.terms.isEmpty)
        #expect(sum.constant == 1)
    }

    @Test func mergingSkipsTheSymbolAndDropsWhatCancels() {
        // (6 + 2·s1 − 4·s3 + 8·s5) + 2·(1 + 2·s3 + s4 − 4·s5), s1 left out:
        // 8 + 0·s3 + 2·s4 + 0·s5 → 8 + 2·s4; magnitude max(6, 2·1, 8) = 8
        var other = Row(constant: 1)
        other.add(2, 3)
        other.add(1, 4)
        other.add(-4, 5)
        var merged = Row()
        var added: [Int] = []
        var dropped: [Int] = []
        row().withView { target in
            other.withView { other in
                target.merge(2, other, skipping: 1, into: &merged, added: { added.append($0) }, dropped: { dropped.append($0) })
            }
        }
        #expect(merged.constant == 8)
        #expect(merged.magnitude == 8)
        #expect(merged.terms.map(\.symbol) == [4])
        #expect(merged.terms.map(\.coefficient) == [2])
        #expect(added == [4])
        #expect(dropped == [1, 3, 5])
    }
}
