import LayoutSolver
import PropertyBased
import Testing

@Suite struct RobustnessTests {
    /// flat_row(N) from the benchmark families, N = 6: views of equal width between 8-point
    /// gaps in a 48·6 + 8 = 296 wide root; by hand x_i = 8 + 48i, w = 40.
    func flatRow(_ s: inout Solver) throws -> [(x: Variable, w: Variable)] {
        let rootWidth = s.makeVariable()
        try s.add(pin(rootWidth, 296), .equal)
        let views = (0..<6).map { _ in (x: s.makeVariable(), w: s.makeVariable()) }
        try s.add(pin(views[0].x, 8), .equal)
        for i in 1..<6 {
            try s.add(expr([(views[i].x, 1), (views[i - 1].x, -1), (views[i - 1].w, -1)], -8), .equal)
            try s.add(expr([(views[i].w, 1), (views[0].w, -1)]), .equal)
        }
        try s.add(expr([(views[5].x, 1), (views[5].w, 1), (rootWidth, -1)], 8), .equal)
        return views
    }

    @Test func flatRowByHand() throws {
        var s = Solver()
        let views = try flatRow(&s)
        try s.solve()
        for (i, v) in views.enumerated() {
            #expect(abs(s.value(of: v.x) - Double(8 + 48 * i)) < 1e-9)
            #expect(abs(s.value(of: v.w) - 40) < 1e-9)
        }
        #expect(s.ambiguousVariables() == [])
    }

    @Test func resultsAreDeterministic() throws {
        func run() throws -> ([UInt64], Int, SolverStatistics, [Variable]) {
            var s = Solver()
            let views = try flatRow(&s)
            try s.add(pin(views[2].w, 10), .equal, priority: 750)
            for v in views { try s.add(pin(v.x, 3), .greaterThanOrEqual, priority: 250) }
            try s.solve()
            return (views.flatMap { [s.value(of: $0.x).bitPattern, s.value(of: $0.w).bitPattern] },
                    s.pivotCount, s.statistics, s.ambiguousVariables())
        }
        let first = try run()
        let second = try run()
        #expect(first.0 == second.0)
        #expect(first.1 == second.1)
        #expect(first.2 == second.2)
        #expect(first.3 == second.3)
    }

    @Test func chainOfDefinitionsIsInlinedWhereReferenced() throws {
        // y0 = 0, y_{k+1} = y_k + h_k with h_k ≥ 10 and h_k == 20 @250: an open chain of
        // definitions. Then y_3 == 50 required enters the tableau with the chain inlined: h0 + h1 + h2 = 50
        // with each h at least 10 and wanting 20, so |h0-20|+|h1-20|+|h2-20| is 10 at best and
        // the split is not unique; y_4 = 50 + h_3 = 70 either way.
        var s = Solver()
        let ys = (0..<5).map { _ in s.makeVariable() }
        let hs = (0..<5).map { _ in s.makeVariable() }
        try s.add(pin(ys[0], 0), .equal)
        for k in 0..<4 {
            try s.add(pin(hs[k], 10), .greaterThanOrEqual)
            try s.add(pin(hs[k], 20), .equal, priority: 250)
            try s.add(expr([(ys[k + 1], 1), (ys[k], -1), (hs[k], -1)]), .equal)
        }
        #expect(s.statistics.definitions == 5)
        try s.solve()
        #expect(s.value(of: ys[4]) == 80)
        #expect(s.ambiguousVariables() == [hs[4]])
        try s.add(pin(ys[3], 50), .equal)
        try s.solve()
        #expect(abs(s.value(of: ys[3]) - 50) < 1e-9)
        #expect(abs(s.value(of: ys[4]) - 70) < 1e-9)
        let ambiguous = Set(s.ambiguousVariables())
        #expect(ambiguous.isSuperset(of: [hs[4]]))
        #expect(!ambiguous.contains(ys[4]) && !ambiguous.contains(ys[3]) && !ambiguous.contains(hs[3]))
    }

