import LayoutSolver

/// The compiled constraints of one installation in Auto Layout's installation order (root size,
/// fixed frames, intrinsic sizes, the request's constraints), their terms in one shared buffer:
/// however many constraints, the list is three allocations, and copying or freeing it counts no
/// reference per constraint.
///
/// The storage is raw and copied on write: an append checks once that the list owns it, then
/// writes the constraint and its terms in place, where arrays checked ownership and room at
/// every term.
struct ConstraintList: Sendable {
    private var storage: Storage

    /// An empty list with room for `count` constraints of `terms` terms in all.
    init(reserving count: Int, terms: Int) {
        storage = Storage(constraints: max(1, count), terms: max(1, terms))
    }

    var count: Int { storage.count }
    var indices: Range<Int> { 0..<storage.count }

    subscript(index: Int) -> CompiledConstraint {
        precondition(index >= 0 && index < storage.count, "constraint index out of range")
        return storage.constraints[index]
    }

    /// The terms of the constraint at `index`.
    func terms(of index: Int) -> [Term] {
        let range = self[index].terms
        return withTerms { Array($0[range]) }
    }

    /// Calls `body` with the terms of every constraint, one buffer: those of the constraint at
    /// `index` are at `self[index].terms`.
    func withTerms<Result, Failure: Error>(_ body: (UnsafeBufferPointer<Term>) throws(Failure) -> Result) throws(Failure) -> Result {
        // The list is borrowed for the call, and with it the storage.
        try body(UnsafeBufferPointer(start: storage.terms, count: storage.termCount))
    }

    /// The expression of the constraint being appended, its terms written straight after the
    /// list's last ones.
    struct Expression {
        /// Kept alive by the list for the whole append (the expression never outlives it), so
        /// not counted, not even as a term is written.
        fileprivate let storage: Unmanaged<Storage>
        var constant = 0.0

        /// Adds `coefficient × variable`.
        mutating func add(_ variable: Variable, _ coefficient: Double) {
            storage._withUnsafeGuaranteedRef { $0.appendTerm(Term(variable, coefficient)) }
        }
    }

    /// Appends `expression relation 0` at `priority`, the expression written by `build` (from
    /// no terms and 0) straight into the list's storage.
    mutating func append(
        _ origin: CompiledConstraint.Origin, _ relation: Relation, priority: Double,
        build: (inout Expression) -> Void
    ) {
        makeUnique()
        let start = storage.termCount
        var expression = Expression(storage: Unmanaged.passUnretained(storage))
        build(&expression)
        storage.appendConstraint(CompiledConstraint(
            origin: origin, terms: start..<storage.termCount, constant: expression.constant, relation: relation, priority: priority))
    }

    /// Appends `variable + constant relation 0` at `priority` (a system constraint: root size,
    /// fixed frame, intrinsic size), building no expression.
    mutating func append(_ origin: CompiledConstraint.Origin, _ variable: Variable, constant: Double, _ relation: Relation, priority: Double) {
        makeUnique()
        storage.appendTerm(Term(variable, 1))
        storage.appendConstraint(CompiledConstraint(
            origin: origin, terms: storage.termCount - 1..<storage.termCount, constant: constant, relation: relation, priority: priority))
    }

    /// Moves the constant of the constraint at `index` (a root-size edit given a new value).
    mutating func setConstant(_ constant: Double, at index: Int) {
        precondition(index >= 0 && index < storage.count, "constraint index out of range")
        makeUnique()
        storage.constraints[index].constant = constant
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }
}

/// A list's constraints and terms in raw buffers that grow by doubling. Changed only through a
/// list that holds the sole reference (`ConstraintList.makeUnique`), hence sendable.
private final class Storage: @unchecked Sendable {
    private(set) var constraints: UnsafeMutablePointer<CompiledConstraint>
    private(set) var count = 0
    private var capacity: Int
    private(set) var terms: UnsafeMutablePointer<Term>
    private(set) var termCount = 0
    private var termCapacity: Int

    init(constraints capacity: Int, terms termCapacity: Int) {
        self.capacity = capacity
        self.termCapacity = termCapacity
        constraints = .allocate(capacity: capacity)
        terms = .allocate(capacity: termCapacity)
    }

    deinit {
        constraints.deinitialize(count: count)
        constraints.deallocate()
        terms.deinitialize(count: termCount)
        terms.deallocate()
    }

    /// A storage of its own with the same contents and room.
    func copy() -> Storage {
        let copy = Storage(constraints: capacity, terms: termCapacity)
        copy.constraints.initialize(from: constraints, count: count)
        copy.count = count
        copy.terms.initialize(from: terms, count: termCount)
        copy.termCount = termCount
        return copy
    }

    @inline(__always)
    func appendConstraint(_ constraint: CompiledConstraint) {
        if count == capacity { growConstraints() }
        (constraints + count).initialize(to: constraint)
        count += 1
    }

    @inline(__always)
    func appendTerm(_ term: Term) {
        if termCount == termCapacity { growTerms() }
        (terms + termCount).initialize(to: term)
        termCount += 1
    }

    @inline(never)
    private func growConstraints() {
        let grown = UnsafeMutablePointer<CompiledConstraint>.allocate(capacity: 2 * capacity)
        grown.moveInitialize(from: constraints, count: count)
        constraints.deallocate()
        constraints = grown
        capacity *= 2
    }

    @inline(never)
    private func growTerms() {
        let grown = UnsafeMutablePointer<Term>.allocate(capacity: 2 * termCapacity)
        grown.moveInitialize(from: terms, count: termCount)
        terms.deallocate()
        terms = grown
        termCapacity *= 2
    }
}
