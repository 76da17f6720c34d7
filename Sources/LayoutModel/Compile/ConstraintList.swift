import LayoutSolver

/// The compiled constraints of one installation in Auto Layout's installation order (root size,
/// fixed frames, intrinsic sizes, the request's constraints), their terms in one shared buffer:
/// however many constraints, the list is three allocations, and copying or freeing it counts no
/// reference per constraint.
///
/// The storage is raw and copied on write: appends come in batches (`append(_:)`), which check
/// once that the list owns it and then write each constraint and its terms in place, where
/// arrays checked ownership and room at every term; passes over many constraints read it as
/// buffers (`withBuffers`).
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
        return withBuffers { _, terms in Array(terms[range]) }
    }

    /// Calls `body` with the constraints and the terms of every constraint, a buffer each: those
    /// of the constraint at `index` are at `constraints[index].terms`. For passes over many
    /// constraints, which then read the storage without going through the list at each one.
    func withBuffers<Result, Failure: Error>(
        _ body: (_ constraints: UnsafeBufferPointer<CompiledConstraint>, _ terms: UnsafeBufferPointer<Term>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // The list is borrowed for the call, and with it the storage.
        try body(UnsafeBufferPointer(start: storage.constraints, count: storage.count),
                 UnsafeBufferPointer(start: storage.terms, count: storage.termCount))
    }

    /// Appends the constraints `body` writes, straight into the list's storage: that the list
    /// owns its storage is checked once for them all.
    mutating func append<Failure: Error>(_ body: (inout Appender) throws(Failure) -> Void) throws(Failure) {
        makeUnique()
        var appender = Appender(storage: Unmanaged.passUnretained(storage))
        try body(&appender)
    }

    /// Appends `variable + constant relation 0` at `priority`, as `Appender` does.
    mutating func append(_ origin: CompiledConstraint.Origin, _ variable: Variable, constant: Double, _ relation: Relation, priority: Double) {
        append { $0.append(origin, variable, constant: constant, relation, priority: priority) }
    }

    /// Writes constraints after a list's last ones (see `append(_:)`). The list keeps its storage
    /// alive meanwhile (an appender never outlives the call), so the storage is held unmanaged:
    /// nothing is counted as constraints and terms are written.
    struct Appender {
        fileprivate let storage: Unmanaged<Storage>

        /// Appends `expression relation 0` at `priority`, the expression written by `build`
        /// (from no terms and 0) straight into the list's storage.
        mutating func append(
            _ origin: CompiledConstraint.Origin, _ relation: Relation, priority: Double,
            build: (inout Expression) -> Void
        ) {
            let start = storage._withUnsafeGuaranteedRef { $0.termCount }
            var expression = Expression(storage: storage)
            build(&expression)
            storage._withUnsafeGuaranteedRef {
                $0.appendConstraint(CompiledConstraint(
                    origin: origin, terms: start..<$0.termCount, constant: expression.constant, relation: relation, priority: priority))
            }
        }

        /// Appends `variable + constant relation 0` at `priority` (a system constraint: root
        /// size, fixed frame, intrinsic size), building no expression.
        mutating func append(_ origin: CompiledConstraint.Origin, _ variable: Variable, constant: Double, _ relation: Relation, priority: Double) {
            storage._withUnsafeGuaranteedRef {
                $0.appendTerm(Term(variable, 1))
                $0.appendConstraint(CompiledConstraint(
                    origin: origin, terms: $0.termCount - 1..<$0.termCount, constant: constant, relation: relation, priority: priority))
            }
        }
    }

    /// The expression of the constraint being appended, its terms written straight after the
    /// list's last ones; its storage held as the appender holds it.
    struct Expression {
        fileprivate let storage: Unmanaged<Storage>
        var constant = 0.0

        /// Adds `coefficient × variable`.
        mutating func add(_ variable: Variable, _ coefficient: Double) {
            storage._withUnsafeGuaranteedRef { $0.appendTerm(Term(variable, coefficient)) }
        }
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
        constraints = Self.moved(constraints, count: count, toCapacity: 2 * capacity)
        capacity *= 2
    }

    @inline(never)
    private func growTerms() {
        terms = Self.moved(terms, count: termCount, toCapacity: 2 * termCapacity)
        termCapacity *= 2
    }

    /// `buffer`'s `count` elements moved into new storage of `capacity`; `buffer` is freed.
    private static func moved<Element>(
        _ buffer: UnsafeMutablePointer<Element>, count: Int, toCapacity capacity: Int
    ) -> UnsafeMutablePointer<Element> {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        grown.moveInitialize(from: buffer, count: count)
        buffer.deallocate()
        return grown
    }
}
