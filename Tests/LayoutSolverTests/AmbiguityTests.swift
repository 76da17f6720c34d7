import LayoutSolver
import Testing

@Suite struct AmbiguityTests {
    @Test func equalPriorityTieIsAmbiguous() throws {
        // x == 0 @750 and x == 10 @750: any x in [0, 10] costs 10.
        var s = Solver()
        let x = s.makeVariable()
        try s.add(pin(x, 0), .equal, priority: 750)
        try s.add(pin(x, 10), .equal, priority: 750)
        try s.solve()
        #expect(s.value(of: x) >= 0 && s.value(of: x) <= 10)
        #expect(s.ambiguousVariables() == [x])
    }

    @Test func tieBrokenByALowerLevelIsNotAmbiguous() throws {
        var s = Solver()
        let x = s.makeVariable()
        try s.add(pin(x, 0), .equal, priority: 750)
        try s.add(pin(x, 10), .equal, priority: 750)
        try s.add(pin(x, 4), .equal, priority: 1)
        try s.solve()
        #expect(s.value(of: x) == 4)
        #expect(s.ambiguousVariables() == [])
    }

    @Test func viewWithoutWidthIsAmbiguousUntilAWeakWidth() throws {
        // left == 10, top == 20, height == 30: width is free.
        var s = Solver()
        let left = s.makeVariable(), top = s.makeVariable(), width = s.makeVariable(), height = s.makeVariable()
        try s.add(pin(left, 10), .equal)
        try s.add(pin(top, 20), .equal)
        try s.add(pin(height, 30), .equal)
        try s.solve()
        #expect(s.ambiguousVariables() == [width])
        try s.add(pin(width, 100), .equal, priority: 1)
        try s.solve()
        #expect(s.ambiguousVariables() == [])
        #expect(s.value(of: width) == 100)
    }

    @Test func rightEdgeFollowsAFreeWidth() throws {
        // right == left + width with left == 0: width and right are free together.
        var s = Solver()
        let left = s.makeVariable(), width = s.makeVariable(), right = s.makeVariable()
        try s.add(pin(left, 0), .equal)
        try s.add(expr([(right, 1), (left, -1), (width, -1)]), .equal)
        try s.add(pin(left, 3), .equal, priority: 20)
        try s.solve()
        #expect(s.ambiguousVariables() == [width, right])
    }

    @Test func huggingAndCompressionPinAVariable() throws {
        // width ≤ 50 @250 (hugging), width ≥ 50 @750 (compression), width ≥ 0 required.
        var s = Solver()
        let w = s.makeVariable()
        try s.add(pin(w, 0), .greaterThanOrEqual)
        try s.add(pin(w, 50), .lessThanOrEqual, priority: 250)
        try s.add(pin(w, 50), .greaterThanOrEqual, priority: 750)
        try s.solve()
        #expect(s.value(of: w) == 50)
        #expect(s.ambiguousVariables() == [])
    }

    @Test func inequalityRangeWithoutPreferenceIsAmbiguous() throws {
        // 0 ≤ x ≤ 10 required and nothing else: x is free in the range.
        var s = Solver()
        let x = s.makeVariable()
        try s.add(pin(x, 0), .greaterThanOrEqual)
        try s.add(pin(x, 10), .lessThanOrEqual)
        try s.solve()
        #expect(s.ambiguousVariables() == [x])
    }

    @Test func unusedVariableIsAmbiguous() throws {
        var s = Solver()
        let a = s.makeVariable(), b = s.makeVariable()
        try s.add(pin(a, 1), .equal)
        try s.solve()
        #expect(s.ambiguousVariables() == [b])
    }
}

@Suite struct AmbiguityThroughDefinitionsTests {
    @Test func differenceOfTwoFreeVariablesIsAmbiguous() throws {
        // d = a − b with a and b in no other constraint: d moves with either, so all three are ambiguous.
        var s = Solver()
        let a = s.makeVariable(), b = s.makeVariable(), d = s.makeVariable()
        try s.add(LinearExpression([Term(d, 1), Term(a, -1), Term(b, 1)]), .equal)
        try s.solve()
        #expect(Set(s.ambiguousVariables()) == [a, b, d])
    }

    @Test func wellPosedChainIsNotAmbiguousUntilADefinitionNamesAnUnusedVariable() throws {
        // top = 0, mid = top + h, h == 30 (a row), h ≤ 50: no free direction and no variable
        // outside the rows and definitions, so nothing moves; then end = mid + gap with gap in
        // no other constraint: gap and end move, the rest stays fixed.
        var s = Solver()
        let top = s.makeVariable(), mid = s.makeVariable(), h = s.makeVariable()
        try s.add(LinearExpression([Term(top, 1)]), .equal)
        try s.add(LinearExpression([Term(mid, 1), Term(top, -1), Term(h, -1)]), .equal)
        try s.add(pin(h, 50), .lessThanOrEqual)
        try s.add(pin(h, 30), .equal, priority: 500)
        try s.solve()
        #expect(s.ambiguousVariables().isEmpty)
        let end = s.makeVariable(), gap = s.makeVariable()
        try s.add(LinearExpression([Term(end, 1), Term(mid, -1), Term(gap, -1)]), .equal)
        try s.solve()
        #expect(abs(s.value(of: mid) - 30) < 1e-9)
        #expect(Set(s.ambiguousVariables()) == [end, gap])
    }

    @Test func pinnedSumOfAFreeSplitIsNotAmbiguous() throws {
        // top = 0; mid = top + h0; bottom = mid + h1 (definitions); bottom == 100 pins the sum.
        // The split h0/h1 is free (so h0, h1 and mid are ambiguous) but bottom is fixed.
        var s = Solver()
        let top = s.makeVariable(), mid = s.makeVariable(), bottom = s.makeVariable()
        let h0 = s.makeVariable(), h1 = s.makeVariable()
        try s.add(LinearExpression([Term(top, 1)]), .equal)
        try s.add(LinearExpression([Term(mid, 1), Term(top, -1), Term(h0, -1)]), .equal)
        try s.add(LinearExpression([Term(bottom, 1), Term(mid, -1), Term(h1, -1)]), .equal)
        try s.add(LinearExpression([Term(h0, 1)]), .greaterThanOrEqual)
        try s.add(LinearExpression([Term(h1, 1)]), .greaterThanOrEqual)
        try s.add(LinearExpression([Term(bottom, 1)], constant: -100), .equal)
        try s.solve()
        #expect(abs(s.value(of: bottom) - 100) < 1e-9)
        let ambiguous = Set(s.ambiguousVariables())
        #expect(!ambiguous.contains(bottom) && !ambiguous.contains(top))
        #expect(ambiguous.contains(mid) && ambiguous.contains(h0) && ambiguous.contains(h1))
    }
}
