/// Why a solver call failed. Every error leaves the solver usable.
public enum SolverError: Error, Hashable, Sendable {
    /// A minimal set of already-present required constraints (ascending) that cannot hold
    /// together with the one being added or suggested.
    case unsatisfiable(conflict: [ConstraintHandle])
    /// A NaN or infinite coefficient, constant or value; a priority outside (0, 1000]; a
    /// variable this solver did not make.
    case invalidValue(String)
    case pivotBudgetExceeded(limit: Int)
    case deadlineExceeded
    /// After solving, a required constraint (the lowest such handle) misses by more than moving
    /// each of its values by a millionth of itself could make up: the system passes through
    /// magnitudes where double arithmetic cannot hold it (chains of tiny and huge multipliers).
    /// The values are computed but are not an answer.
    case imprecise(ConstraintHandle)
    case unknownConstraint(ConstraintHandle)
    case unknownEditVariable(Variable)
    case duplicateEditVariable(Variable)
}

/// An incremental Cassowary solver with strictly ordered priorities.
///
/// Constraints are `expression REL 0` at a priority in (0, 1000]; 1000 is required. The optimum
/// is lexicographic over the distinct priorities present: required constraints hold exactly,
/// then the summed error at the highest optional priority is minimised, then the next, and so
/// on. Results depend only on the sequence of calls.
///
/// `add` of a required constraint keeps the tableau feasible (phase one with an artificial
/// symbol when no subject fits) but does not optimise; optional constraints wait, and enter
/// when `solve()` starts, after the required ones, a priority level at a time from the highest,
/// with an optimisation after each level; `suggestValue` re-solves by the dual simplex. From
/// the first `add` the rows of external variables are kept up to date only when read (see
/// `Tableau`'s batch), and a solve reads the values through them; `remove`, `addEditVariable`
/// and `suggestValue` bring every row up to date first.
///
/// Required equalities that introduce a variable found in no other constraint are kept out of
/// the tableau as *definitions* (`v = …`, evaluated after solving). Optional constraints waiting
/// for the solve count: a caller that adds its preferences first keeps the variables they name
/// out of the definitions, so a preference on one variable enters as a row of that variable.
/// A later constraint that names a defined variable enters the tableau with the definition
/// inlined, so chains of definitions never fill the tableau in; only an edit variable moves a
/// definition into it.
/// Removing a definition that was inlined rebuilds the tableau. Required equalities in the
/// tableau have no marker symbol (so rows stay sparse); removing one rebuilds the tableau from
/// the remaining constraints, without budget. Every other removal is incremental.
///
/// The budget is per call: pivots of that call, and the deadline, also checked as constraints
/// are added (the clock read every sixteenth) and in conflict explanation. A call stopped by
/// the budget leaves a consistent solver (a stopped `add` adds nothing; a stopped
/// `suggestValue` keeps the previous value; a stopped `solve` can be called again).
public struct Solver: Sendable {
    enum Placement: Sendable {
        case tableau(ConstraintTag)
        /// `own`: the pool index of the subject's term, so that inlining need not look for it.
        case definition(subject: Int, own: Int)
        /// One of a pair of optional bounds on one expression that share a row (see
        /// `placePending`); removing either rebuilds, and the other enters again on its own.
        case pair
        /// An optional bound on the expression of the required inequality `host`, whose slack is
        /// that expression (see `slackFolds`): the bound's error is the slack, costed at the
        /// bound's priority, or nothing when the inequality implies the bound. Removing either
        /// rebuilds.
        case onSlack(host: Int)
        /// An optional constraint waiting for the next solve (see `pending`).
        case pending
        case removed
    }

    /// A constraint `Σ terms + constant  relation  0`; its terms are in `terms` (`TermPool`),
    /// so a record holds no storage of its own.
    struct Record: Sendable {
        // In this order a record takes 64 bytes (88 with `relation` after `constant` and the
        // tag's symbols and `editVariable` in 64 bits): passes over every record (the placement
        // order, the slack folds, the pairs, verifying) read a quarter less memory.
        var terms: Range<Int>
        var constant: Double
        var priority: Double
        var placement: Placement = .removed
        var relation: Relation
        /// The edited variable's index for an edit constraint, else -1.
        @Int32Storage var editVariable: Int

        init(terms: Range<Int>, constant: Double, relation: Relation, priority: Double, editVariable: Int) {
            self.terms = terms
            self.constant = constant
            self.priority = priority
            self.relation = relation
            self.editVariable = editVariable
        }

        var isActive: Bool {
            if case .removed = placement { return false }
            return true
        }

        /// Whether the record waits for the next solve (see `pending`): an optional constraint
        /// that is not an edit.
        var waitsForSolve: Bool { priority < 1000 && editVariable < 0 }
    }

