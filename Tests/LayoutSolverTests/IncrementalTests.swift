import LayoutSolver
import Testing

@Suite struct IncrementalTests {
    /// A small row: x0 == 0, x_{i+1} == x_i + w_i + 8, w_i == 40 @(250 + i), w_i ≥ 20 required,
    /// and the end x_n + w_n == 200 @750. Distinct width priorities make the optimum unique.
    func row(_ s: inout Solver, count: Int) throws -> (xs: [Variable], ws: [Variable]) {
        let xs = (0..<count).map { _ in s.makeVariable() }
        let ws = (0..<count).map { _ in s.makeVariable() }
        try s.add(pin(xs[0], 0), .equal)
        for i in 0..<count {
            try s.add(pin(ws[i], 40), .equal, priority: 250 + Double(i))
            try s.add(pin(ws[i], 20), .greaterThanOrEqual)
            if i + 1 < count { try s.add(expr([(xs[i + 1], 1), (xs[i], -1), (ws[i], -1)], -8), .equal) }
        }
        try s.add(expr([(xs[count - 1], 1), (ws[count - 1], 1)], -200), .equal, priority: 750)
        return (xs, ws)
    }

    @Test func suggestValueMatchesFromScratch() throws {
        // Edit x == v @1000 on a width; values after suggestions equal a fresh solver given w == v.
        var s = Solver()
        let (xs, ws) = try row(&s, count: 4)
        try s.solve()
        try s.addEditVariable(ws[1], priority: 1000)
        for value in [25.0, 60.0, 33.5, 20.0] {
            try s.suggestValue(value, for: ws[1])
            var fresh = Solver()
            let (fx, fw) = try row(&fresh, count: 4)
            try fresh.add(pin(fw[1], value), .equal)
            try fresh.solve()
            for i in 0..<4 {
                #expect(abs(s.value(of: xs[i]) - fresh.value(of: fx[i])) < 1e-9)
                #expect(abs(s.value(of: ws[i]) - fresh.value(of: fw[i])) < 1e-9)
            }
        }
    }

    @Test func editAddedAtAValueMatchesAddingThenSuggesting() throws {
        // Root-size edits first, as a layout adds them, then the row: the same values after
        // solve(), the same pivots and statistics as addEditVariable then suggestValue.
        func build(atValue: Bool) throws -> (values: [Double], pivots: Int, statistics: SolverStatistics) {
            var s = Solver()
            let end = s.makeVariable()
            let width = s.makeVariable()
            for (variable, value) in [(end, 200.0), (width, 60.0)] {
                if atValue {
                    try s.addEditVariable(variable, priority: 1000, value: value)
                } else {
                    try s.addEditVariable(variable, priority: 1000)
                    try s.suggestValue(value, for: variable)
                }
            }
            let (xs, ws) = try row(&s, count: 4)
            try s.add(expr([(xs[3], 1), (ws[3], 1), (end, -1)]), .equal)
            try s.add(expr([(ws[1], 1), (width, -1)]), .equal, priority: 900)
            try s.solve()
            return ((xs + ws + [end, width]).map { s.value(of: $0) }, s.pivotCount, s.statistics)
        }
        let added = try build(atValue: true)
        let suggested = try build(atValue: false)
        #expect(added.values == suggested.values)
        #expect(added.pivots == suggested.pivots)
        #expect(added.statistics == suggested.statistics)
        #expect(added.values[1 + 4] == 60)
    }

    @Test func suggestedWidthsByHand() throws {
        // 3 widths, gaps 8, end at 200 @750: w0 + w1 + w2 = 184. With w1 fixed at 100 by a
        // required edit, w0 + w2 = 84, both ≥ 20; w2 == 40 @252 outranks w0 == 40 @250, so
        // w2 = 40 and w0 = 44.
        var s = Solver()
        let (xs, ws) = try row(&s, count: 3)
        try s.addEditVariable(ws[1], priority: 1000)
        try s.suggestValue(100, for: ws[1])
        try s.solve()
        #expect(s.value(of: ws[1]) == 100)
        #expect(abs(s.value(of: xs[2]) + s.value(of: ws[2]) - 200) < 1e-9)
        #expect(abs(s.value(of: ws[0]) - 44) < 1e-9)
        #expect(abs(s.value(of: ws[2]) - 40) < 1e-9)
    }

