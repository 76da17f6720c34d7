import LayoutSolver
import PropertyBased
import Testing

/// Random small problems: 3 variables, up to 7 constraints with small integer coefficients,
/// mixed relations and priorities, plus one tie-breaking pin per variable at its own tiny
/// priority so the lexicographic optimum is unique. With `twins`, each required inequality
/// also gets an optional bound on the same expression (or its negation): `==`, `<=` or `>=`,
/// which the solver folds into the inequality's slack instead of a row of its own.
struct RandomProblem {
    static let variableCount = 3
    var constraints: [ReferenceConstraint] = []
    var tieBreakers: [ReferenceConstraint] = []

    init(seed: Int, twins: Bool = false) {
        var rng = SplitMix(seed: seed)
        let priorities: [Double] = [1000, 1000, 1000, 750, 750, 500, 250, 1]
        let relations: [Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
        for _ in 0..<Int.random(in: 1...7, using: &rng) {
            var coefficients = (0..<Self.variableCount).map { _ in Double(Int.random(in: -2...2, using: &rng)) }
            if coefficients.allSatisfy({ $0 == 0 }) { coefficients[Int.random(in: 0..<Self.variableCount, using: &rng)] = 1 }
            constraints.append(ReferenceConstraint(
                coefficients: coefficients,
                constant: Double(Int.random(in: -20...20, using: &rng)),
                relation: relations.randomElement(using: &rng) ?? .equal,
                priority: priorities.randomElement(using: &rng) ?? 1000))
        }
        for c in constraints where twins && c.priority >= 1000 && c.relation != .equal
            && c.coefficients.filter({ $0 != 0 }).count > 1 {
            let sign: Double = Bool.random(using: &rng) ? 1 : -1
            constraints.append(ReferenceConstraint(
                coefficients: c.coefficients.map { sign * $0 }, constant: sign * c.constant,
                relation: relations.randomElement(using: &rng) ?? .equal,
                priority: [750, 500, 250].randomElement(using: &rng) ?? 500))
        }
        for i in 0..<Self.variableCount {
            var coefficients = [Double](repeating: 0, count: Self.variableCount)
            coefficients[i] = 1
            tieBreakers.append(ReferenceConstraint(
                coefficients: coefficients, constant: Double(Int.random(in: -30...30, using: &rng)),
                relation: .equal, priority: 0.001 * Double(i + 1)))
        }
    }
}

/// Whether the required ones among `constraints` can hold together, by the reference.
func referenceFeasible(_ constraints: [ReferenceConstraint]) -> Bool {
    referenceSolve(variableCount: RandomProblem.variableCount, constraints.filter { $0.priority >= 1000 }) != nil
}

@Suite struct PropertyTests {
    @Test func optimumMatchesTheReference() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0...1_000_000_000)) { seed in
            Self.expectOptimumMatchesTheReference(RandomProblem(seed: seed), seed: seed)
        }
    }

    @Test func optionalTwinsOfRequiredInequalitiesMatchTheReference() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000_000)) { seed in
            Self.expectOptimumMatchesTheReference(RandomProblem(seed: seed, twins: true), seed: seed)
        }
    }

    /// Adds the problem's constraints in order (checking each refused one's conflict against the
    /// reference), solves, and compares every value with the reference optimum.
    static func expectOptimumMatchesTheReference(_ problem: RandomProblem, seed: Int) {
        var s = Solver()
        let xs = (0..<RandomProblem.variableCount).map { _ in s.makeVariable() }
        #expect(xs.map(\.index) == [0, 1, 2])
        var kept: [ReferenceConstraint] = []
        var handles: [ConstraintHandle: ReferenceConstraint] = [:]
        for c in problem.constraints + problem.tieBreakers {
            do {
                let h = try s.add(c.expression, c.relation, priority: c.priority)
                handles[h] = c
                kept.append(c)
            } catch {
                guard case .unsatisfiable(let conflict) = error else {
                    Issue.record("seed \(seed): unexpected \(error)")
                    return
                }
                #expect(!referenceFeasible(kept + [c]), "seed \(seed): engine refused a feasible \(c)")
                let members = conflict.compactMap { handles[$0] }
                #expect(members.count == conflict.count && members.allSatisfy { $0.priority >= 1000 })
                #expect(!referenceFeasible(members + [c]), "seed \(seed): conflict is not infeasible")
                for drop in members.indices {
                    var rest = members
                    rest.remove(at: drop)
                    #expect(referenceFeasible(rest + [c]), "seed \(seed): conflict is not minimal")
                }
            }
        }
        guard Self.expectSolveMatchesTheReference(&s, xs, kept, seed: seed, named: "kept") else { return }
        #expect(s.ambiguousVariables() == [], "seed \(seed)")
    }

    /// Solves `s` and compares each of `xs` with the reference optimum of `constraints` (the
    /// `named` set, for the messages); false when either could not solve.
    static func expectSolveMatchesTheReference(
        _ s: inout Solver, _ xs: [Variable], _ constraints: [ReferenceConstraint], seed: Int, named: String
    ) -> Bool {
        guard let expected = referenceSolve(variableCount: RandomProblem.variableCount, constraints) else {
            Issue.record("seed \(seed): reference finds the \(named) set infeasible")
            return false
        }
        do { try s.solve() } catch {
            Issue.record("seed \(seed): \(error)")
            return false
        }
        for i in xs.indices {
            #expect(abs(s.value(of: xs[i]) - expected[i]) < 1e-6,
                    "seed \(seed): x\(i) = \(s.value(of: xs[i])), reference \(expected[i])")
        }
        return true
    }

    @Test func incrementalSequencesMatchTheReference() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...1_000_000_000)) { seed in
            var rng = SplitMix(seed: seed &+ 7)
            let problem = RandomProblem(seed: seed, twins: seed.isMultiple(of: 2))
            var s = Solver()
            let xs = (0..<RandomProblem.variableCount).map { _ in s.makeVariable() }
            var active: [(ConstraintHandle, ReferenceConstraint)] = []
            for c in problem.tieBreakers {
                do { active.append((try s.add(c.expression, c.relation, priority: c.priority), c)) } catch {
                    Issue.record("seed \(seed): \(error)")
                }
            }
            var edit: (variable: Int, priority: Double, value: Double)?
            let pool = problem.constraints
            for _ in 0..<12 {
                switch Int.random(in: 0..<6, using: &rng) {
                case 0, 1, 2:
                    guard let c = pool.randomElement(using: &rng) else { continue }
                    if let h = try? s.add(c.expression, c.relation, priority: c.priority) { active.append((h, c)) }
                case 3:
                    let removable = active.indices.filter { active[$0].1.priority >= 0.01 }
                    guard let i = removable.randomElement(using: &rng) else { continue }
                    do { try s.remove(active[i].0) } catch { Issue.record("seed \(seed): \(error)") }
                    active.remove(at: i)
                case 4:
                    if edit == nil {
                        let variable = Int.random(in: 0..<RandomProblem.variableCount, using: &rng)
                        let priority: Double = Bool.random(using: &rng) ? 1000 : 600
                        do {
                            try s.solve()
                            try s.addEditVariable(xs[variable], priority: priority)
                            edit = (variable, priority, s.value(of: xs[variable]))
                        } catch { Issue.record("seed \(seed): \(error)") }
                    }
                default:
                    guard let e = edit else { continue }
                    let value = Double(Int.random(in: -25...25, using: &rng))
                    do {
                        try s.suggestValue(value, for: xs[e.variable])
                        edit = (e.variable, e.priority, value)
                    } catch {
                        guard case .unsatisfiable? = error as? SolverError, e.priority >= 1000 else {
                            Issue.record("seed \(seed): \(error)")
                            continue
                        }
                    }
                }
            }
            var final = active.map(\.1)
            if let e = edit {
                var coefficients = [Double](repeating: 0, count: RandomProblem.variableCount)
                coefficients[e.variable] = 1
                final.append(ReferenceConstraint(
                    coefficients: coefficients, constant: -e.value, relation: .equal, priority: e.priority))
            }
            _ = Self.expectSolveMatchesTheReference(&s, xs, final, seed: seed, named: "final")
        }
    }
}
