import LayoutSolver
import PropertyBased
import Testing

/// A solver made with the storage of another (`Solver(budget:reusing:)`) answers as a new one.
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

    @Test func aSolverMadeWithAnothersStorageAnswersAsANewOne() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000_000)) { seed in
            var used = Solver()
            _ = Self.run(RandomProblem(seed: seed &+ 1, twins: true), on: &used)
            let problem = RandomProblem(seed: seed, twins: seed.isMultiple(of: 2))
            var reused = Solver(reusing: consume used)
            var fresh = Solver()
            #expect(Self.run(problem, on: &reused) == Self.run(problem, on: &fresh), "seed \(seed)")
        }
    }

    @Test func theStorageIsKeptWithItsCapacity() {
        #expect(Solver().storageBytes == 0)
        var used = Solver()
        _ = Self.run(RandomProblem(seed: 42, twins: true), on: &used)
        let bytes = used.storageBytes
        #expect(bytes > 0)
        let reused = Solver(reusing: consume used)
        #expect(reused.storageBytes == bytes)
        #expect(reused.variableCount == 0 && reused.pivotCount == 0)
    }

    /// Storage that a copy of the old solver still shares is left to the copy, which keeps its
    /// constraints and values.
    @Test func storageSharedWithACopyIsLeftToIt() throws {
        var used = Solver()
        let x = used.makeVariable()
        try used.add(LinearExpression([Term(x, 1)], constant: -5), .equal)
        try used.solve()
        let copy = used
        var reused = Solver(reusing: used)
        let y = reused.makeVariable()
        try reused.add(LinearExpression([Term(y, 1)], constant: -9), .equal)
        try reused.solve()
        #expect(copy.value(of: x) == 5)
        #expect(reused.value(of: y) == 9)
    }
}
