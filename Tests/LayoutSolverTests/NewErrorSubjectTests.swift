import LayoutSolver
import Testing

/// An optional equality whose new row is solved for one of its own errors: that error's cost
/// reaches the objective through the row. Worked by hand.
@Suite struct NewErrorSubjectTests {
    @Test func aRowSolvedForItsMarkerCostsItsParametricSymbols() throws {
        // x ≤ 10 makes x = 10 − s (s the slack). x == 3 @500: 0 = 7 − s − m + o, solved for
        // m = 7 − s + o, so s costs −1 and o 1 + 1: s enters on m's row (ratio 7), x = 3.
        var s = Solver()
        let x = s.makeVariable()
        try s.add(pin(x, 10), .lessThanOrEqual)
        try s.add(pin(x, 3), .equal, priority: 500)
        try s.solve()
        #expect(s.value(of: x) == 3)
        #expect(s.pivotCount == 1)
    }

    @Test func aRowSolvedForItsOtherErrorCostsItsParametricSymbols() throws {
        // x ≥ 0 makes x = s. x == 5 @500: 0 = s − 5 − m + o, negated to 5 − s + m − o and solved
        // for o = 5 − s + m, so s costs −1 and m 1 + 1: s enters on o's row (ratio 5), x = 5.
        var s = Solver()
        let x = s.makeVariable()
        try s.add(pin(x, 0), .greaterThanOrEqual)
        try s.add(pin(x, 5), .equal, priority: 500)
        try s.solve()
        #expect(s.value(of: x) == 5)
        #expect(s.pivotCount == 1)
    }
}
