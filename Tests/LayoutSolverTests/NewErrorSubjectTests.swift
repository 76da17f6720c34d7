import LayoutSolver
import Testing

/// An optional equality whose new row is solved for one of its own errors, because the row's
/// slack cannot take it up (another bound would break): that error's cost reaches the objective
/// through the row. Worked by hand, one case per error:
/// - 8 ≤ x ≤ 10 makes x = 10 − s and the lower bound's slack t = 2 − s. x == 3 @500:
///   0 = 7 − s − m + o; s would have to be 7 (t = −5), so the row is solved for its marker
///   m = 7 − s + o: s costs −1 and o 1 + 1; s enters on t's row (ratio 2 < 7), x = 8.
/// - 0 ≤ x ≤ 3 makes x = s and t = 3 − s. x == 5 @500: 0 = s − 5 − m + o, negated to
///   5 − s + m − o; s would have to be 5 (t = −2), so it is solved for its other error
///   o = 5 − s + m: s costs −1 and m 1 + 1; s enters on t's row (ratio 3 < 5), x = 3.
@Suite struct NewErrorSubjectTests {
    @Test(arguments: [(8.0, 10.0, 3.0, 8.0), (0.0, 3.0, 5.0, 3.0)])
    func aRowSolvedForItsOwnErrorCostsItsParametricSymbols(low: Double, high: Double, preferred: Double, solved: Double) throws {
        var s = Solver()
        let x = s.makeVariable()
        if preferred < low {
            try s.add(pin(x, high), .lessThanOrEqual)
            try s.add(pin(x, low), .greaterThanOrEqual)
        } else {
            try s.add(pin(x, low), .greaterThanOrEqual)
            try s.add(pin(x, high), .lessThanOrEqual)
        }
        try s.add(pin(x, preferred), .equal, priority: 500)
        try s.solve()
        #expect(s.value(of: x) == solved)
        #expect(s.pivotCount == 1)
    }
}

/// An optional equality whose new row holds a slack that can take it up: the slack becomes the
/// row's subject and the errors start at 0, so no pivot follows. Worked by hand:
/// - x ≤ 10 makes x = 10 − s. x == 3 @500: 0 = 7 − s − m + o, solved for s = 7 − m + o (no
///   restricted row holds s), x = 3 + m − o = 3.
/// - x ≥ 0 makes x = s. x == 5 @500: 0 = s − 5 − m + o, negated to 5 − s + m − o, solved for
///   s = 5 + m − o, x = 5.
@Suite struct SlackSubjectTests {
    @Test(arguments: [(Relation.lessThanOrEqual, 10.0, 3.0), (Relation.greaterThanOrEqual, 0.0, 5.0)])
    func aSlackTakesUpAnOptionalEquality(bound: Relation, at limit: Double, preferred: Double) throws {
        var s = Solver()
        let x = s.makeVariable()
        try s.add(pin(x, limit), bound)
        try s.add(pin(x, preferred), .equal, priority: 500)
        try s.solve()
        #expect(s.value(of: x) == preferred)
        #expect(s.pivotCount == 0)
    }

    /// A required equality is left to phase one, which tells rounding residue from a row to hold:
    /// x ≥ 0 makes x = s; x == 5 is 0 = s − 5, negated to 5 − s; its artificial a = 5 − s is
    /// minimised by one pivot, s entering: x = 5.
    @Test func aRequiredEqualityIsLeftToPhaseOne() throws {
        var s = Solver()
        let x = s.makeVariable()
        try s.add(pin(x, 0), .greaterThanOrEqual)
        try s.add(pin(x, 5), .equal)
        try s.solve()
        #expect(s.value(of: x) == 5)
        #expect(s.pivotCount == 1)
    }

    /// A variable in the row goes first: x ≥ 0 makes x = s; x == y + 4 @500 with y in no row
    /// makes y its subject (y = s − 4 − m + o), and y == 1 @500 after it, 0 = s − 5 − m + o −
    /// m' + o' negated, holds no variable and is taken up by s = 5 + m − o + m' − o': x = 5 and
    /// y = 1, both met with no pivot (solved for its error o' = 5 − …, it took one).
    @Test func aVariableInTheRowGoesBeforeASlack() throws {
        var s = Solver()
        let x = s.makeVariable()
        let y = s.makeVariable()
        try s.add(pin(x, 0), .greaterThanOrEqual)
        try s.add(expr([(x, 1), (y, -1)], -4), .equal, priority: 500)
        try s.add(pin(y, 1), .equal, priority: 500)
        try s.solve()
        #expect(s.value(of: x) == 5)
        #expect(s.value(of: y) == 1)
        #expect(s.pivotCount == 0)
    }
}