    @Test func requiredEditCanBeRemoved() throws {
        // w == 40 @250; a required edit holds w at 70; after removal w goes back to 40.
        var s = Solver()
        let w = s.makeVariable()
        try s.add(pin(w, 40), .equal, priority: 250)
        try s.solve()
        try s.addEditVariable(w, priority: 1000)
        try s.suggestValue(70, for: w)
        #expect(s.value(of: w) == 70)
        try s.removeEditVariable(w)
        try s.solve()
        #expect(s.value(of: w) == 40)
    }

    @Test func removingARedundantRequiredEqualityKeepsTheOther() throws {
        var s = Solver()
        let x = s.makeVariable()
        try s.add(pin(x, 5), .equal)
        let twin = try s.add(expr([(x, 2)], -10), .equal)
        try s.add(pin(x, 0), .equal, priority: 500)
        try s.remove(twin)
        try s.solve()
        #expect(s.value(of: x) == 5)
    }

    @Test func arbitraryInputNeverTraps() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000_000)) { seed in
            var rng = SplitMix(seed: seed)
            var s = Solver(budget: SolverBudget(maxPivots: 200))
            let xs = (0..<4).map { _ in s.makeVariable() }
            let magnitudes: [Double] = [0, 1, -1, 1e-12, 1e9, -3.5, 1e-300, .nan, .infinity, 7]
            var handles: [ConstraintHandle] = []
            for _ in 0..<15 {
                let terms = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                    Term(xs[Int.random(in: 0..<4, using: &rng)], magnitudes.randomElement(using: &rng) ?? 1)
                }
                let expression = LinearExpression(terms, constant: magnitudes.randomElement(using: &rng) ?? 0)
                let relation = [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng) ?? .equal
                let priority = [1000, 999, 1, 0, -1, 1e-9, 1000.0001, .nan].randomElement(using: &rng) ?? 1
                switch Int.random(in: 0..<5, using: &rng) {
                case 0:
                    if let h = handles.randomElement(using: &rng) { try? s.remove(h) }
                case 1:
                    let x = xs[Int.random(in: 0..<4, using: &rng)]
                    _ = try? s.addEditVariable(x, priority: priority)
                    try? s.suggestValue(magnitudes.randomElement(using: &rng) ?? 0, for: x)
                default:
                    if let h = try? s.add(expression, relation, priority: priority) { handles.append(h) }
                }
            }
            try? s.solve()
            for x in xs { _ = s.value(of: x) }
            _ = s.ambiguousVariables()
        }
    }
}

@Suite struct VariableMakingTests {
    @Test func variablesMadeAtOnceFollowTheOnesBefore() throws {
        var s = Solver()
        let a = s.makeVariable()
        let made = s.makeVariables(count: 3)
        let none = s.makeVariables(count: 0)
        let b = s.makeVariable()
        #expect(made.map(\.self) == [a.advanced(by: 1), a.advanced(by: 2), a.advanced(by: 3)])
        #expect(none.isEmpty && none.lowerBound == b)
        #expect(b == a.advanced(by: 4) && s.variableCount == 5)
        // Each is a variable of its own: x1 = x0 + 10, x2 = x1 + 10, x0 = 5.
        let x = Array(made)
        try s.add(expr([(x[1], 1), (x[0], -1)], -10), .equal)
        try s.add(expr([(x[2], 1), (x[1], -1)], -10), .equal)
        try s.add(pin(x[0], 5), .equal)
        try s.solve()
        #expect(x.map { s.value(of: $0) } == [5, 15, 25])
        #expect(Set(s.ambiguousVariables()) == [a, b])
    }
}