    @Test func impossibleRequiredSuggestionKeepsThePreviousValue() throws {
        // w ≥ 20 required; a required edit on w cannot take 10: conflict {w ≥ 20, edit}.
        var s = Solver()
        let w = s.makeVariable()
        let floor = try s.add(pin(w, 20), .greaterThanOrEqual)
        try s.add(pin(w, 40), .equal, priority: 250)
        try s.solve()
        let edit = try s.addEditVariable(w, priority: 1000)
        try s.suggestValue(30, for: w)
        #expect(s.value(of: w) == 30)
        #expect(throws: SolverError.unsatisfiable(conflict: [floor, edit])) {
            try s.suggestValue(10, for: w)
        }
        try s.solve()
        #expect(s.value(of: w) == 30)
        try s.suggestValue(25, for: w)
        #expect(s.value(of: w) == 25)
    }

    @Test func optionalEditFollowsSuggestions() throws {
        // w ≤ 50 required, edit @500: suggestions above 50 stop at 50.
        var s = Solver()
        let w = s.makeVariable()
        try s.add(pin(w, 50), .lessThanOrEqual)
        try s.addEditVariable(w, priority: 500)
        try s.suggestValue(30, for: w)
        #expect(s.value(of: w) == 30)
        try s.suggestValue(80, for: w)
        #expect(s.value(of: w) == 50)
        try s.removeEditVariable(w)
        try s.addEditVariable(w, priority: 500)
        try s.suggestValue(-5, for: w)
        #expect(s.value(of: w) == -5)
    }

    @Test func removeMatchesFromScratch() throws {
        // Remove each constraint of a small problem in turn; compare with building without it.
        func build(_ s: inout Solver, skipping: Int?) throws -> ([Variable], [ConstraintHandle?]) {
            let x = s.makeVariable(), y = s.makeVariable(), z = s.makeVariable()
            let specs: [(LinearExpression, Relation, Double)] = [
                (pin(x, 10), .equal, 1000),
                (expr([(y, 1), (x, -1)], -5), .equal, 1000),
                (expr([(z, 1), (y, -1)]), .greaterThanOrEqual, 1000),
                (pin(z, 100), .equal, 250),
                (pin(z, 40), .lessThanOrEqual, 500),
                (pin(y, 30), .equal, 100),
                (pin(x, 0), .equal, 750),
                (pin(z, 20), .equal, 1),
            ]
            var handles: [ConstraintHandle?] = []
            for (i, spec) in specs.enumerated() {
                handles.append(i == skipping ? nil : try s.add(spec.0, spec.1, priority: spec.2))
            }
            return ([x, y, z], handles)
        }
        for removed in 0..<8 {
            var s = Solver()
            let (vars, handles) = try build(&s, skipping: nil)
            try s.solve()
            if let h = handles[removed] { try s.remove(h) }
            try s.solve()
            var fresh = Solver()
            let (fvars, _) = try build(&fresh, skipping: removed)
            try fresh.solve()
            for i in 0..<3 {
                #expect(abs(s.value(of: vars[i]) - fresh.value(of: fvars[i])) < 1e-9, "removed \(removed)")
            }
        }
    }

    @Test func removeByHand() throws {
        // x == 10 required, x == 0 @750: x = 10; remove the required one: x = 0.
        var s = Solver()
        let x = s.makeVariable()
        let h = try s.add(pin(x, 10), .equal)
        try s.add(expr([(x, 2)], -3), .greaterThanOrEqual, priority: 10)
        try s.add(pin(x, 0), .equal, priority: 750)
        try s.solve()
        #expect(s.value(of: x) == 10)
        try s.remove(h)
        try s.solve()
        #expect(s.value(of: x) == 0)
        #expect(!s.contains(h))
    }

    @Test func pivotBudgetStopsARun() throws {
        // 0 <= x <= 5 makes x = slack; x == 10 @751 then needs a pivot (the slack enters up to
        // the upper bound: it cannot take the row up alone, see NewErrorSubjectTests), ten times.
        var s = Solver(budget: SolverBudget(maxPivots: 1))
        let xs = (0..<10).map { _ in s.makeVariable() }
        for x in xs {
            try s.add(pin(x, 0), .greaterThanOrEqual)
            try s.add(pin(x, 5), .lessThanOrEqual)
            try s.add(pin(x, 10), .equal, priority: 751)
        }
        #expect(throws: SolverError.pivotBudgetExceeded(limit: 1)) { try s.solve() }
        s.budget = .unlimited
        try s.solve()
        #expect(xs.allSatisfy { s.value(of: $0) == 5 })
    }

    @Test func budgetStopInsideAnAddAddsNothing() throws {
        // x ≥ 0 and y ≥ 0 make x = s and y = t; x − y ≤ 1 makes its slack u = 1 − s + t. x == 5
        // is 0 = 5 − s, so phase one pivots (s enters on u's row, then t), refused with no budget.
        var s = Solver(budget: SolverBudget(maxPivots: 0))
        let x = s.makeVariable()
        let y = s.makeVariable()
        try s.add(pin(x, 0), .greaterThanOrEqual)
        try s.add(pin(y, 0), .greaterThanOrEqual)
        try s.add(expr([(x, 1), (y, -1)], -1), .lessThanOrEqual)
        try s.add(pin(x, 2), .equal, priority: 10)
        #expect(throws: SolverError.pivotBudgetExceeded(limit: 0)) { try s.add(pin(x, 5), .equal) }
        s.budget = .unlimited
        try s.solve()
        #expect(s.value(of: x) == 2)
        let h = try s.add(pin(x, 5), .equal)
        #expect(h.index == 4)
        try s.solve()
        #expect(s.value(of: x) == 5)
        #expect(s.value(of: y) >= 4)
    }

    @Test func pastDeadlineStopsARun() throws {
        var s = Solver(budget: SolverBudget(deadline: ContinuousClock.now - .seconds(1)))
        let x = s.makeVariable()
        #expect(throws: SolverError.deadlineExceeded) { try s.add(pin(x, 1), .equal) }
    }

    @Test func aBudgetSetLaterReadsBackAndApplies() throws {
        var s = Solver()
        let x = s.makeVariable()
        try s.add(pin(x, 1), .equal)
        let future = ContinuousClock.now + .seconds(60)
        s.budget = SolverBudget(maxPivots: 5, deadline: future)
        #expect(s.budget.maxPivots == 5)
        #expect(s.budget.deadline == future)
        let y = s.makeVariable()
        try s.add(pin(y, 2), .equal)
        let past = ContinuousClock.now - .seconds(1)
        s.budget = SolverBudget(deadline: past)
        #expect(s.budget.deadline == past)
        #expect(s.budget.maxPivots == .max)
        // The clock is read on every sixteenth add: one of the next sixteen stops.
        #expect(throws: SolverError.deadlineExceeded) {
            for value in 0..<16 { try s.add(pin(s.makeVariable(), Double(value)), .equal) }
        }
    }
}

