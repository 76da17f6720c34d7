@testable import LayoutSolver
import Testing

/// Builds `Σ coefficient·variable + constant`.
func expr(_ terms: [(Variable, Double)], _ constant: Double = 0) -> LinearExpression {
    LinearExpression(terms.map { Term($0.0, $0.1) }, constant: constant)
}

/// `variable - value`.
func pin(_ variable: Variable, _ value: Double) -> LinearExpression { expr([(variable, 1)], -value) }

@Suite struct PriorityTests {
    @Test func oneAt751OutweighsThreeAt750() throws {
        var s = Solver()
        let x = s.makeVariable()
        try s.add(pin(x, 0), .equal, priority: 751)
        for _ in 0..<3 { try s.add(pin(x, 10), .equal, priority: 750) }
        try s.solve()
        #expect(s.value(of: x) == 0)
    }

    @Test func highestOfFourAdjacentPrioritiesWins() throws {
        var s = Solver()
        let w = s.makeVariable()
        try s.add(pin(w, 1), .equal, priority: 996)
        try s.add(pin(w, 2), .equal, priority: 997)
        try s.add(pin(w, 3), .equal, priority: 998)
        try s.add(pin(w, 4), .equal, priority: 999)
        try s.solve()
        #expect(s.value(of: w) == 4)
    }

    @Test func everyConstraintAtAPriorityOfItsOwn() throws {
        // 2,000 variables, x_i preferring i @(1 + i/4) and 0 @(1 + i/4 + 1/8): 4,000 distinct
        // priorities, one level each. The higher of each pair wins by any margin, so by hand
        // every x_i = 0. (A dense objective would hold 4,000 levels × 8,000 symbols here.)
        var s = Solver()
        let xs = (0..<2000).map { _ in s.makeVariable() }
        for (i, x) in xs.enumerated() {
            let priority = 1 + Double(i) / 4
            try s.add(pin(x, Double(i)), .equal, priority: priority)
            try s.add(pin(x, 0), .equal, priority: priority + 0.125)
        }
        try s.solve()
        #expect(s.statistics.levels == 4000)
        #expect(xs.allSatisfy { s.value(of: $0) == 0 })
    }

    @Test func oneAt751OutweighsAHundredAt750() throws {
        var s = Solver()
        let x = s.makeVariable()
        try s.add(pin(x, 0), .equal, priority: 751)
        for _ in 0..<100 { try s.add(pin(x, 10), .equal, priority: 750) }
        try s.solve()
        #expect(s.value(of: x) == 0)
    }

    @Test func errorsAddWithinALevel() throws {
        // |x| + 2|x - 10| is smallest at x = 10.
        var s = Solver()
        let x = s.makeVariable()
        try s.add(pin(x, 0), .equal, priority: 750)
        try s.add(pin(x, 10), .equal, priority: 750)
        try s.add(pin(x, 10), .equal, priority: 750)
        try s.solve()
        #expect(s.value(of: x) == 10)
    }

    @Test func optionalInequalityErrorIsItsViolation() throws {
        // x ≤ 5 @500 against x == 8 @250: x = 5. Then x ≥ 7 @750 wins over both: x = 7.
        var s = Solver()
        let x = s.makeVariable()
        try s.add(pin(x, 5), .lessThanOrEqual, priority: 500)
        try s.add(pin(x, 8), .equal, priority: 250)
        try s.solve()
        #expect(s.value(of: x) == 5)
        try s.add(pin(x, 7), .greaterThanOrEqual, priority: 750)
        try s.solve()
        #expect(s.value(of: x) == 7)
    }

    @Test func requiredHoldsExactly() throws {
        // x + y == 100 required, x == 2y required, y == 0 @999: y = 100/3.
        var s = Solver()
        let x = s.makeVariable()
        let y = s.makeVariable()
        try s.add(expr([(x, 1), (y, 1)], -100), .equal)
        try s.add(expr([(x, 1), (y, -2)]), .equal)
        try s.add(pin(y, 0), .equal, priority: 999)
        try s.solve()
        #expect(abs(s.value(of: y) - 100.0 / 3) < 1e-9)
        #expect(abs(s.value(of: x) - 200.0 / 3) < 1e-9)
    }

    @Test func duplicateTermsAreSummed() throws {
        // x + x - 10 == 0 → x = 5.
        var s = Solver()
        let x = s.makeVariable()
        let y = s.makeVariable()
        try s.add(expr([(x, 1), (x, 1), (y, 0)], -10), .equal)
        try s.add(pin(y, 3), .equal, priority: 1)
        try s.solve()
        #expect(s.value(of: x) == 5)
    }

    @Test func tinyCoefficientsAreKept() throws {
        // x == 1e-9·y, y == 2e9 → x = 2.
        var s = Solver()
        let x = s.makeVariable()
        let y = s.makeVariable()
        try s.add(pin(y, 2e9), .equal)
        try s.add(expr([(x, 1), (y, -1e-9)]), .equal)
        try s.add(pin(x, 0), .equal, priority: 500)
        try s.solve()
        #expect(abs(s.value(of: x) - 2) < 1e-9)
    }

    @Test func redundantLargeChainIsNotAConflict() throws {
        // x0 = 0, x_{i+1} = x_i + 1e6 (i < 20), and x_20 = 2e7 again: redundant, not a conflict.
        var s = Solver()
        let xs = (0...20).map { _ in s.makeVariable() }
        try s.add(pin(xs[0], 0), .equal)
        for i in 0..<20 { try s.add(expr([(xs[i + 1], 1), (xs[i], -1)], -1e6), .equal) }
        try s.add(expr([(xs[20], 1)], -2e7), .equal)
        try s.add(expr([(xs[20], 3), (xs[10], -3)], -3e7), .equal)
        try s.solve()
        #expect(abs(s.value(of: xs[20]) - 2e7) < 1e-6)
    }
}

/// The order optional constraints enter in: by priority, highest first, then by handle.
@Suite struct PlacementOrderTests {
    /// Pending handles 0…n−1 at `priorities`, in the order `placePending` takes them.
    private func order(_ priorities: [Double]) throws -> [Int] {
        var s = Solver()
        let x = s.makeVariable()
        for priority in priorities { try s.add(pin(x, 0), .equal, priority: priority) }
        return s.placementOrder()
    }

    @Test func bucketsByPriorityKeepingHandleOrder() throws {
        #expect(try order([250, 750, 250, 999, 750, 1, 999]) == [3, 6, 1, 4, 0, 2, 5])
    }

    @Test func manyPrioritiesAreSortedAlike() throws {
        // 40 distinct priorities (past the buckets), each twice: 40 + k at handles k and 79 − k.
        let priorities = (0..<80).map { Double(40 + min($0, 79 - $0)) }
        let expected = (0..<40).reversed().flatMap { [$0, 79 - $0] }
        #expect(try order(priorities) == expected)
    }
}