@Suite struct SparsityTests {
    @Test func flatRowStaysSparse() throws {
        // 2000 equal-width views between gaps: every chain row stays constant-sized.
        var s = Solver()
        let rootWidth = s.makeVariable()
        try s.add(pin(rootWidth, 48 * 2000 + 8), .equal)
        let views = (0..<2000).map { _ in (x: s.makeVariable(), w: s.makeVariable()) }
        try s.add(pin(views[0].x, 8), .equal)
        for i in 1..<2000 {
            try s.add(expr([(views[i].x, 1), (views[i - 1].x, -1), (views[i - 1].w, -1)], -8), .equal)
            try s.add(expr([(views[i].w, 1), (views[0].w, -1)]), .equal)
        }
        try s.add(expr([(views[1999].x, 1), (views[1999].w, 1), (rootWidth, -1)], 8), .equal)
        try s.solve()
        #expect(s.statistics.longestRow <= 2)
        #expect(s.pivotCount == 0)
        #expect(abs(s.value(of: views[1999].x) - (8 + 48 * 1999)) < 1e-6)
    }

    @Test func openListChainNeedsNoTableauRowsForPositions() throws {
        // y_{k+1} = y_k + h_k with soft heights: positions stay definitions (no dense rows).
        var s = Solver()
        let ys = (0...1000).map { _ in s.makeVariable() }
        let hs = (0..<1000).map { _ in s.makeVariable() }
        try s.add(pin(ys[0], 0), .equal)
        for k in 0..<1000 {
            try s.add(pin(hs[k], 44), .lessThanOrEqual, priority: 250)
            try s.add(pin(hs[k], 44), .greaterThanOrEqual, priority: 750)
            try s.add(expr([(ys[k + 1], 1), (ys[k], -1), (hs[k], -1)]), .equal)
        }
        try s.solve()
        #expect(s.statistics.longestRow <= 3)
        #expect(abs(s.value(of: ys[1000]) - 44_000) < 1e-6)
        #expect(s.ambiguousVariables() == [])
    }
}

@Suite struct OrderIndependenceTests {
    /// A nested layout of 200 boxes: each box holds two children side by side (equal widths,
    /// 8-point gaps and margins) whose heights want 20 + (k mod 5)·4 (hugging 250,
    /// compression 750); a box is at least as tall as each child plus margins and wants to be
    /// as short as possible (@50). Unique optimum; big enough for long columns.
    static func constraints(_ s: inout Solver) -> [(LinearExpression, Relation, Double)] {
        var out: [(LinearExpression, Relation, Double)] = []
        let root = (w: s.makeVariable(), h: s.makeVariable())
        out.append((pin(root.w, 4000), .equal, 1000))
        var queue = [root]
        var made = 1
        var k = 0
        while made < 200 {
            let parent = queue.removeFirst()
            let a = (x: s.makeVariable(), y: s.makeVariable(), w: s.makeVariable(), h: s.makeVariable())
            let b = (x: s.makeVariable(), y: s.makeVariable(), w: s.makeVariable(), h: s.makeVariable())
            made += 2
            out.append((pin(a.x, 8), .equal, 1000))
            out.append((expr([(b.x, 1), (a.x, -1), (a.w, -1)], -8), .equal, 1000))
            out.append((expr([(b.w, 1), (a.w, -1)]), .equal, 1000))
            out.append((expr([(b.x, 1), (b.w, 1), (parent.w, -1)], 8), .equal, 1000))
            for child in [a, b] {
                k += 1
                let want = Double(20 + k % 5 * 4)
                out.append((pin(child.y, 8), .equal, 1000))
                out.append((expr([(parent.h, 1), (child.y, -1), (child.h, -1)], -8), .greaterThanOrEqual, 1000))
                out.append((pin(child.h, want), .lessThanOrEqual, 250))
                out.append((pin(child.h, want), .greaterThanOrEqual, 750))
                queue.append((child.w, child.h))
            }
            out.append((pin(parent.h, 0), .lessThanOrEqual, 50))
        }
        return out
    }