    var tableau: Tableau
    var records: [Record] = []
    /// The records' terms.
    var terms = TermPool()
    /// variable → number of active constraints whose expression names it.
    var uses: [Int] = []
    /// variable → the definition whose subject it is, or -1.
    var definedBy: [Int] = []
    /// Handles of the records placed as definitions, ascending: the order their values are
    /// computed in (some may have been removed or moved into the tableau since).
    var definitions: [Int] = []
    /// variable → its edit constraint, or -1.
    var editOf: [Int] = []
    var values: [Double] = []
    var needsSolve = false
    /// False in the scratch solvers of a conflict explanation.
    var explainsConflicts = true
    /// Handles of required equalities that reduced to 0 = 0 when they entered the tableau.
    var impliedEqualities: Set<Int> = []
    /// Whether some constraint's row made an edit's marker basic (removing an edit then rebuilds).
    var editMarkerPinned = false
    /// Scratch for `inlineDefinitions`: the sum, the definitions waiting, and the terms of the
    /// last expression it made, whose storage the next one reuses once that expression is gone.
    var inlining = SparseSum()
    var inliningPending: [Int] = []
    var inlinedVariables: [Int] = []
    var inlinedCoefficients: [Double] = []
    /// The largest |value| of the last solve (definitions included: they never enter the tableau).
    var valuePeak = 0.0
    /// Optional constraints added since the last solve, ascending. They enter the tableau when
    /// the solve starts, after every required constraint of the batch: an optional constraint
    /// never decides whether a required one conflicts, and entering later it cannot leave the
    /// required ones expressed through the magnitudes of its preference (a constant of 1e6
    /// through a multiplier of 1e-3 puts a variable at 1e9 until the optimum moves it back,
    /// and a required equality added then is computed as a difference of such numbers).
    var pending: [Int] = []
    /// Required inequalities whose slacks carry the costs of optional bounds (`.onSlack`).
    var slackHosts: Set<Int> = []
    /// Required inequalities placed in the tableau since it was built, ascending (some may have
    /// been removed since): the candidates of `slackFolds`.
    var inequalities: [Int] = []

    public init(budget: SolverBudget = .unlimited) {
        tableau = Tableau(budget: budget)
    }

    /// Terms reserved for an expression with definitions inlined (the scratch of
    /// `inlineDefinitions`, and what it hands the tableau). At 16, one expression of a
    /// twenty-view layout outgrew it, and the sum and both output arrays grew once a solve.
    static let inlinedTerms = 32

    /// Reserves storage for about this many variables and constraints, and the constraints'
    /// terms in all, so that a solver built for a problem of known size does not regrow its
    /// tables as it goes.
    public mutating func reserveCapacity(variables: Int, constraints: Int, terms termCount: Int) {
        let variables = max(0, variables)
        let constraints = max(0, constraints)
        uses.reserveCapacity(variables)
        definedBy.reserveCapacity(variables)
        editOf.reserveCapacity(variables)
        values.reserveCapacity(variables)
        records.reserveCapacity(constraints)
        // Each lists a share of the constraints: reserved for all, as none can outgrow that.
        pending.reserveCapacity(constraints)
        definitions.reserveCapacity(constraints)
        inequalities.reserveCapacity(constraints)
        // The pool zeroes the room it reserves (it writes terms through its buffers, within
        // their count), so room for terms that never come is memory written for nothing.
        terms.reserveCapacity(max(0, termCount))
        // Keys are variables; an expression with definitions inlined is a chain's worth of terms.
        inlining.reserveCapacity(keys: variables, terms: Self.inlinedTerms)
        inlinedVariables.reserveCapacity(Self.inlinedTerms)
        inlinedCoefficients.reserveCapacity(Self.inlinedTerms)
        inliningPending.reserveCapacity(16)
        // A constraint makes at most two symbols of its own; most rows come from constraints.
        tableau.reserveCapacity(variables: variables, symbols: variables + 2 * constraints, rows: constraints)
    }

    /// The budget applied to each later call.
    public var budget: SolverBudget {
        get { tableau.meter.budget }
        set { tableau.meter.budget = newValue }
    }

    /// Makes a new variable, with the next dense index.
    public mutating func makeVariable() -> Variable {
        makeVariables(count: 1).lowerBound
    }

    /// Makes `count` new variables, with the next dense indices: each table grows once, where
    /// `makeVariable()` checks every table for sharing and room at each variable.
    public mutating func makeVariables(count: Int) -> Range<Variable> {
        let first = Variable(index: values.count)
        let count = max(0, count)
        uses.append(contentsOf: repeatElement(0, count: count))
        definedBy.append(contentsOf: repeatElement(-1, count: count))
        editOf.append(contentsOf: repeatElement(-1, count: count))
        values.append(contentsOf: repeatElement(0, count: count))
        return first..<first.advanced(by: count)
    }

    /// The number of variables made so far.
    public var variableCount: Int { values.count }

    /// Pivots made since the solver was created.
    public var pivotCount: Int { tableau.meter.totalPivots }

    /// Adds `expression relation 0` at `priority` (1000: required).
    ///
    /// Throws `.unsatisfiable` with a minimal conflicting set of present required constraints if
    /// a required constraint cannot hold; the solver is then as if the call had not been made.
    @discardableResult
    public mutating func add(
        _ expression: LinearExpression, _ relation: Relation, priority: Double = 1000
    ) throws(SolverError) -> ConstraintHandle {
        try expression.terms.withUnsafeBufferPointer { (terms) throws(SolverError) in
            try add(terms, constant: expression.constant, relation, priority: priority)
        }
    }

    /// Adds `Σ terms + constant  relation  0` at `priority`, as `add(_:_:priority:)` does: for a
    /// caller that keeps its terms in storage of its own, which the solver copies from without a
    /// `LinearExpression` in between.
    @discardableResult
    public mutating func add(
        _ terms: UnsafeBufferPointer<Term>, constant: Double, _ relation: Relation, priority: Double = 1000
    ) throws(SolverError) -> ConstraintHandle {
        tableau.meter.startRun()
        try Solver.validate(priority: priority)
        tableau.beginBatch()
        let range = try self.terms.append(normalizing: terms, constant: constant, variableCount: variableCount)
        return try appendNew(Record(
            terms: range, constant: constant, relation: relation, priority: priority, editVariable: -1))
    }

