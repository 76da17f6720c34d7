/// A solver made new again with its storage kept: every table is moved into a new solver and
/// emptied there, its capacity kept. Nothing else is kept: every other property is the new
/// solver's, and an emptied table is a new one with room, so a reset solver answers as a new one
/// does, call for call.
extension Solver {
    /// Makes the solver new, as `init(budget:)` makes one, with no variables or constraints,
    /// keeping the storage of its tables: for a caller solving one problem after another, whose
    /// next solve then allocates nothing it did not allocate last time.
    ///
    /// Storage that a copy of the solver still shares is left to the copy (which keeps its
    /// constraints and values), and the solver allocates its own again.
    public mutating func reset(budget: SolverBudget = .unlimited) {
        var new = Solver(budget: budget)
        new.takeStorage(of: &self)
        swap(&self, &new)
    }

    /// Takes the storage of `old` into this solver, which is new.
    private mutating func takeStorage(of old: inout Solver) {
        tableau.takeStorage(of: &old.tableau)
        moveEmptied(&old.records, to: &records)
        terms.takeStorage(of: &old.terms)
        moveEmptied(&old.uses, to: &uses)
        moveEmptied(&old.definedBy, to: &definedBy)
        moveEmptied(&old.definitions, to: &definitions)
        moveEmptied(&old.editOf, to: &editOf)
        moveEmptied(&old.values, to: &values)
        moveEmptied(&old.impliedEqualities, to: &impliedEqualities)
        inlining.takeStorage(of: &old.inlining)
        moveEmptied(&old.inliningPending, to: &inliningPending)
        moveEmptied(&old.inlinedVariables, to: &inlinedVariables)
        moveEmptied(&old.inlinedCoefficients, to: &inlinedCoefficients)
        moveEmptied(&old.pending, to: &pending)
        moveEmptied(&old.slackHosts, to: &slackHosts)
        moveEmptied(&old.inequalities, to: &inequalities)
    }

    /// About how many bytes the solver's tables take, in use or reserved: for a caller that
    /// keeps a finished solver for its storage (`reset(budget:)`) and bounds what it keeps.
    public var storageBytes: Int {
        records.capacityBytes + terms.storageBytes + uses.capacityBytes + definedBy.capacityBytes
            + definitions.capacityBytes + editOf.capacityBytes + values.capacityBytes
            + impliedEqualities.capacityBytes + inlining.storageBytes
            + inliningPending.capacityBytes + inlinedVariables.capacityBytes + inlinedCoefficients.capacityBytes
            + pending.capacityBytes + slackHosts.capacityBytes + inequalities.capacityBytes
            + tableau.storageBytes
    }
}

/// A collection that can be emptied keeping its storage, and says how much room it has: the
/// solver's tables.
protocol EmptiedInPlace: Collection {
    var capacity: Int { get }
    mutating func removeAll(keepingCapacity: Bool)
}

extension Array: EmptiedInPlace {}
extension Set: EmptiedInPlace {}
extension Dictionary: EmptiedInPlace {}

/// Moves the storage of `old` into `new`, a new (empty) table, and empties it there, keeping its
/// capacity; `old` is left as `new` was. Swapped, never copied, so storage held by `old` alone
/// stays unshared and keeps its room.
func moveEmptied<Table: EmptiedInPlace>(_ old: inout Table, to new: inout Table) {
    swap(&old, &new)
    new.removeAll(keepingCapacity: true)
}

extension EmptiedInPlace {
    /// The bytes of the table's room for elements (a hash table's bookkeeping left out).
    var capacityBytes: Int { capacity * MemoryLayout<Element>.stride }
}