    @Test func forwardReversedAndOptionalFirstAgree() throws {
        var reference: [Double]?
        for order in 0..<3 {
            var s = Solver()
            var list = Self.constraints(&s)
            if order == 1 { list.reverse() }
            if order == 2 { list = list.filter { $0.2 < 1000 } + list.filter { $0.2 >= 1000 } }
            for c in list { try s.add(c.0, c.1, priority: c.2) }
            try s.solve()
            let values = (0..<s.variableCount).map { i in s.value(of: Self.variable(i, in: s)) }
            if let reference {
                #expect(zip(values, reference).allSatisfy { abs($0 - $1) < 1e-6 }, "order \(order)")
            } else {
                reference = values
            }
            #expect(s.ambiguousVariables() == [])
        }
    }

    /// The same layout with its constraints in shuffled orders (inequalities, definitions, bound
    /// pairs and three optional levels among them): the values of the forward order. Before
    /// stale rows were refreshed in dependency order (see `StaleRowOrderTests`), seed 5 reported
    /// variables as ambiguous that are not, and seed 6 failed the solver's check of its answer.
    @Test(arguments: 1...6)
    func shuffledOrdersAgree(seed: Int) throws {
        func values(shuffled: Bool) throws -> [Double] {
            var s = Solver()
            var list = Self.constraints(&s)
            if shuffled {
                var generator = SplitMix(seed: seed)
                list.shuffle(using: &generator)
            }
            for c in list { try s.add(c.0, c.1, priority: c.2) }
            try s.solve()
            #expect(s.ambiguousVariables() == [])
            return (0..<s.variableCount).map { i in s.value(of: Self.variable(i, in: s)) }
        }
        let reference = try values(shuffled: false)
        let shuffled = try values(shuffled: true)
        #expect(zip(shuffled, reference).allSatisfy { abs($0 - $1) < 1e-6 })
    }

    /// The variable with index `i` (variables are dense and made in order).
    static func variable(_ i: Int, in s: Solver) -> Variable { Variable.at(i) }

    /// The table cells' shape, in one column: 300 cells stacked, `y[k] == y[k-1] + h[k-1]`
    /// from `y[0] == 0`, each height wanting 20 + (k mod 5)·4 (compression 750, hugging 250),
    /// with the preferences added first, as `LayoutEngine` adds them. A variable a preference
    /// names is not free for a definition, so each stacking equality defines a position, in
    /// either order, and each preference pair stays a row of its own height. Added after the
    /// equalities, the preferences leave the heights free to be defined (each the later
    /// variable of its equality): listed last cell first, the equalities then defined every
    /// height as a difference of positions, and the tableau held 89,106 terms instead of 1,196.
    @Test func stackingEqualitiesDefinePositionsInEitherOrder() throws {
        let count = 300
        func want(_ k: Int) -> Double { Double(20 + k % 5 * 4) }
        var statistics: [SolverStatistics] = []
        for reversed in [false, true] {
            var s = Solver()
            let cells = (0..<count).map { _ in (y: s.makeVariable(), h: s.makeVariable()) }
            for (k, cell) in cells.enumerated() {
                try s.add(pin(cell.h, want(k)), .lessThanOrEqual, priority: 250)
                try s.add(pin(cell.h, want(k)), .greaterThanOrEqual, priority: 750)
            }
            var stacking = [pin(cells[0].y, 0)]
            for k in 1..<count { stacking.append(expr([(cells[k].y, 1), (cells[k - 1].y, -1), (cells[k - 1].h, -1)])) }
            for expression in reversed ? stacking.reversed() : stacking { try s.add(expression, .equal) }
            try s.solve()
            var top = 0.0
            for (k, cell) in cells.enumerated() {
                #expect(abs(s.value(of: cell.y) - top) < 1e-6, "reversed \(reversed), cell \(k)")
                #expect(abs(s.value(of: cell.h) - want(k)) < 1e-9, "reversed \(reversed), cell \(k)")
                top += want(k)
            }
            statistics.append(s.statistics)
        }
        // Forward, every position is a definition and each preference pair one row of 3 terms.
        #expect(statistics[0].definitions == count)
        #expect(statistics[0].terms <= 3 * count)
        // Reversed, one position stays in the tableau with the chain to the top in its row.
        #expect(statistics[1].definitions == count - 1)
        #expect(statistics[1].terms <= 5 * count)
    }

