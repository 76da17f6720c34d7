import LayoutSolver
import Testing

/// An optional equality whose new row is solved for one of its own errors: that error's cost
/// reaches the objective through the row. Worked by hand, one case per error:
/// - x ≤ 10 makes x = 10 − s (s the slack). x == 3 @500: 0 = 7 − s − m + o, solved for its
///   marker m = 7 − s + o, so s costs −1 and o 1 + 1: s enters on m's row (ratio 7), x = 3.
/// - x ≥ 0 makes x = s. x == 5 @500: 0 = s − 5 − m + o, negated to 5 − s + m − o and solved for
///   its other error o = 5 − s + m, so s costs −1 and m 1 + 1: s enters on o's row (ratio 5), x = 5.
@Suite struct NewErrorSubjectTests {
    @Test(arguments: [(Relation.lessThanOrEqual, 10.0, 3.0), (Relation.greaterThanOrEqual, 0.0, 5.0)])
    func aRowSolvedForItsOwnErrorCostsItsParametricSymbols(bound: Relation, at limit: Double, preferred: Double) throws {
        var s = Solver()
        let x = s.makeVariable()
        try s.add(pin(x, limit), bound)
        try s.add(pin(x, preferred), .equal, priority: 500)
        try s.solve()
        #expect(s.value(of: x) == preferred)
        #expect(s.pivotCount == 1)
    }
}
