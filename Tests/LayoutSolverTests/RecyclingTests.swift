import LayoutSolver
import PropertyBased
import Testing

/// A solver made new with its storage kept (`Solver.reset(budget:)`) answers as a new one.
@Suite struct RecyclingTests {
    /// What a run of a problem answers, compared whole: values bit for bit, each constraint's
    /// handle or conflict, the pivots, the free variables and the tableau's counters.
    struct Outcome: Equatable {
        var added: [String] = []
        var values: [UInt64] = []
        var pivots = 0
        var ambiguous: [Variable] = []
        var statistics: SolverStatistics?
    }

    /// Adds the problem's constraints, removes the second one kept, moves an edit of the first
    /// variable, and solves: every table of the solver gets entries (definitions, pending
    /// optional bounds, the objective's levels, edits).
    static func run(_ problem: RandomProblem, on solver: inout Solver) -> Outcome {
        var outcome = Outcome()
        let xs = (0..<RandomProblem.variableCount).map { _ in solver.makeVariable() }
        var kept: [ConstraintHandle] = []
        for c in problem.constraints + problem.tieBreakers {
            do {
                kept.append(try solver.add(c.expression, c.relation, priority: c.priority))
                outcome.added.append("\(kept[kept.count - 1])")
            } catch {
                outcome.added.append("\(error)")
            }
        }
        do {
            if kept.count > 1 { try solver.remove(kept[1]) }
            try solver.addEditVariable(xs[0], priority: 500)
            try solver.suggestValue(17, for: xs[0])
            try solver.solve()
        } catch {
            outcome.added.append("\(error)")
        }
        outcome.values = xs.map { solver.value(of: $0).bitPattern }
        outcome.pivots = solver.pivotCount
        outcome.ambiguous = solver.ambiguousVariables()
        outcome.statistics = solver.statistics
        return outcome
    }

    @Test func aResetSolverAnswersAsANewOne() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000_000)) { seed in
            var reused = Solver()
            _ = Self.run(RandomProblem(seed: seed &+ 1, twins: true), on: &reused)
            reused.reset()
            let problem = RandomProblem(seed: seed, twins: seed.isMultiple(of: 2))
            var fresh = Solver()
            #expect(Self.run(problem, on: &reused) == Self.run(problem, on: &fresh), "seed \(seed)")
        }
    }

    @Test func theStorageIsKeptWithItsCapacity() {
        #expect(Solver().storageBytes == 0)
        var solver = Solver()
        _ = Self.run(RandomProblem(seed: 42, twins: true), on: &solver)
        let bytes = solver.storageBytes
        #expect(bytes > 0)
        solver.reset()
        #expect(solver.storageBytes == bytes)
        #expect(solver.variableCount == 0 && solver.pivotCount == 0)
    }

    /// Storage that a copy of the solver still shares is left to the copy, which keeps its
    /// constraints and values, and its rows: after the reset solver has written rows of its own,
    /// the copy solves again through its rows.
    @Test func storageSharedWithACopyIsLeftToIt() throws {
        var used = Solver()
        let x = used.makeVariable()
        // Optional, then required: both in the tableau's rows (a required equality alone would be
        // a definition, kept out of them).
        try used.add(LinearExpression([Term(x, 1)], constant: -5), .equal, priority: 750)
        try used.add(LinearExpression([Term(x, 1)], constant: -10), .lessThanOrEqual)
        try used.solve()
        var copy = used
        used.reset()
        let y = used.makeVariable()
        try used.add(LinearExpression([Term(y, 1)], constant: -9), .equal, priority: 750)
        try used.add(LinearExpression([Term(y, 1)], constant: -20), .lessThanOrEqual)
        try used.add(LinearExpression([Term(y, 1)], constant: -4), .lessThanOrEqual, priority: 500)
        try used.solve()
        #expect(used.value(of: y) == 9)
        #expect(copy.value(of: x) == 5)
        #expect(copy.variableCount == 1)
        try copy.add(LinearExpression([Term(x, 1)], constant: -7), .greaterThanOrEqual)
        try copy.solve()
        #expect(copy.value(of: x) == 7)
    }
}