    @Test func fittingRuleEntersAfterTheHigherLevelsAreOptimal() throws {
        // The soup's shape: row heights h_k >= 0 preferring 44 @999, stacked into a total that
        // the fitting-size rule wants at 0 @50. The 999 level is optimised before the fitting
        // row enters (built from the optimal heights): by hand, one pivot per height (its slack
        // enters for the 999 error) and none for the fitting row, which cannot lower the total
        // without breaking a 999 preference; the total is 44 per row.
        var s = Solver()
        let hs = (0..<400).map { _ in s.makeVariable() }
        let total = s.makeVariable()
        for h in hs {
            try s.add(pin(h, 0), .greaterThanOrEqual)
            try s.add(pin(h, 44), .equal, priority: 999)
        }
        try s.add(expr([(total, 1)] + hs.map { ($0, -1) }), .equal)
        try s.add(pin(total, 0), .equal, priority: 50)
        try s.solve()
        #expect(abs(s.value(of: total) - 44 * 400) < 1e-6)
        #expect(s.pivotCount <= 400)
    }
}

/// Required adds leave the rows of external variables stale (brought up to date when read, or
/// all of them by a removal or an edit; a solve reads its values through them); what reads them
/// meanwhile must see current values.
@Suite struct DeferredExternalRowsTests {
    /// a ≥ 0, b ≥ 0, a + b == 100: a = s1 and b = s2 are rows of externals, and the sum needs
    /// phase one, whose pivot rewrites s1 and leaves a's row stale.
    private func split() throws -> (Solver, a: Variable, b: Variable) {
        var s = Solver()
        let a = s.makeVariable(), b = s.makeVariable()
        try s.add(expr([(a, 1)]), .greaterThanOrEqual)
        try s.add(expr([(b, 1)]), .greaterThanOrEqual)
        try s.add(expr([(a, 1), (b, 1)], -100), .equal)
        return (s, a, b)
    }

    @Test func phaseOneChecksTheConstraintAtCurrentValues() throws {
        // Read stale, a + b would be 0 when phase one checks it: a false conflict.
        var (s, a, b) = try split()
        try s.add(pin(a, 30), .equal, priority: 500)
        try s.solve()
        #expect(abs(s.value(of: a) - 30) < 1e-9)
        #expect(abs(s.value(of: b) - 70) < 1e-9)
    }

    @Test func aSolveReadsValuesAndAmbiguityThroughStaleRows() throws {
        // After the first solve a's row is still stale: a + b == 100 leaves both free, then a
        // preference added after that solve pins them, read through the same stale row.
        var (s, a, b) = try split()
        try s.solve()
        #expect(s.ambiguousVariables() == [a, b])
        try s.add(pin(a, 30), .equal, priority: 500)
        try s.solve()
        #expect(s.ambiguousVariables().isEmpty)
        #expect(abs(s.value(of: a) - 30) < 1e-9)
        #expect(abs(s.value(of: b) - 70) < 1e-9)
        #expect(s.statistics.rows == 4)
    }

    @Test func removingAfterRequiredAddsSeesEveryRow() throws {
        // Removing the cap a <= 30 right after the adds (no solve between) must free a again.
        var (s, a, b) = try split()
        let cap = try s.add(pin(a, 30), .lessThanOrEqual)
        try s.remove(cap)
        try s.add(pin(a, 70), .equal, priority: 500)
        try s.solve()
        #expect(abs(s.value(of: a) - 70) < 1e-9)
        #expect(abs(s.value(of: b) - 30) < 1e-9)
    }

