import LayoutSolver
import Testing

/// FuzzSolver (2026-11-25, `crash-9cce9a55…`, the first run with coverage instrumentation),
/// reduced from 12 constraints to 3. Present before the 2026-11-25 solver changes too (same
/// refusal, same values, at ec0dcef).
///
/// −1.001·x + 0.001 = 0 puts x at 0.001 / 1.001 ≈ 0.000999001; then −0.999·x + 0.001 ≤ 0 asks
/// x ≥ 0.001 / 0.999 ≈ 0.001001001: a conflict of 2.0e-6 in that row, between two constraints
/// on x alone. Alone, the pair is refused as a conflict. With 0.5·x + 0.75·y + 1e6/7 ≤ 0 added
/// first, x becomes basic in a row carrying 2.9e5; the new row is computed through it, and the
/// consistency test (1e-11 of its `Row.magnitude`: 2.9e-6) takes the miss for rounding. The
/// constraint used to be accepted and `solve()` then threw `.imprecise(2)`, at a peak of only
/// 2.9e5 through coefficients of about 1 (FuzzSolver counts the raw term 0.001: 2.9e8 < 1e9, so
/// it stops). Phase one now also evaluates the constraint itself at the values it reached, with
/// the precision `solve()` demands: a miss of 2.0e-6 against a size of about 1 is a conflict.
@Suite struct NearParallelConflictTests {
    @Test func nearParallelConflictAloneIsRefused() throws {
        var s = Solver()
        let x = s.makeVariable()
        let pin = try s.add(expr([(x, -1), (x, -0.001)], 0.001), .equal)
        #expect(throws: SolverError.unsatisfiable(conflict: [pin])) {
            try s.add(expr([(x, -1), (x, 0.001)], 0.001), .lessThanOrEqual)
        }
        try s.solve()
        #expect(abs(s.value(of: x) - 0.001 / 1.001) < 1e-12)
    }

    @Test func nearParallelConflictBesideALargeConstantIsRefused() throws {
        var s = Solver()
        let x = s.makeVariable(), y = s.makeVariable()
        try s.add(expr([(x, 0.5), (y, 0.75)], 1e6 / 7), .lessThanOrEqual)
        let pin = try s.add(expr([(x, -1), (x, -0.001)], 0.001), .equal)
        #expect(throws: SolverError.unsatisfiable(conflict: [pin])) {
            try s.add(expr([(x, -1), (x, 0.001)], 0.001), .lessThanOrEqual)
        }
        // With the conflict refused, x = 0.001 / 1.001 and y ≤ −(1e6/7 + 0.5·x) / 0.75.
        try s.solve()
        #expect(abs(s.value(of: x) - 0.001 / 1.001) < 1e-9)
        #expect(s.value(of: y) <= -(1e6 / 7 + 0.5 * 0.001 / 1.001) / 0.75 + 1e-6)
    }
}
