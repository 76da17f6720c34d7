import LayoutSolver

/// The constraints that determine one view's frame, attribute by attribute, as UIKit's
/// `constraintsAffectingLayout(for:)`.
///
/// The constraints of an attribute are those whose expression, in solver terms, involves that
/// attribute's variable: the request's constraints naming the view (evaluated in the closest
/// common ancestor's space, so a constraint between a descendant and an outside view also moves
/// the view's origin), its content hugging and compression resistance, its fixed frame, and for
/// the root its size (`size.width`, or the fitting-size rule). A chain is followed by explaining
/// the items these constraints name. The root's x and y are 0 by definition: their lists are empty.
public struct ViewExplanation: Sendable {
    public var view: String
    /// `x`, `y`, `width`, `height` in that order, each with its constraints in Auto Layout's
    /// installation order (root size, fixed frames, intrinsic sizes, the request's constraints).
    public var attributes: [(attribute: String, constraints: [ConstraintInfluence])]
}

/// One constraint's part in a frame attribute, at the optimum.
public struct ConstraintInfluence: Hashable, Sendable {
    public var id: String
    /// The readable line, as in a conflict's `description`.
    public var description: String
    /// 1…1000 (1000 = required).
    public var priority: Double
    /// Binding at the optimum: it holds with equality (an inequality at its bound).
    public var isActive: Bool
    /// How far it is from holding at the optimum (0 when it holds): a broken required constraint,
    /// or an optional one that lost to higher priorities.
    public var violation: Double
}

extension ViewExplanation {
    static let attributeNames = ["x", "y", "width", "height"]

    /// The explanations of `views` (indices into the request's tree), one scan over the
    /// constraints (in installation order, so each list is in that order as it is found).
    static func explain(
        views: [Int], of request: LayoutRequest, variables: VariableTable,
        constraints: ConstraintList, solver: Solver
    ) -> [ViewExplanation] {
        // variable index → (position in `views`, attribute 0…3)
        var wanted: [Int: (slot: Int, attribute: Int)] = [:]
        for (slot, view) in views.enumerated() {
            let own = variables[view]
            let attributeVariables = [own.x, own.y, own.width, own.height]
            for (attribute, variable) in attributeVariables.enumerated() {
                if let variable { wanted[variable.index] = (slot, attribute) }
            }
        }
        var lists = [[[ConstraintInfluence]]](repeating: [[], [], [], []], count: views.count)
        var coefficients: [Int: Double] = [:]
        for index in constraints.indices {
            let terms = constraints.terms(of: index)
            coefficients.removeAll(keepingCapacity: true)
            for term in terms where wanted[term.variable.index] != nil {
                coefficients[term.variable.index, default: 0] += term.coefficient
            }
            guard !coefficients.isEmpty else { continue }
            let constraint = constraints[index]
            let state = ConstraintState(constraint, terms: terms, in: solver)
            let influence = ConstraintInfluence(
                id: constraint.id(in: request), description: constraint.description(in: request), priority: constraint.priority,
                isActive: state.isActive, violation: state.violation)
            for (variable, coefficient) in coefficients.sorted(by: { $0.key < $1.key }) where abs(coefficient) > 1e-12 {
                guard let (slot, attribute) = wanted[variable] else { continue }
                lists[slot][attribute].append(influence)
            }
        }
        return views.enumerated().map { slot, view in
            ViewExplanation(
                view: request.tree.views[view].id,
                attributes: attributeNames.enumerated().map { attribute, name in (name, lists[slot][attribute]) })
        }
    }
}
