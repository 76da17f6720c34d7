import LayoutSolver

/// How a constraint stands at the optimum, worked out from the solved variable values and the
/// compiled expression (`expression REL 0`), without asking the solver.
struct ConstraintState: Hashable, Sendable {
    /// `expression` evaluated at the optimum.
    var residual: Double
    /// How far the constraint is from holding: |residual| for `==`, the excess for `<=` and `>=`; 0 when it holds.
    var violation: Double
    /// Binding: it holds with equality (an inequality at its bound, an equality satisfied).
    var isActive: Bool
    /// The largest magnitude in the sum (at least 1): what the residual is measured against.
    var scale: Double

    /// Residuals within 1e-9 of the largest number in the sum count as zero.
    static let tolerance = 1e-9

    /// `terms`: the constraint's terms (see `ConstraintList.terms(of:)`).
    init(_ constraint: CompiledConstraint, terms: [Term], in solver: Solver) {
        var sum = constraint.constant
        var scale = max(1, abs(sum))
        for term in terms {
            let product = term.coefficient * solver.value(of: term.variable)
            sum += product
            scale = max(scale, abs(product))
        }
        self.scale = scale
        let zero = Self.tolerance * scale
        residual = abs(sum) <= zero ? 0 : sum
        switch constraint.relation {
        case .equal: violation = abs(residual)
        case .lessThanOrEqual: violation = max(0, residual)
        case .greaterThanOrEqual: violation = max(0, -residual)
        }
        isActive = residual == 0
    }
}
