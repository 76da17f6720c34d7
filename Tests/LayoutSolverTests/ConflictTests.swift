import LayoutSolver
import Testing

@Suite struct ConflictTests {
    @Test func minimalConflictAmongUnrelatedConstraints() throws {
        // 30 unrelated required pins on other variables, plus a ≤ b, b ≤ c (two of the three).
        // Adding c ≤ a - 1 conflicts with exactly {a ≤ b, b ≤ c}.
        var s = Solver()
        let a = s.makeVariable()
        let b = s.makeVariable()
        let c = s.makeVariable()
        var noise: [Variable] = []
        var expected: [ConstraintHandle] = []
        for i in 0..<30 {
            let v = s.makeVariable()
            noise.append(v)
            try s.add(pin(v, Double(i)), .equal)
            if i == 10 { expected.append(try s.add(expr([(a, 1), (b, -1)]), .lessThanOrEqual)) }
            if i == 20 { expected.append(try s.add(expr([(b, 1), (c, -1)]), .lessThanOrEqual)) }
            try s.add(expr([(v, 1), (a, -1)], -1000), .lessThanOrEqual, priority: 500)
        }
        try s.add(pin(a, 5), .equal, priority: 250)
        #expect(throws: SolverError.unsatisfiable(conflict: expected)) {
            try s.add(expr([(c, 1), (a, -1)], 1), .lessThanOrEqual)
        }
    }

    @Test func conflictOfThreeEqualities() throws {
        // x = 1, y = x + 1, z = y + 1 (plus unrelated w constraints); z == 5 conflicts with all three.
        var s = Solver()
        let x = s.makeVariable(), y = s.makeVariable(), z = s.makeVariable(), w = s.makeVariable()
        let h0 = try s.add(pin(x, 1), .equal)
        try s.add(pin(w, 7), .equal)
        let h1 = try s.add(expr([(y, 1), (x, -1)], -1), .equal)
        try s.add(expr([(w, 1), (x, -1)], -100), .lessThanOrEqual)
        let h2 = try s.add(expr([(z, 1), (y, -1)], -1), .equal)
        #expect(throws: SolverError.unsatisfiable(conflict: [h0, h1, h2])) {
            try s.add(pin(z, 5), .equal)
        }
        try s.solve()
        #expect(s.value(of: z) == 3)
    }

    @Test func constantOnlyContradictionHasEmptyConflict() {
        var s = Solver()
        #expect(throws: SolverError.unsatisfiable(conflict: [])) {
            try s.add(LinearExpression(constant: 1), .equal)
        }
        #expect(throws: SolverError.unsatisfiable(conflict: [])) {
            try s.add(LinearExpression(constant: -1), .greaterThanOrEqual)
        }
    }

    @Test func failedAddLeavesStateUnchanged() throws {
        // x ≥ 10, y == x + 5 required; x == 0 @500, y == 100 @250. x ≤ 3 fails.
        // Afterwards: handles continue densely, x = 10, y = 15, and a later x ≤ 20 works.
        var s = Solver()
        let x = s.makeVariable(), y = s.makeVariable()
        let h0 = try s.add(pin(x, 10), .greaterThanOrEqual)
        try s.add(expr([(y, 1), (x, -1)], -5), .equal)
        try s.add(pin(x, 0), .equal, priority: 500)
        try s.add(pin(y, 100), .equal, priority: 250)
        try s.solve()
        #expect(throws: SolverError.unsatisfiable(conflict: [h0])) {
            try s.add(pin(x, 3), .lessThanOrEqual)
        }
        let next = try s.add(pin(x, 20), .lessThanOrEqual)
        #expect(next.index == 4)
        try s.solve()
        #expect(s.value(of: x) == 10)
        #expect(s.value(of: y) == 15)
        #expect(s.contains(next))
    }

    @Test func invalidValuesAreRejected() {
        var s = Solver()
        let x = s.makeVariable()
        #expect(throws: SolverError.self) { try s.add(expr([(x, .nan)]), .equal) }
        #expect(throws: SolverError.self) { try s.add(expr([(x, 1)], .infinity), .equal) }
        #expect(throws: SolverError.self) { try s.add(pin(x, 1), .equal, priority: 0) }
        #expect(throws: SolverError.self) { try s.add(pin(x, 1), .equal, priority: 1000.5) }
        #expect(throws: SolverError.self) { try s.add(pin(x, 1), .equal, priority: .nan) }
        #expect(throws: SolverError.invalidValue("priority 1000.5 is outside (0, 1000]")) {
            try s.addEditVariable(x, priority: 1000.5)
        }
        for error in [
            catching { () throws(SolverError) in try s.add(expr([(x, .nan)]), .equal) },
            catching { () throws(SolverError) in try s.add(pin(x, 1), .equal, priority: -3) },
        ] {
            guard case .invalidValue = error else {
                Issue.record("expected invalidValue, got \(String(describing: error))")
                continue
            }
        }
        let fine = try? s.add(pin(x, 1), .equal, priority: 1)
        #expect(fine?.index == 0)
    }

    @Test func unknownHandlesAndEdits() throws {
        var s = Solver()
        let x = s.makeVariable()
        let h = try s.add(pin(x, 1), .equal, priority: 10)
        try s.remove(h)
        #expect(throws: SolverError.unknownConstraint(h)) { try s.remove(h) }
        #expect(throws: SolverError.unknownEditVariable(x)) { try s.suggestValue(3, for: x) }
        #expect(throws: SolverError.unknownEditVariable(x)) { try s.removeEditVariable(x) }
        try s.addEditVariable(x, priority: 500)
        #expect(throws: SolverError.duplicateEditVariable(x)) { try s.addEditVariable(x, priority: 400) }
        #expect(throws: SolverError.self) { try s.suggestValue(.nan, for: x) }
    }
}

/// The error thrown by `body`, if any.
func catching(_ body: () throws(SolverError) -> ConstraintHandle) -> SolverError? {
    do { _ = try body() } catch { return error }
    return nil
}

