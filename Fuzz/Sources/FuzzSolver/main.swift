import LayoutSolver

/// The solver on random small systems shaped like compiled Auto Layout constraints: up to 6
/// variables and 12 constraints `w1·a + w2·m·b + c REL 0`, where the attribute weights w are ±1
/// or ±0.5 (an edge, a centre) and the multiplier m and constant c are within the request limits
/// (|m| in 1e-3…1e3, |c| ≤ 1e6), at random priorities, some removed again. After each successful
/// `solve()` every required constraint still present must hold to within moves of a millionth of
/// each value (of 1e-6 below 1); a solve may instead refuse with `.imprecise`, but only where
/// double precision runs out: the largest number the solve passed through (a row of the tableau
/// or a value: `statistics.peakMagnitude`), divided by the smallest coefficient it is seen
/// through, reaches 1e9 (1e6 through a multiplier of 1e-3): its rounding of 1e-16 is then
/// amplified past 1e-7, and a second such division passes the contract's 1e-6. Any other error than the documented ones, or a violated required
/// constraint, stops the fuzzer. Last, the same calls are made again on the solver reset (its
/// storage kept, `reset(budget:)`) and on a new one: their answers must be the same, bit for bit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSolver(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = ByteReader(UnsafeBufferPointer(start: data, count: count))
    let weights: [Double] = [1, -1, 0.5, -0.5]
    let multipliers: [Double] = [1, -1, 2, -2, 0.5, -0.5, 1e-3, -1e-3, 1e3, -1e3, 0.1, 3, 1.5, -0.25, 7, 999.9]
    let constants: [Double] = [0, 1, -1, 8, -8, 100, -100, 0.5, 1e6, -1e6, 320, 480, 1e-3, 44, 1e6 / 7, -0.1]
    let priorities: [Double] = [1000, 1000, 1000, 750, 250, 500, 1, 999]

    var solver = Solver(budget: SolverBudget(maxPivots: 10_000))
    let variables = (0..<(1 + Int(input.next() % 6))).map { _ in solver.makeVariable() }
    var required: [(ConstraintHandle, LinearExpression, Relation)] = []
    var smallest = 1.0
    var added: [ConstraintHandle] = []
    var calls: [Call] = []
    defer { expectResetAnswersAsNew(&solver, calls, variables: variables.count) }
    for _ in 0..<min(12, input.remaining / 5) {
        let first = variables[Int(input.next()) % variables.count]
        let second = variables[Int(input.next()) % variables.count]
        let shape = input.next()
        let expression = LinearExpression(
            [Term(first, weights[Int(shape & 3)]),
             Term(second, -multipliers[Int(shape >> 4)] * weights[Int((shape >> 2) & 3)])],
            constant: constants[Int(input.next() & 15)])
        for term in expression.terms where term.coefficient != 0 { smallest = min(smallest, abs(term.coefficient)) }
        let mode = input.next()
        let relation: [Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual, .equal]
        let priority = priorities[Int(mode >> 2) % priorities.count]
        calls.append(.add(expression, relation[Int(mode & 3)], priority))
        if mode & 0x80 != 0 { calls.append(.removeLast) }
        do {
            let handle = try solver.add(expression, relation[Int(mode & 3)], priority: priority)
            added.append(handle)
            if priority == 1000 { required.append((handle, expression, relation[Int(mode & 3)])) }
        } catch {
            expectDocumented(error)
        }
        if mode & 0x80 != 0, let victim = added.popLast() {
            do {
                try solver.remove(victim)
                required.removeAll { $0.0 == victim }
            } catch {
                fatalError("removing a present constraint failed: \(error)")
            }
        }
    }
    do {
        try solver.solve()
    } catch .imprecise(let handle) {
        // Refusing is right only where double precision ran out (see above).
        let peak = solver.statistics.peakMagnitude
        if peak / smallest < 1e9 {
            fatalError("constraint \(handle.index) refused as imprecise at magnitudes of only \(peak) through coefficients of \(smallest)")
        }
        return 0
    } catch {
        expectDocumented(error)
        return 0
    }
    for (handle, expression, relation) in required where solver.contains(handle) {
        // Holds if each value moved by a millionth of itself (of 1 below 1): Tolerance.precision.
        var residual = expression.constant
        var reach = 0.0
        for term in expression.terms {
            let value = solver.value(of: term.variable)
            residual += term.coefficient * value
            reach += abs(term.coefficient) * max(1, abs(value))
        }
        let tolerance = 1e-6 * max(reach, abs(expression.constant))
        let holds: Bool
        switch relation {
        case .equal: holds = abs(residual) <= tolerance
        case .lessThanOrEqual: holds = residual <= tolerance
        case .greaterThanOrEqual: holds = residual >= -tolerance
        }
        if !holds { fatalError("required constraint \(handle.index) is off by \(residual): \(expression) \(relation) 0") }
    }
    return 0
}

/// A call the fuzzer made: an add, or the removal of the last constraint added that is still there.
enum Call {
    case add(LinearExpression, Relation, Double)
    case removeLast
}

/// What the calls answer on `solver`, which has no variables yet: each add's handle or error,
/// then the solve's error or the values' bits, the pivots and the free variables.
func answers(_ calls: [Call], variables count: Int, on solver: inout Solver) -> [String] {
    let variables = (0..<count).map { _ in solver.makeVariable() }
    var added: [ConstraintHandle] = []
    var answers: [String] = []
    for call in calls {
        switch call {
        case .add(let expression, let relation, let priority):
            do {
                added.append(try solver.add(expression, relation, priority: priority))
                answers.append("\(added[added.count - 1])")
            } catch {
                answers.append("\(error)")
            }
        case .removeLast:
            guard let victim = added.popLast() else { continue }
            do { try solver.remove(victim) } catch { answers.append("\(error)") }
        }
    }
    do {
        try solver.solve()
        answers += variables.map { "\(solver.value(of: $0).bitPattern)" }
    } catch {
        answers.append("\(error)")
    }
    answers.append("\(solver.pivotCount) \(solver.ambiguousVariables())")
    return answers
}

/// The calls made again on `solver` reset and on a new solver answer alike.
func expectResetAnswersAsNew(_ solver: inout Solver, _ calls: [Call], variables: Int) {
    let budget = SolverBudget(maxPivots: 10_000)
    solver.reset(budget: budget)
    var new = Solver(budget: budget)
    let reset = answers(calls, variables: variables, on: &solver)
    let fresh = answers(calls, variables: variables, on: &new)
    if reset != fresh { fatalError("a reset solver answered \(reset), a new one \(fresh)") }
}

/// Errors a well-formed call may meet: a conflict or the budget.
func expectDocumented(_ error: SolverError) {
    switch error {
    case .unsatisfiable, .pivotBudgetExceeded, .deadlineExceeded: return
    default: fatalError("unexpected solver error: \(error)")
    }
}

/// The fuzzer's bytes, read one at a time (0 once exhausted).
struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
    var remaining: Int { bytes.count - offset }
    mutating func next() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }
}
