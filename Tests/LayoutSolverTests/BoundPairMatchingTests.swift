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

    @Test func manyCopiesPairOldestFirst() throws {
        var s = Solver()
        let w = s.makeVariable()
        // 3,000 copies of w ≤ 40, then 3,000 of w ≥ 40, then 1,000 pairs ≤, ≥ alternating: the
        // k-th ≥ takes the k-th ≤ (handle k), and in the alternating tail each ≥ takes the ≤ just
        // before it (no earlier one is left unmatched by then).
        for _ in 0..<3000 { try s.add(pin(w, 40), .lessThanOrEqual, priority: 500) }
        for _ in 0..<3000 { try s.add(pin(w, 40), .greaterThanOrEqual, priority: 500) }
        for _ in 0..<1000 {
            try s.add(pin(w, 40), .lessThanOrEqual, priority: 500)
            try s.add(pin(w, 40), .greaterThanOrEqual, priority: 500)
        }
        let partners = s.boundPairs(excluding: [Int](repeating: -1, count: s.records.count))
        #expect(partners[0] == 3000 && partners[2999] == 5999 && partners[3000] == 0 && partners[5999] == 2999)
        #expect(partners[6000] == 6001 && partners[6001] == 6000 && partners[7998] == 7999 && partners[7999] == 7998)
        #expect(partners.allSatisfy { $0 >= 0 })
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