    /// Removes a constraint. Removing a required equality that sits in the tableau rebuilds it.
    public mutating func remove(_ constraint: ConstraintHandle) throws(SolverError) {
        tableau.meter.startRun()
        guard contains(constraint) else { throw .unknownConstraint(constraint) }
        tableau.endBatch()
        let record = records[constraint.index]
        var inlined = false
        switch record.placement {
        case .definition(let subject, _):
            definedBy[subject] = -1
            // Other constraints may have been placed with this definition inlined.
            if uses[subject] > 1 { inlined = true }
        case .tableau(let tag):
            if tag.marker >= 0 { tableau.remove(tag) }
        case .pair, .onSlack, .pending, .removed:
            break
        }
        records[constraint.index].placement = .removed
        impliedEqualities.remove(constraint.index)
        terms.count(record.terms, into: &uses, adding: -1)
        if record.editVariable >= 0 { editOf[record.editVariable] = -1 }
        var rebuilds = inlined || (record.editVariable >= 0 && editMarkerPinned) || slackHosts.contains(constraint.index)
        switch record.placement {
        case .tableau(let tag): rebuilds = rebuilds || tag.marker < 0
        case .pair, .onSlack: rebuilds = true
        case .definition, .pending, .removed: break
        }
        if rebuilds { rebuild() }
        needsSolve = true
    }

    /// Whether `constraint` was added and not removed.
    public func contains(_ constraint: ConstraintHandle) -> Bool {
        constraint.index >= 0 && constraint.index < records.count && records[constraint.index].isActive
    }

    /// An edit constraint `variable == suggested value` at `priority` (1000 allowed: a required
    /// edit whose constant changes). The first suggested value is the variable's value in the
    /// current (feasible, possibly not yet optimal) solution, so a required edit always fits.
    @discardableResult
    public mutating func addEditVariable(_ variable: Variable, priority: Double) throws(SolverError) -> ConstraintHandle {
        tableau.meter.startRun()
        try Solver.validate(priority: priority)
        guard variable.index >= 0, variable.index < variableCount else {
            throw .invalidValue("variable \(variable.index) was not made by this solver")
        }
        guard editOf[variable.index] < 0 else { throw .duplicateEditVariable(variable) }
        tableau.endBatch()
        if definedBy[variable.index] >= 0 { materialize(variable.index) }
        let handle = try appendNew(Record(
            terms: terms.append(1, variable.index), constant: -tableau.currentValue(of: variable.index),
            relation: .equal, priority: priority, editVariable: variable.index))
        editOf[variable.index] = handle.index
        return handle
    }

