import LayoutSolver
import Testing

/// A solver made without reserved capacity, whose symbols outgrow several chunks of the
/// tableau's per-symbol tables (64 symbols at a time): the symbols made after each growth are
/// parametric, in no row and without cost until their constraints say otherwise. Worked by hand.
@Suite struct SymbolTableGrowthTests {
    @Test func symbolsPastSeveralChunksSolveAndRemove() throws {
        // For i in 0..<100: x_i ≥ i (x_i = i + s_i) and x_i == 0 @500, solved for its marker
        // m_i = i + s_i + o_i, whose costs are all positive: x_i = i. 300 symbols in all.
        // Removing x_99 ≥ 99 leaves x_99 == 0 @500 alone: x_99 = 0.
        var s = Solver()
        var xs: [Variable] = []
        var floors: [ConstraintHandle] = []
        for i in 0..<100 {
            let x = s.makeVariable()
            xs.append(x)
            floors.append(try s.add(pin(x, Double(i)), .greaterThanOrEqual))
            try s.add(pin(x, 0), .equal, priority: 500)
        }
        try s.solve()
        for i in 0..<100 { #expect(s.value(of: xs[i]) == Double(i)) }
        try s.remove(floors[99])
        try s.solve()
        #expect(s.value(of: xs[99]) == 0)
        for i in 0..<99 { #expect(s.value(of: xs[i]) == Double(i)) }
    }
}
