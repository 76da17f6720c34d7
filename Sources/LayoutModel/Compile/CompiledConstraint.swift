import LayoutSolver

/// A constraint in solver terms, with what a diagnosis needs to name it.
struct CompiledConstraint: Sendable {
    /// The request's id, or a system id (`size.width`, `title.hugging.horizontal`, `card.frame.x`).
    var id: String
    /// One readable line, as Masonry's debug description: `title.left == root.left + 20`.
    var description: String
    var expression: LinearExpression
    var relation: Relation
    var priority: Double
    /// The view whose intrinsic size or fixed frame made a system constraint.
    var view: Int?
}

extension LayoutRelation {
    /// `first REL rhs` becomes `first − rhs REL 0`.
    var solverRelation: Relation {
        switch self {
        case .equal: return .equal
        case .lessThanOrEqual: return .lessThanOrEqual
        case .greaterThanOrEqual: return .greaterThanOrEqual
        }
    }
}