    @Test func removingAfterAnEditSeesEveryRow() throws {
        // PropertyTests seed 115203108, written out: removals right after adds (no solve
        // between), one of them the required inequality whose slack carries a folded twin.
        // Without bringing the rows up to date first, the solve came back `.imprecise`.
        // By hand: the edit holds x0 = −6, so x1 + x2 = 20. At 250, with x2 = 20 − x1, the
        // twin's |3·x1 + 3| and three copies of max(0, x1 + 11) sum to 30 for every x1 in
        // [−11, −1]; then x2 = 3 @0.003 picks the smallest x2 there: x2 = 21, x1 = −1.
        var s = Solver()
        let x = (0..<3).map { _ in s.makeVariable() }
        try s.add(pin(x[0], -5), .equal, priority: 0.001)
        try s.add(pin(x[1], 0), .equal, priority: 0.002)
        try s.add(pin(x[2], 3), .equal, priority: 0.003)
        let twin = expr([(x[0], -1), (x[1], 2), (x[2], -1)], 17)
        let atMost = expr([(x[0], 1), (x[1], 1)], 17)
        try s.add(expr([(x[0], -1), (x[1], -1), (x[2], -1)], 14), .equal)
        let preferred = try s.add(twin, .equal, priority: 250)
        let required = try s.add(twin, .greaterThanOrEqual)
        try s.add(twin, .equal, priority: 250)
        try s.add(atMost, .lessThanOrEqual, priority: 250)
        try s.solve()
        try s.addEditVariable(x[0], priority: 600)
        try s.suggestValue(-6, for: x[0])
        try s.add(atMost, .lessThanOrEqual, priority: 250)
        try s.remove(preferred)
        try s.add(atMost, .lessThanOrEqual, priority: 250)
        try s.remove(required)
        try s.solve()
        #expect(abs(s.value(of: x[0]) + 6) < 1e-9)
        #expect(abs(s.value(of: x[1]) + 1) < 1e-9)
        #expect(abs(s.value(of: x[2]) - 21) < 1e-9)
    }
}

/// Stale rows brought up to date in dependency order, whatever order the constraints come in.
@Suite struct StaleRowOrderTests {
    /// flat_row(100) of the benchmark families with its 200 required equalities shuffled by
    /// `seed`: the root width is an edit at 48·100 + 8 = 4808, and by hand x_i = 8 + 48i,
    /// w_i = 40. Rows of externals go stale as the equalities arrive, and refreshing one brings
    /// its stale dependencies up to date first. When two of them were dependencies of one row,
    /// the second depending on the first, the first was already on the stack below the second
    /// and was not pushed again: the second was refreshed through its stale row and kept a
    /// basic symbol. Seeds 88, 235 and 265 then failed the solver's own check of the answer
    /// (`.imprecise`; layoutd refused such layouts as numerically unstable), and later reads
    /// through the corrupted rows could loop without end.
    @Test(arguments: 1...300)
    func scrambledFlatRowMatchesHand(seed: Int) throws {
        let count = 100
        var s = Solver()
        let root = s.makeVariable()
        try s.addEditVariable(root, priority: 1000, value: 4808)
        let views = (0..<count).map { _ in (x: s.makeVariable(), w: s.makeVariable()) }
        var equalities = [pin(views[0].x, 8)]
        for i in 1..<count {
            equalities.append(expr([(views[i].x, 1), (views[i - 1].x, -1), (views[i - 1].w, -1)], -8))
            equalities.append(expr([(views[i].w, 1), (views[0].w, -1)]))
        }
        equalities.append(expr([(views[count - 1].x, 1), (views[count - 1].w, 1), (root, -1)], 8))
        var generator = SplitMix(seed: seed)
        equalities.shuffle(using: &generator)
        for equality in equalities { try s.add(equality, .equal) }
        try s.solve()
        for (i, view) in views.enumerated() {
            #expect(abs(s.value(of: view.x) - Double(8 + 48 * i)) < 1e-6, "view \(i)")
            #expect(abs(s.value(of: view.w) - 40) < 1e-6, "view \(i)")
        }
    }
}