    /// Removes the edit constraint of `variable`.
    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard variable.index >= 0, variable.index < editOf.count, editOf[variable.index] >= 0 else {
            throw .unknownEditVariable(variable)
        }
        try remove(ConstraintHandle(index: editOf[variable.index]))
    }

    /// `addEditVariable` and then `suggestValue(value, for: variable)`, to the same tableau and
    /// pivots, but the values are left to the next `solve()` (until then they are those of the
    /// last solve): for a solver still being built, whose values nobody reads before it is
    /// solved, where each read passes over every variable and required constraint. A value that
    /// cannot hold throws as `suggestValue` does, and the edit stays at its first value.
    @discardableResult
    public mutating func addEditVariable(_ variable: Variable, priority: Double, value: Double) throws(SolverError) -> ConstraintHandle {
        let handle = try addEditVariable(variable, priority: priority)
        try suggest(value, for: variable, readingValues: false)
        return handle
    }

    /// Re-solves by the dual simplex, without rebuilding. A required edit whose value cannot hold
    /// throws .unsatisfiable (the set includes the edit's handle) and leaves the previous value in force.
    public mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        try suggest(value, for: variable, readingValues: true)
    }

    /// `suggestValue`; without `readingValues` the optimisations before and after the dual
    /// simplex make the same pivots but read no values, and the next `solve()` reads them.
    mutating func suggest(_ value: Double, for variable: Variable, readingValues: Bool) throws(SolverError) {
        guard variable.index >= 0, variable.index < editOf.count, editOf[variable.index] >= 0 else {
            throw .unknownEditVariable(variable)
        }
        guard value.isFinite else { throw .invalidValue("suggested value \(value) is not finite") }
        tableau.meter.startRun()
        let handle = editOf[variable.index]
        if needsSolve { try readingValues ? optimize() : reachOptimum() }
        tableau.endBatch()
        guard case .tableau(let tag) = records[handle].placement else { return }
        let delta = value + records[handle].constant
        guard delta != 0 else { return }
        tableau.shiftEdit(tag, by: delta)
        do {
            try tableau.dualOptimize()
        } catch {
            tableau.shiftEdit(tag, by: -delta)
            tableau.restoreFeasibility()
            needsSolve = true
            if case .unsatisfiable = error {
                let start = terms.count
                defer { terms.removeLast(from: start) }
                let wanted = Record(terms: terms.append(1, variable.index), constant: -value,
                                    relation: .equal, priority: 1000, editVariable: variable.index)
                var conflict = try explainConflict(adding: wanted, excluding: handle)
                conflict.append(ConstraintHandle(index: handle))
                conflict.sort()
                throw .unsatisfiable(conflict: conflict)
            }
            throw error
        }
        records[handle].constant = -value
        if readingValues {
            try optimize()
        } else {
            try reachOptimum()
            needsSolve = true
        }
    }

    /// Optimises; a no-op if already optimal. Values and ambiguity are valid afterwards.
    public mutating func solve() throws(SolverError) {
        tableau.meter.startRun()
        if needsSolve { try optimize() }
    }

    /// Whether `constraint`, a required equality, reduced to `0 = 0` when it entered the tableau:
    /// the required constraints present before it (at the current values of required edits)
    /// already imply it, so it adds nothing. Only required equalities are tracked: false for
    /// inequalities, optional constraints, edits and unknown handles.
    public func isImpliedByEarlierConstraints(_ constraint: ConstraintHandle) -> Bool {
        impliedEqualities.contains(constraint.index)
    }

    /// Whether some required equality reduced to `0 = 0` as it entered (see
    /// `isImpliedByEarlierConstraints`): a caller asking about every constraint can skip them all
    /// when none did.
    public var hasImpliedEqualities: Bool { !impliedEqualities.isEmpty }

    /// The value of `variable` after the last `solve()` (0 for an unknown variable).
    public func value(of variable: Variable) -> Double {
        variable.index >= 0 && variable.index < values.count ? values[variable.index] : 0
    }

    // MARK: Internals

    /// Inlined where a constraint is added; the message is made out of line, only for a throw.
    @inline(__always)
    static func validate(priority: Double) throws(SolverError) {
        guard priority.isFinite, priority > 0, priority <= 1000 else { throw invalidPriority(priority) }
    }

    @inline(never)
    private static func invalidPriority(_ priority: Double) -> SolverError {
        .invalidValue("priority \(priority) is outside (0, 1000]")
    }

    /// `append` for a record whose terms are the last ones added to the pool: if it does not get
    /// in, they are dropped again. Inlined, as `append` is, where a constraint is added.
    @inline(__always)
    mutating func appendNew(_ record: Record) throws(SolverError) -> ConstraintHandle {
        do {
            return try append(record)
        } catch {
            terms.removeLast(from: record.terms.lowerBound)
            throw error
        }
    }

    /// Places `record` and appends it, counting its uses. Inlined where a constraint is added:
    /// called, it was handed the record in memory and read it back in wider loads than it had
    /// been written in, a store that could not be forwarded to the load at every constraint.
    @inline(__always)
    mutating func append(_ record: Record) throws(SolverError) -> ConstraintHandle {
        var record = record
        let handle = records.count
        try tableau.meter.checkDeadline()
        // Even a failed add may leave an equivalent but no longer optimal basis.
        needsSolve = true
        if record.waitsForSolve {
            record.placement = .pending
            pending.append(handle)
        } else {
            record.placement = try place(record, handle: handle)
        }
        records.append(record)
        terms.count(record.terms, into: &uses, adding: 1)
        return ConstraintHandle(index: handle)
    }

    /// Decides where `record` goes: a definition if it is a required equality (not an edit)
    /// naming a variable in no other constraint, with a coefficient at least
    /// `Tolerance.pivotRatio` of the equality's largest, else the tableau. (Defined through a
    /// smaller one, a variable carries the others multiplied: a FuzzSolver input that defined one
    /// through 0.001 and the next through 0.0005 read a value of 1.4e5 through a factor of 2e6,
    /// and was refused as imprecise; in the tableau, a row's subject is chosen by the same rule.)
    mutating func place(_ record: Record, handle: Int) throws(SolverError) -> Placement {
        if record.relation == .equal, record.priority >= 1000, record.editVariable < 0 {
            // Read from the pool by index: a definition needs no expression.
            var own = -1
            var best = 0.0
            var largest = 0.0
            for i in record.terms {
                let magnitude = abs(terms.coefficients[i])
                if magnitude > largest { largest = magnitude }
                if uses[terms.variables[i]] == 0, magnitude >= best {
                    own = i
                    best = magnitude
                }
            }
            if own >= 0, best >= Tolerance.pivotRatio * largest {
                let subject = terms.variables[own]
                definedBy[subject] = handle
                definitions.append(handle)
                return .definition(subject: subject, own: own)
            }
        }
        var inlined = terms.expression(record.terms, constant: record.constant)
        let definitionsInlined = inlineDefinitions(in: &inlined)
        do throws(SolverError) {
            let rowsBefore = tableau.rowCount
            // Judged as given where definitions were inlined (see `Tableau.insert`); else the
            // expression is the constraint.
            let tag = definitionsInlined
                ? try insertJudgedAsGiven(inlined, record)
                : try tableau.insert(inlined, record.relation, priority: record.priority, edit: record.editVariable >= 0)
            if tag.onlyPinsEdits { editMarkerPinned = true }
            if record.relation != .equal, record.priority >= 1000 { inequalities.append(handle) }
            if record.relation == .equal, record.priority >= 1000, record.editVariable < 0,
               tableau.rowCount == rowsBefore || tag.onlyPinsEdits {
                impliedEqualities.insert(handle)
            }
            return .tableau(tag)
        } catch {
            if case .unsatisfiable = error, explainsConflicts {
                throw .unsatisfiable(conflict: try explainConflict(adding: record, excluding: -1))
            }
            throw error
        }
    }

    /// Inserts `expression`, the constraint of `record` with definitions inlined, into the
    /// tableau, which judges the constraint as given where it must (see `Tableau.insert`). The
    /// definitions are read through the storages' buffers while the tableau changes: stored
    /// properties apart, so nothing is copied or retained.
    mutating func insertJudgedAsGiven(_ expression: NormalizedExpression, _ record: Record) throws(SolverError) -> ConstraintTag {
        try records.withUnsafeBufferPointer { (records) throws(SolverError) in
            try definedBy.withUnsafeBufferPointer { (definedBy) throws(SolverError) in
                try terms.variables.withUnsafeBufferPointer { (variables) throws(SolverError) in
                    try terms.coefficients.withUnsafeBufferPointer { (coefficients) throws(SolverError) in
                        let definitions = Definitions(records: records, definedBy: definedBy, variables: variables, coefficients: coefficients)
                        return try tableau.insert(expression, record.relation, priority: record.priority, edit: record.editVariable >= 0,
                                                  asGiven: { value in definitions.misses(record, at: value) })
                    }
                }
            }
        }
    }

    /// The definitions (required equalities kept out of the tableau), read from the solver's
    /// storage: the values of constraints as given, before definitions were inlined into them.
    /// Its buffers are valid only inside `insertJudgedAsGiven`, which makes it.
    struct Definitions {
        let records: UnsafeBufferPointer<Record>
        let definedBy: UnsafeBufferPointer<Int>
        let variables: UnsafeBufferPointer<Int>
        let coefficients: UnsafeBufferPointer<Double>

        /// Whether the constraint of `record` misses the precision contract with each variable in
        /// the tableau at `value` and each defined one at its definition's value. The values found
        /// on the way are kept for the constraint's other variables, whose definitions often
        /// share a chain.
        func misses(_ record: Record, at value: (Int) -> Double) -> Bool {
            var known: [Int: Double] = [:]
            return Tolerance.misses(
                record.relation, constant: record.constant,
                variables: UnsafeBufferPointer(rebasing: variables[record.terms]),
                coefficients: UnsafeBufferPointer(rebasing: coefficients[record.terms]),
                at: { self.value(of: $0, tableau: value, known: &known) })
        }

        /// The value of `variable`: `tableau`'s for one in the tableau, a defined one's from its
        /// definition at the values of the variables it names, each defined earlier or in the
        /// tableau; every value found is added to `known`. Iterative: a chain of definitions can
        /// be as long as a row of views.
        func value(of variable: Int, tableau: (Int) -> Double, known: inout [Int: Double]) -> Double {
            var stack = [variable]
            while let top = stack.last {
                guard known[top] == nil else {
                    stack.removeLast()
                    continue
                }
                let handle = definedBy[top]
                guard handle >= 0, case .definition(_, let own) = records[handle].placement else {
                    known[top] = tableau(top)
                    stack.removeLast()
                    continue
                }
                let definition = records[handle].terms
                let waiting = definition.filter { $0 != own && known[variables[$0]] == nil }
                guard waiting.isEmpty else {
                    stack.append(contentsOf: waiting.map { variables[$0] })
                    continue
                }
                // top = -(Σ others + constant) / own coefficient
                var sum = records[handle].constant
                for i in definition where i != own { sum += coefficients[i] * (known[variables[i]] ?? 0) }
                known[top] = -sum / coefficients[own]
                stack.removeLast()
            }
            return known[variable] ?? 0
        }
    }

    /// Replaces every defined variable of `expression` by its definition, recursively, so the
    /// defined variables stay out of the tableau: a chain `y[k] = y[k-1] + h[k-1]` referenced at
    /// its end costs one row of k terms, not k rows of up to k terms each.
    ///
    /// A definition only names variables that are in the tableau or defined earlier, so the
    /// defined variables are expanded latest definition first, each once, after every reference
    /// to it has been summed.
    ///
    /// The expression is changed in place: one without defined variables (most) is left as it
    /// is, where returning it from a borrowed argument copied it (its two slices retained) and
    /// both copies were destroyed. Returns whether it named a defined variable.
    @discardableResult
    mutating func inlineDefinitions(in expression: inout NormalizedExpression) -> Bool {
        guard expression.variables.contains(where: { definedBy[$0] >= 0 }) else { return false }
        var sum = inlining
        inlining = SparseSum()
        /// Definitions to expand, ascending and distinct: the last is expanded next.
        var pending = inliningPending
        inliningPending = []
        var constant = expression.constant
        var magnitude = expression.magnitude
        func accumulate(_ variable: Int, _ amount: Double) {
            sum.add(variable, amount)
            let handle = definedBy[variable]
            guard handle >= 0 else { return }
            var low = 0, high = pending.count
            while low < high {
                let mid = (low + high) / 2
                if pending[mid] < handle { low = mid + 1 } else { high = mid }
            }
            if low == pending.count {
                pending.append(handle)
            } else if pending[low] != handle {
                pending.insert(handle, at: low)
            }
        }
        for i in expression.variables.indices { accumulate(expression.variables[i], expression.coefficients[i]) }
        while let handle = pending.popLast() {
            guard case .definition(let subject, let own) = records[handle].placement, let factor = sum.take(subject) else { continue }
            // Read from the pool by index: an expression of pool slices would be retained and
            // released for each definition expanded.
            let definition = records[handle].terms
            let definitionConstant = records[handle].constant
            // subject = -(Σ others + constant) / own coefficient
            let scale = -factor / terms.coefficients[own]
            constant += scale * definitionConstant
            magnitude = max(magnitude, abs(scale * definitionConstant))
            for i in definition where i != own {
                accumulate(terms.variables[i], scale * terms.coefficients[i])
            }
        }
        sum.drain(into: &inlinedVariables, &inlinedCoefficients)
        inlining = sum
        inliningPending = pending
        expression = NormalizedExpression(
            variables: inlinedVariables[...], coefficients: inlinedCoefficients[...], constant: constant, magnitude: magnitude)
        return true
    }

    /// Moves the definition of `variable` (and, first, those it depends on) into the tableau.
    mutating func materialize(_ variable: Int) {
        var stack = [variable]
        while let top = stack.last {
            let handle = definedBy[top]
            guard handle >= 0 else {
                stack.removeLast()
                continue
            }
            let expression = terms.expression(records[handle].terms, constant: records[handle].constant)
            let dependencies = expression.variables.filter { $0 != top && definedBy[$0] >= 0 }
            if !dependencies.isEmpty {
                stack.append(contentsOf: dependencies)
                continue
            }
            stack.removeLast()
            definedBy[top] = -1
            do {
                let tag = try tableau.insert(expression, .equal, priority: 1000, subject: top)
                records[handle].placement = .tableau(tag)
            } catch {
                records[handle].placement = .removed
            }
        }
    }

    /// Rebuilds the tableau from the active required constraints, in handle order, with no
    /// budget; the optional ones become pending. A constraint that numerically fails to
    /// re-enter is dropped.
    mutating func rebuild() {
        var budgetMeter = tableau.meter
        tableau = Tableau(budget: .unlimited)
        impliedEqualities.removeAll()
        slackHosts.removeAll()
        inequalities.removeAll()
        definitions.removeAll()
        editMarkerPinned = false
        for variable in uses.indices {
            uses[variable] = 0
            definedBy[variable] = -1
        }
        let explains = explainsConflicts
        explainsConflicts = false
        pending = []
        for handle in records.indices where records[handle].isActive {
            do {
                if records[handle].waitsForSolve {
                    records[handle].placement = .pending
                    pending.append(handle)
                } else {
                    records[handle].placement = try place(records[handle], handle: handle)
                }
                terms.count(records[handle].terms, into: &uses, adding: 1)
            } catch {
                records[handle].placement = .removed
                if records[handle].editVariable >= 0 { editOf[records[handle].editVariable] = -1 }
            }
        }
        explainsConflicts = explains
        budgetMeter.totalPivots += tableau.meter.totalPivots
        tableau.meter = budgetMeter
    }

    /// Places the pending optional constraints and optimises (see `reachOptimum`), reads every
    /// value, and checks that the required constraints hold.
    mutating func optimize() throws(SolverError) {
        try reachOptimum()
        tableau.readValues(into: &values)
        // Each definition's value from the values before it, read through the buffers: an
        // expression of pool slices per definition retained and released both.
        let (definitions, records) = (self.definitions, self.records)
        terms.variables.withUnsafeBufferPointer { variables in
            terms.coefficients.withUnsafeBufferPointer { coefficients in
                values.withUnsafeMutableBufferPointer { values in
                    for handle in definitions {
                        guard case .definition(let subject, _) = records[handle].placement else { continue }
                        var sum = records[handle].constant
                        var own = 1.0
                        for i in records[handle].terms {
                            if variables[i] == subject {
                                own = coefficients[i]
                            } else {
                                sum += coefficients[i] * values[variables[i]]
                            }
                        }
                        values[subject] = -sum / own + 0
                    }
                }
            }
        }
        valuePeak = values.reduce(0) { max($0, abs($1)) }
        try verifyRequired()
        needsSolve = false
    }

    /// Places the pending optional constraints and optimises (see `placePending`), reading no
    /// value: `needsSolve` stays as it is, for `optimize` to read them.
    mutating func reachOptimum() throws(SolverError) {
        tableau.beginBatch()
        do {
            try placePending()
            try tableau.optimize()
        } catch {
            tableau.endBatch()
            throw error
        }
    }

    /// Moves the pending optional constraints into the tableau a priority level at a time,
    /// highest first (in the order they were added within a level), optimising after each
    /// level. A level enters once the levels above it are optimal, so the higher levels'
    /// pivots never rewrite its error rows: the fitting-size rule at 50 names every view
    /// stacked along its axis, and in the tableau from the start its row would take part in
    /// most of those pivots. The optimum is the same; only the path to it is shorter.
    /// A pair of bounds on one expression (see `boundPairs`) enters as one row with the higher
    /// of the two (the optimum is the same; placing the lower half apart at its own level was
    /// measured to save nothing). An optional bound on the expression of a required inequality
    /// makes no row at all (see `slackFolds`). Constraints stopped by the budget stay pending.
    mutating func placePending() throws(SolverError) {
        guard !pending.isEmpty else { return }
        let order = placementOrder()
        let folds = slackFolds()
        let partners = boundPairs(excluding: folds)
        for (position, handle) in order.enumerated() {
            if case .pending = records[handle].placement {
                try tableau.meter.checkDeadline()
                if folds[handle] >= 0 {
                    let host = folds[handle] >> 1
                    guard case .tableau(let tag) = records[host].placement else { continue }
                    if folds[handle] & 1 == 1 { tableau.costSlack(of: tag, priority: records[handle].priority) }
                    records[handle].placement = .onSlack(host: host)
                    slackHosts.insert(host)
                } else if partners[handle] >= 0, case .pending = records[partners[handle]].placement {
                    try placePair(handle, partners[handle])
                } else {
                    records[handle].placement = try place(records[handle], handle: handle)
                }
            }
            if position + 1 == order.count || records[order[position + 1]].priority != records[handle].priority {
                try tableau.optimize()
            }
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// `pending` (ascending) ordered by priority, highest first, and by handle within a priority.
    /// A request has a handful of distinct priorities: the handles are bucketed by theirs (one
    /// read of each record, two passes), the buckets kept in scratch on the stack, which a
    /// twenty-view request measured cheaper than three small arrays; past `bucketedPriorities`
    /// of them the handles are sorted.
    func placementOrder() -> [Int] {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: Self.bucketedPriorities) { distinct in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * Self.bucketedPriorities) { counts in
                // Bucket b's size is counts[b], then its next place counts[places + b].
                let places = Self.bucketedPriorities
                var buckets = 0
                var rank = [UInt8](repeating: 0, count: pending.count)
                for (position, handle) in pending.enumerated() {
                    let priority = records[handle].priority
                    var bucket = 0
                    while bucket < buckets, distinct[bucket] != priority { bucket += 1 }
                    if bucket == buckets {
                        guard buckets < Self.bucketedPriorities else {
                            // Sorted as (priority, handle) pairs: comparing through `records` read
                            // two records per comparison, scattered over a large request.
                            return pending.map { (priority: records[$0].priority, handle: $0) }
                                .sorted { $0.priority > $1.priority || ($0.priority == $1.priority && $0.handle < $1.handle) }
                                .map(\.handle)
                        }
                        distinct[bucket] = priority
                        counts[bucket] = 0
                        buckets += 1
                    }
                    rank[position] = UInt8(bucket)
                    counts[bucket] += 1
                }
                // Each bucket's first place: after the buckets of higher priorities.
                for b in 0..<buckets {
                    counts[places + b] = (0..<buckets).reduce(0) { $0 + (distinct[$1] > distinct[b] ? counts[$1] : 0) }
                }
                var order = [Int](repeating: 0, count: pending.count)
                for (position, handle) in pending.enumerated() {
                    let next = places + Int(rank[position])
                    order[counts[next]] = handle
                    counts[next] += 1
                }
                return order
            }
        }
    }

    /// Up to this many distinct priorities `placementOrder` buckets (rank fits a byte).
    static let bucketedPriorities = 32

    /// Pending optional bounds `a·v + c ≤ 0` and `a·v + c ≥ 0` on the same one-variable
    /// expression (a view's content hugging and compression resistance on one axis), each
    /// matched with the first unmatched opposite one in handle order: handle → partner.
    /// Between them they say `a·v + c = above − below`, `above` costed at the `≤` bound's
    /// priority and `below` at the `≥` bound's, which one row holds with two errors instead of
    /// two rows with a slack and an error each. Handles without a partner map to -1.
    func boundPairs(excluding folded: [Int]) -> [Int] {
        struct Bound: Comparable {
            var variable: Int
            var coefficient: Double
            var constant: Double
            var handle: Int

            static func < (a: Bound, b: Bound) -> Bool {
                (a.variable, a.coefficient, a.constant, a.handle) < (b.variable, b.coefficient, b.constant, b.handle)
            }

            func sharesExpression(with other: Bound) -> Bool {
                (variable, coefficient, constant) == (other.variable, other.coefficient, other.constant)
            }
        }
        var bounds: [Bound] = []
        bounds.reserveCapacity(pending.count)
        for handle in pending where records[handle].relation != .equal && records[handle].editVariable < 0 && folded[handle] < 0 {
            let range = records[handle].terms
            guard range.count == 1 else { continue }
            bounds.append(Bound(variable: terms.variables[range.lowerBound], coefficient: terms.coefficients[range.lowerBound],
                                constant: records[handle].constant, handle: handle))
        }
        bounds.sort()
        var partners = [Int](repeating: -1, count: records.count)
        // Each bound of a group, in handle order, takes the first earlier one that is opposite
        // and still unmatched, if any. The unmatched ones are all of one relation (an opposite
        // bound would have taken the oldest of them), so that one is the oldest unmatched:
        // `oldest` only moves forward, one step per bound however many copies of one bound a
        // request repeats.
        var start = 0
        while start < bounds.count {
            var end = start + 1
            while end < bounds.count, bounds[end].sharesExpression(with: bounds[start]) { end += 1 }
            var oldest = start
            for position in start + 1..<end {
                while oldest < position, partners[bounds[oldest].handle] >= 0 { oldest += 1 }
                let handle = bounds[position].handle
                guard oldest < position, records[bounds[oldest].handle].relation != records[handle].relation else { continue }
                partners[handle] = bounds[oldest].handle
                partners[bounds[oldest].handle] = handle
                oldest += 1
            }
            start = end
        }
        return partners
    }

    /// Pending optional constraints on the very expression of a required inequality in the
    /// tableau (the same terms and constant, or all of them negated): handle → `2 × host + 1`
    /// when the bound's error is the host's slack, `2 × host` when the host implies the bound,
    /// -1 for the others.
    /// The inequality keeps `F ≥ 0` with its slack equal to `F`, so an optional `F = 0` or
    /// `F ≤ 0` is violated by exactly the slack, and an optional `F ≥ 0` never is: the first
    /// costs the slack at its priority, the second costs nothing, and neither needs the row and
    /// two error symbols it would otherwise take (a gap `>= 8` required with `== 8` preferred).
    func slackFolds() -> [Int] {
        var folds = [Int](repeating: -1, count: records.count)
        // Bounds on one variable are left to `boundPairs`: their twins are the other half of a
        // content size, not a required inequality.
        let candidates = pending.filter { records[$0].terms.count > 1 && records[$0].editVariable < 0 }
        guard !candidates.isEmpty else { return folds }
        let hosts = inequalities.filter { handle in
            guard records[handle].terms.count > 1, case .tableau = records[handle].placement else { return false }
            return true
        }
        guard !hosts.isEmpty else { return folds }
        // Open addressing over the hosts' hashes. A hash is seeded and its slot is its top bits
        // after a seeded multiply, as in the model's `SameHash`: a request cannot choose
        // expressions that pile onto one slot. Of hosts with one expression, the earliest is found
        // first (they sit along one probe run in the order they went in), whatever the seed.
        var bits = 4
        while 1 << bits < 2 * hosts.count { bits += 1 }
        let mask = (1 << bits) - 1
        var slots = [Int](repeating: -1, count: 1 << bits)
        var slotHash = [UInt64](repeating: 0, count: 1 << bits)
        let seed = Self.foldSeed
        // The expressions are read through the pool's buffers.
        terms.variables.withUnsafeBufferPointer { variables in
            terms.coefficients.withUnsafeBufferPointer { coefficients in
                for host in hosts {
                    let hash = expressionHash(host, seed.start, variables, coefficients)
                    var slot = Int(truncatingIfNeeded: (hash &* seed.multiplier) >> UInt64(64 - bits))
                    while slots[slot] >= 0 { slot = (slot + 1) & mask }
                    slots[slot] = host
                    slotHash[slot] = hash
                }
                for handle in candidates {
                    let hash = expressionHash(handle, seed.start, variables, coefficients)
                    var slot = Int(truncatingIfNeeded: (hash &* seed.multiplier) >> UInt64(64 - bits))
                    while slots[slot] >= 0 {
                        let host = slots[slot]
                        slot = (slot + 1) & mask
                        guard slotHash[(slot - 1) & mask] == hash else { continue }
                        let scale = leadingSign(handle, coefficients) * leadingSign(host, coefficients)
                        guard isScaled(handle, host, by: scale, variables, coefficients) else { continue }
                        // The bound's expression is m·F, F ≥ 0 the host's expression oriented as `≥`.
                        let m = scale * (records[host].relation == .greaterThanOrEqual ? 1 : -1)
                        let relation = records[handle].relation
                        let costs = relation == .equal || (relation == .lessThanOrEqual) == (m > 0)
                        folds[handle] = 2 * host + (costs ? 1 : 0)
                        break
                    }
                }
            }
        }
        return folds
    }

    /// The sign of the first coefficient of `handle`'s expression (1 when it has none), read
    /// through the pool's coefficients.
    private func leadingSign(_ handle: Int, _ coefficients: UnsafeBufferPointer<Double>) -> Double {
        let range = records[handle].terms
        return range.isEmpty || coefficients[range.lowerBound] > 0 ? 1 : -1
    }

    /// Drawn once per process for `slackFolds`: the start of every hash, and the odd multiplier
    /// that picks its slot.
    private static let foldSeed = (start: UInt64.random(in: 0...UInt64.max), multiplier: UInt64.random(in: 0...UInt64.max) | 1)

    /// A hash of `handle`'s expression scaled to a positive first coefficient, from `start` (the
    /// seed's): equal for expressions that are equal or opposite. Read through the pool's buffers.
    private func expressionHash(
        _ handle: Int, _ start: UInt64, _ variables: UnsafeBufferPointer<Int>, _ coefficients: UnsafeBufferPointer<Double>
    ) -> UInt64 {
        let sign = leadingSign(handle, coefficients)
        var hash = (start ^ (sign * records[handle].constant + 0).bitPattern) &* 0x9E37_79B9_7F4A_7C15
        for i in records[handle].terms {
            hash = (hash ^ UInt64(truncatingIfNeeded: variables[i])) &* 0xBF58_476D_1CE4_E5B9
            hash = (hash ^ (sign * coefficients[i]).bitPattern) &* 0x94D0_49BB_1331_11EB
        }
        return hash ^ (hash >> 31)
    }

    /// Whether `a`'s expression is `b`'s times `scale` (±1), term for term. Read through the
    /// pool's buffers.
    private func isScaled(
        _ a: Int, _ b: Int, by scale: Double, _ variables: UnsafeBufferPointer<Int>, _ coefficients: UnsafeBufferPointer<Double>
    ) -> Bool {
        let ra = records[a].terms, rb = records[b].terms
        guard ra.count == rb.count, records[a].constant == scale * records[b].constant else { return false }
        return zip(ra, rb).allSatisfy { i, j in
            variables[i] == variables[j] && coefficients[i] == scale * coefficients[j]
        }
    }

    /// Places a pair of bounds (see `boundPairs`) as one row.
    mutating func placePair(_ a: Int, _ b: Int) throws(SolverError) {
        let (atMost, atLeast) = records[a].relation == .lessThanOrEqual ? (a, b) : (b, a)
        var inlined = terms.expression(records[atMost].terms, constant: records[atMost].constant)
        inlineDefinitions(in: &inlined)
        _ = try tableau.insert(
            inlined, .equal, priority: max(records[atMost].priority, records[atLeast].priority),
            bounds: (above: records[atMost].priority, below: records[atLeast].priority))
        records[atMost].placement = .pair
        records[atLeast].placement = .pair
    }

    /// Throws `.imprecise` for the first required constraint that the values miss by more than
    /// `Tolerance.precision` moves of its variables could make up (see `Tolerance.precision`):
    /// the arithmetic, not the constraints, failed.
    func verifyRequired() throws(SolverError) {
        let missed: Int? = terms.variables.withUnsafeBufferPointer { variables in
            terms.coefficients.withUnsafeBufferPointer { coefficients in
                values.withUnsafeBufferPointer { values in
                    for handle in records.indices where records[handle].priority >= 1000 && records[handle].isActive {
                        let range = records[handle].terms
                        if Tolerance.misses(
                            records[handle].relation, constant: records[handle].constant,
                            variables: UnsafeBufferPointer(rebasing: variables[range]),
                            coefficients: UnsafeBufferPointer(rebasing: coefficients[range]), at: { values[$0] }) {
                            return handle
                        }
                    }
                    return nil
                }
            }
        }
        if let missed { throw .imprecise(ConstraintHandle(index: missed)) }
    }
}