@Suite struct EditPinnedByRequiredTests {
    @Test func aRequiredEqualityOnAnEditedVariableConflictsWhenTheEditMoves() throws {
        // w is a required edit at 375; w == 375 holds there and only pins the edit. Moving the
        // edit to 414 must conflict (with exactly the edit and the pin), and leave w at 375.
        var s = Solver()
        let w = s.makeVariable()
        let edit = try s.addEditVariable(w, priority: 1000)
        try s.suggestValue(375, for: w)
        #expect(!s.hasImpliedEqualities)
        let pin = try s.add(LinearExpression([Term(w, 1)], constant: -375), .equal)
        try s.solve()
        #expect(s.isImpliedByEarlierConstraints(pin) && s.hasImpliedEqualities)
        #expect(throws: SolverError.unsatisfiable(conflict: [edit, pin])) { try s.suggestValue(414, for: w) }
        try s.solve()
        #expect(s.value(of: w) == 375)
        // Without the pin the edit moves freely again (the removal rebuilds).
        try s.remove(pin)
        try s.suggestValue(414, for: w)
        try s.solve()
        #expect(s.value(of: w) == 414)
    }

    @Test func removingAPinnedEditKeepsThePin() throws {
        // x == w + 10 (required) ties x to the edited w; x == 385 then only pins the edit. Removing
        // the edit must keep both constraints: x stays 385 and w 375.
        var s = Solver()
        let w = s.makeVariable(), x = s.makeVariable()
        try s.addEditVariable(w, priority: 1000)
        try s.suggestValue(375, for: w)
        try s.add(LinearExpression([Term(x, 1), Term(w, -1)], constant: -10), .equal)
        try s.add(LinearExpression([Term(x, 1)], constant: -385), .equal)
        try s.removeEditVariable(w)
        try s.solve()
        #expect(s.value(of: w) == 375 && s.value(of: x) == 385)
    }
}
