@testable import LayoutSolver
import Testing

/// `Solver.boundPairs`: which pending bounds on one expression share a row. Worked by hand.
@Suite struct BoundPairMatchingTests {
    @Test func eachBoundTakesTheFirstUnmatchedOppositeOneInHandleOrder() throws {
        var s = Solver()
        let w = s.makeVariable()
        // Handles 0-4 on w − 40: ≥, ≥, ≤, ≤, ≥. 2 takes 0, 3 takes 1 (0 is taken), 4 finds
        // only bounds of its own kind unmatched. 5 is w ≤ 50, another expression: alone.
        for relation: Relation in [.greaterThanOrEqual, .greaterThanOrEqual, .lessThanOrEqual, .lessThanOrEqual, .greaterThanOrEqual] {
            try s.add(pin(w, 40), relation, priority: 500)
        }
        try s.add(pin(w, 50), .lessThanOrEqual, priority: 500)
        let partners = s.boundPairs(excluding: [Int](repeating: -1, count: s.records.count))
        #expect(partners == [2, 3, 0, 1, -1, -1])
    }

    @Test func boundsOnDifferentVariablesOrScalesAreNotPaired() throws {
        var s = Solver()
        let v = s.makeVariable()
        let w = s.makeVariable()
        // 0: v ≤ 40 and 1: w ≥ 40 name different variables; 2: 2·v ≥ 80 is v ≥ 40 scaled,
        // another expression; 3: v ≥ 40 pairs with 0.
        try s.add(pin(v, 40), .lessThanOrEqual, priority: 250)
        try s.add(pin(w, 40), .greaterThanOrEqual, priority: 750)
        try s.add(expr([(v, 2)], -80), .greaterThanOrEqual, priority: 750)
        try s.add(pin(v, 40), .greaterThanOrEqual, priority: 750)
        let partners = s.boundPairs(excluding: [Int](repeating: -1, count: s.records.count))
        #expect(partners == [3, -1, -1, 0])
    }
}