/// Counters describing the tableau, for benchmarks and diagnostics.
public struct SolverStatistics: Hashable, Sendable {
    /// Rows in the tableau.
    public var rows: Int
    /// Parametric terms over all rows.
    public var terms: Int
    /// The longest row.
    public var longestRow: Int
    /// Required equalities kept out of the tableau as definitions.
    public var definitions: Int
    /// Distinct optional priorities (objective levels).
    public var levels: Int
    /// Pivots since the solver was made.
    public var pivots: Int
    /// The largest value any row of the tableau has held since it was last built, or any
    /// variable has taken in the last solve (a definition's value never enters the tableau, but
    /// the rows were built through it): results carry about 1e-16 of it in rounding per operation.
    public var peakMagnitude: Double
}

extension Solver {
    /// Counters describing the current tableau.
    public var statistics: SolverStatistics {
        // Of the rows brought up to date: a solve leaves the stale ones as they are.
        var tableau = tableau
        tableau.endBatch()
        var terms = 0
        var longest = 0
        for index in tableau.rows.indices where tableau.rowStates[index].basic >= 0 {
            terms += tableau.rows[index].terms.count
            longest = max(longest, tableau.rows[index].terms.count)
        }
        let definitions = records.filter {
            if case .definition = $0.placement { return true }
            return false
        }.count
        return SolverStatistics(
            rows: tableau.rowCount, terms: terms, longestRow: longest, definitions: definitions,
            levels: tableau.objective.levelCount, pivots: pivotCount,
            peakMagnitude: max(tableau.peakMagnitude, valuePeak))
    }
}
