import LayoutSolver
import Testing

/// Systems FuzzSolver found (Fuzz/Regressions/FuzzSolver), written out: after `solve()` every
/// required constraint must hold. They failed while the engine snapped any sum below 1e-10 of its
/// largest addend to zero: at magnitudes of 1e12 (reached through multipliers of 0.001 and 1000)
/// that discarded differences in the hundreds. Cancellation is now snapped below 1e-13, and each
/// system holds to what double arithmetic can carry at its magnitudes (the tolerance of each
/// check is that bound, worked out in its comment).
@Suite struct FuzzFindingsTests {
    /// `tiny-value-snapped-to-zero`: x0 + x2 + 8 = 0 and 999.9·x0 + 999.9·x0 + 0.001 = 0, so
    /// x0 = −0.001 / 1999.8 ≈ −5.0005e-7 and x2 = −8 − x0 (an optional −2·x0 + 0.5·x2 + 1e6/7 ≥ 0
    /// at 750 holds at that point: 0.5·(−8) + 142857 > 0).
    @Test func tinySolutionIsNotSnappedToZero() throws {
        var s = Solver()
        let x0 = s.makeVariable(), _ = s.makeVariable(), x2 = s.makeVariable()
        try s.add(expr([(x0, 1), (x2, 1)], 8), .equal)
        try s.add(expr([(x0, -2), (x2, 0.5)], 1e6 / 7), .greaterThanOrEqual, priority: 750)
        try s.add(expr([(x0, 999.9), (x0, 999.9)], 0.001), .equal)
        try s.solve()
        // x0 comes out of differences of numbers near 142857 / 2.5 ≈ 57141, whose spacing is 7e-12.
        #expect(abs(s.value(of: x0) - (-0.001 / 1999.8)) < 1e-10)
        #expect(abs(s.value(of: x0) + s.value(of: x2) + 8) < 1e-9)
    }

    /// `required-equality-left-unsolved`: a chain through 0.001 and 1000 coefficients with
    /// constants of 1e6. By hand, from the required equalities: 1001·x3 = −1e6; x1 = (2·x3 − 1e6)
    /// / 0.001; x2 = −(1e6 + 2·x1) / 0.001; x4 = 2·(0.001·x1 + 1e6); 1001·x0 = −1e6. The required
    /// inequality −x2 + 0.001·x4 − 1 ≤ 0 holds there (x2 ≈ 2e12).
    @Test func requiredEqualityThroughTinyCoefficientsHolds() throws {
        var s = Solver()
        let x = (0..<5).map { _ in s.makeVariable() }
        try s.add(expr([(x[3], 2), (x[1], -0.001)], -1e6), .equal)
        try s.add(expr([(x[1], 2), (x[2], 0.001)], 1e6), .equal)
        for _ in 0..<5 { try s.add(expr([(x[3], 1000), (x[3], 1)], 1e6), .equal) }
        try s.add(expr([(x[2], -1), (x[4], 0.001)], -1), .lessThanOrEqual)
        try s.add(expr([(x[4], -0.5), (x[1], 0.001)], 1e6), .equal)
        try s.add(expr([(x[3], 1000), (x[3], 1)], -1e6), .lessThanOrEqual, priority: 1)
        try s.add(expr([(x[0], -1000), (x[0], -1)], -1e6), .lessThanOrEqual, priority: 1)
        try s.add(expr([(x[0], -1000), (x[0], -1)], -1e6), .equal)
        try s.solve()
        let x3 = -1e6 / 1001
        let x1 = (2 * x3 - 1e6) / 0.001
        let x4 = 2 * (0.001 * x1 + 1e6)
        #expect(abs(s.value(of: x[3]) - x3) < 1e-9)
        #expect(abs(s.value(of: x[0]) - x3) < 1e-9)
        // x2 ≈ 2e12 (spacing 2.4e-4) takes part in the pivots; x4 ≈ −3996 (before, it came out 0)
        // satisfies its own equation −0.5·x4 + 0.001·x1 + 1e6 = 0 to 1e-8 of the 1e6 terms in it.
        let residual = -0.5 * s.value(of: x[4]) + 0.001 * s.value(of: x[1]) + 1e6
        #expect(abs(residual) < 1e-8 * 1e6)
        #expect(abs(s.value(of: x[4]) - x4) < 1e-2)
    }

    /// `required-equality-off-by-80`: optional constraints at 999, 750, 500 and 250 around four
    /// required ones (one added and removed first). Whatever the optional ones get, the required
    /// equality −1000·x2 + 2·x0 + 320 = 0 must hold (the required set is feasible: x3 = −8 / 1999.8,
    /// x0 ≤ −200 − 0.002·x3, x2 = (2·x0 + 320) / 1000, x5 ≥ 1000·(x0 + 1e6)).
    @Test func requiredEqualityAmongOptionalOnesHolds() throws {
        var s = Solver()
        let x = (0..<6).map { _ in s.makeVariable() }
        let removed = try s.add(expr([(x[1], 999.9), (x[2], 999.9)], -0.1), .equal, priority: 999)
        try s.remove(removed)
        try s.add(expr([(x[3], 999.9), (x[3], 999.9)], 8), .equal)
        try s.add(expr([(x[5], -0.001), (x[0], 1)], 1e6), .lessThanOrEqual)
        try s.add(expr([(x[4], 1.5), (x[5], 1)], 44), .greaterThanOrEqual, priority: 750)
        try s.add(expr([(x[3], -1), (x[4], -1)], -1), .equal, priority: 250)
        try s.add(expr([(x[2], 0.001), (x[3], -1)], -1e6), .equal, priority: 500)
        try s.add(expr([(x[0], 3), (x[2], -1)], 0.001), .lessThanOrEqual, priority: 999)
        try s.add(expr([(x[0], 1), (x[1], 2)], 8), .equal, priority: 500)
        try s.add(expr([(x[0], 0.5), (x[3], 0.001)], 100), .lessThanOrEqual)
        try s.add(expr([(x[2], -1000), (x[0], 2)], 320), .equal)
        try s.add(expr([(x[2], 7), (x[3], 2)], -0.1), .equal, priority: 250)
        try s.add(expr([(x[1], 1.5), (x[5], -2)], 44), .greaterThanOrEqual, priority: 999)
        try s.solve()
        let residual = -1000 * s.value(of: x[2]) + 2 * s.value(of: x[0]) + 320
        // The terms are about 2e6 (2·x0 ≈ −1000·x2): the residual must be within 1e-9 of them (it was 80).
        #expect(abs(residual) < 1e-9 * max(1, abs(2 * s.value(of: x[0]))))
        #expect(abs(1999.8 * s.value(of: x[3]) + 8) < 1e-9)
    }
}
