/// A solver made with the storage of one that is done: every table taken from the old solver,
/// emptied, its capacity kept. Nothing else is taken: every other property starts as
/// `init(budget:)` starts it, and an emptied table is a new one with room, so a reused solver
/// answers as a new one does, call for call.
extension Solver {
    /// A solver with no variables or constraints, as `init(budget:)` makes, that keeps the
    /// storage of `old`, a solver that is no longer needed: for a caller solving one problem
    /// after another, whose next solve then allocates nothing it did not allocate last time.
    ///
    /// The tables are moved out of `old`, not copied; storage that something else still shares
    /// is left to it, and the new solver allocates its own.
    public init(budget: SolverBudget = .unlimited, reusing old: consuming Solver) {
        var old = consume old
        tableau = Tableau(budget: budget, reusing: &old.tableau)
        records = old.records.takeEmptied()
        terms = TermPool(reusing: &old.terms)
        uses = old.uses.takeEmptied()
        definedBy = old.definedBy.takeEmptied()
        definitions = old.definitions.takeEmptied()
        editOf = old.editOf.takeEmptied()
        values = old.values.takeEmptied()
        impliedEqualities = old.impliedEqualities.takeEmptied()
        inlining = SparseSum(reusing: &old.inlining)
        inliningPending = old.inliningPending.takeEmptied()
        inlinedVariables = old.inlinedVariables.takeEmptied()
        inlinedCoefficients = old.inlinedCoefficients.takeEmptied()
        pending = old.pending.takeEmptied()
        slackHosts = old.slackHosts.takeEmptied()
        inequalities = old.inequalities.takeEmptied()
    }

    /// About how many bytes the solver's tables take, in use or reserved: for a caller that
    /// keeps a finished solver's storage (`init(budget:reusing:)`) and bounds what it keeps.
    public var storageBytes: Int {
        records.capacityBytes + terms.storageBytes + uses.capacityBytes + definedBy.capacityBytes
            + definitions.capacityBytes + editOf.capacityBytes + values.capacityBytes
            + impliedEqualities.capacity * MemoryLayout<Int>.stride + inlining.storageBytes
            + inliningPending.capacityBytes + inlinedVariables.capacityBytes + inlinedCoefficients.capacityBytes
            + pending.capacityBytes + slackHosts.capacity * MemoryLayout<Int>.stride + inequalities.capacityBytes
            + tableau.storageBytes
    }
}

/// A collection that can be emptied keeping its storage: the solver's tables.
protocol EmptiedInPlace {
    init()
    mutating func removeAll(keepingCapacity: Bool)
}

extension Array: EmptiedInPlace {}
extension Set: EmptiedInPlace {}
extension Dictionary: EmptiedInPlace {}

extension EmptiedInPlace {
    /// The collection's storage with its elements removed, leaving the collection empty and
    /// without storage: moved out, never copied, so storage held by it alone keeps its capacity.
    mutating func takeEmptied() -> Self {
        var taken = Self()
        swap(&self, &taken)
        taken.removeAll(keepingCapacity: true)
        return taken
    }
}

extension Array {
    /// The bytes of the array's capacity.
    var capacityBytes: Int { capacity * MemoryLayout<Element>.stride }
}
