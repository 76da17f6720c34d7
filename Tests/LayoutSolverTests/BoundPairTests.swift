import LayoutSolver
import Testing

/// Optional bounds `v ≤ c` and `v ≥ c` on one expression (content hugging and compression
/// resistance) share one tableau row with an error on each side, each costed at its own
/// priority: the answers must be those of two separate constraints.
@Suite struct BoundPairTests {
    /// A label's width with hugging 250 and compression 750 at its intrinsic 40.
    private func label(_ s: inout Solver, hugging: Double = 250, compression: Double = 750) throws
        -> (width: Variable, hugging: ConstraintHandle, compression: ConstraintHandle) {
        let w = s.makeVariable()
        let hug = try s.add(pin(w, 40), .lessThanOrEqual, priority: hugging)
        let resist = try s.add(pin(w, 40), .greaterThanOrEqual, priority: compression)
        return (w, hug, resist)
    }

    @Test func alonePairHoldsTheIntrinsicSizeInOneRow() throws {
        var s = Solver()
        let (w, _, _) = try label(&s)
        try s.solve()
        #expect(s.value(of: w) == 40)
        // One row: w = 40 + above − below. Two constraints apart would make two.
        #expect(s.statistics.rows == 1)
    }

    @Test func aStretchBetweenThePrioritiesBreaksOnlyHugging() throws {
        // width == 60 @500: compression (750) holds at 60, the stretch (500) holds, hugging
        // (250) gives way by 20. Width 60.
        var s = Solver()
        let (w, _, _) = try label(&s)
        try s.add(pin(w, 60), .equal, priority: 500)
        try s.solve()
        #expect(s.value(of: w) == 60)
    }

    @Test func aSqueezeBetweenThePrioritiesLosesToCompression() throws {
        // width == 30 @500: compression (750) keeps 40 at least, so the squeeze gives way by 10.
        var s = Solver()
        let (w, _, _) = try label(&s)
        try s.add(pin(w, 30), .equal, priority: 500)
        try s.solve()
        #expect(s.value(of: w) == 40)
    }

    @Test func aSqueezeAboveCompressionWins() throws {
        // width <= 30 @751 beats compression at 750: width 30.
        var s = Solver()
        let (w, _, _) = try label(&s)
        try s.add(pin(w, 30), .lessThanOrEqual, priority: 751)
        try s.solve()
        #expect(s.value(of: w) == 30)
    }

    @Test func removingOneHalfKeepsTheOther() throws {
        // With the squeeze to 30 @500, compression holds the width at 40; without compression
        // the squeeze wins and hugging (≤ 40) still holds: 30. Without hugging instead, a
        // stretch to 60 @100 wins: 60.
        var s = Solver()
        let (w, _, compression) = try label(&s)
        try s.add(pin(w, 30), .equal, priority: 500)
        try s.solve()
        #expect(s.value(of: w) == 40)
        try s.remove(compression)
        try s.solve()
        #expect(s.value(of: w) == 30)

        var t = Solver()
        let (v, hugging, _) = try label(&t)
        try t.add(pin(v, 60), .equal, priority: 100)
        try t.solve()
        #expect(t.value(of: v) == 40)
        try t.remove(hugging)
        try t.solve()
        #expect(t.value(of: v) == 60)
    }

    @Test func aThirdBoundOnTheSameExpressionStaysApart() throws {
        // w ≤ 40 @250, w ≥ 40 @750 and another w ≥ 40 @500 (paired with nothing), with
        // w == 10 @600: 750 keeps w ≥ 40, so w = 40, every bound holds and the 600 gives way.
        var s = Solver()
        let (w, _, _) = try label(&s)
        try s.add(pin(w, 40), .greaterThanOrEqual, priority: 500)
        try s.add(pin(w, 10), .equal, priority: 600)
        try s.solve()
        #expect(s.value(of: w) == 40)
    }

    @Test func requiredHuggingIsNotPaired() throws {
        // Hugging required: w ≤ 40 always; a stretch to 60 @999 cannot move it.
        var s = Solver()
        let (w, _, _) = try label(&s, hugging: 1000)
        try s.add(pin(w, 60), .equal, priority: 999)
        try s.solve()
        #expect(s.value(of: w) == 40)
    }

    @Test func twoLabelsInARowShareTheShortfallByPriority() throws {
        // Two labels of 40 in a 70-wide row (a.w + b.w == 70, required): b's compression at
        // 751 beats a's at 750, so b keeps 40 and a gets 30.
        var s = Solver()
        let (a, _, _) = try label(&s)
        let (b, _, _) = try label(&s, compression: 751)
        try s.add(expr([(a, 1), (b, 1)], -70), .equal)
        try s.solve()
        #expect(s.value(of: a) == 30)
        #expect(s.value(of: b) == 40)
    }
}
