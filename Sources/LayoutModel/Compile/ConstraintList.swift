import LayoutSolver

/// The compiled constraints of one installation in Auto Layout's installation order (root size,
/// fixed frames, intrinsic sizes, the request's constraints), their terms in one shared array:
/// however many constraints, the list is two allocations, and copying or freeing it counts no
/// reference per constraint.
struct ConstraintList: Sendable {
    private var constraints: [CompiledConstraint] = []
    private var terms: [Term] = []

    /// An empty list with room for `count` constraints of `terms` terms in all.
    init(reserving count: Int, terms: Int) {
        constraints.reserveCapacity(count)
        self.terms.reserveCapacity(terms)
    }

    var count: Int { constraints.count }
    var indices: Range<Int> { constraints.indices }

    subscript(index: Int) -> CompiledConstraint { constraints[index] }

    /// The terms of the constraint at `index`.
    func terms(of index: Int) -> ArraySlice<Term> { terms[constraints[index].terms] }

    /// Calls `body` with the terms of every constraint, one buffer: those of the constraint at
    /// `index` are at `self[index].terms`.
    func withTerms<Result, Failure: Error>(_ body: (UnsafeBufferPointer<Term>) throws(Failure) -> Result) throws(Failure) -> Result {
        try terms.withUnsafeBufferPointer(body)
    }

    /// Appends `expression relation 0` at `priority`, the expression written by `build` (from
    /// no terms and 0) straight into the list's storage.
    mutating func append(
        _ origin: CompiledConstraint.Origin, _ relation: Relation, priority: Double,
        build: (inout LinearExpression) -> Void
    ) {
        let start = terms.count
        var expression = LinearExpression()
        swap(&expression.terms, &terms)
        build(&expression)
        swap(&expression.terms, &terms)
        constraints.append(CompiledConstraint(
            origin: origin, terms: start..<terms.count, constant: expression.constant, relation: relation, priority: priority))
    }

    /// Appends `variable + constant relation 0` at `priority` (a system constraint: root size,
    /// fixed frame, intrinsic size), building no expression.
    mutating func append(_ origin: CompiledConstraint.Origin, _ variable: Variable, constant: Double, _ relation: Relation, priority: Double) {
        terms.append(Term(variable, 1))
        constraints.append(CompiledConstraint(
            origin: origin, terms: terms.count - 1..<terms.count, constant: constant, relation: relation, priority: priority))
    }

    /// Moves the constant of the constraint at `index` (a root-size edit given a new value).
    mutating func setConstant(_ constant: Double, at index: Int) {
        constraints[index].constant = constant
    }
}
