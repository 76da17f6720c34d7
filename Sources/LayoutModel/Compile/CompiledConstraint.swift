import LayoutSolver

/// A constraint in solver terms, with what a diagnosis needs to name it.
///
/// The id and the readable line are built only when asked for (a diagnosis is rare; a request
/// has thousands of constraints), from what the constraint came from.
struct CompiledConstraint: Sendable {
    /// Where a constraint came from: enough to name it.
    enum Origin: Sendable {
        /// A request constraint (after expansion).
        case request(LayoutConstraint)
        /// Content hugging (`size <= c`) or compression resistance (`size >= c`) of a view's intrinsic size.
        case intrinsic(view: String, axis: LayoutAxis, isHugging: Bool, value: Double, priority: Double)
        /// Any other constraint UIKit adds by itself (root size, fitting size, fixed frame), named up front.
        case system(id: String, description: String)
    }

    var origin: Origin
    var expression: LinearExpression
    var relation: Relation
    var priority: Double
    /// The view whose intrinsic size or fixed frame made a system constraint.
    var view: Int?
    /// Position in Auto Layout's installation order (root size, fixed frames, intrinsic sizes,
    /// the request's constraints), which diagnoses list by; the solver takes required ones first.
    var order = 0

    /// Content hugging or compression resistance.
    var isIntrinsicSize: Bool {
        if case .intrinsic = origin { return true }
        return false
    }

    /// The fitting-size rule (`root.width == 0 @50`): the only optional constraint UIKit adds
    /// besides the intrinsic size ones.
    var isFittingSize: Bool {
        if case .system = origin { return priority < LayoutPriority.required.value }
        return false
    }

    /// The request's id, or a system id (`size.width`, `title.hugging.horizontal`, `card.frame.x`).
    var id: String {
        switch origin {
        case .request(let constraint): return constraint.id
        case .intrinsic(let view, let axis, let isHugging, _, _):
            return "\(view).\(isHugging ? "hugging" : "compressionResistance").\(axis.rawValue)"
        case .system(let id, _): return id
        }
    }

    /// One readable line, as Masonry's debug description: `title.left == root.left + 20`.
    var description: String {
        switch origin {
        case .request(let constraint): return constraint.debugDescription
        case .intrinsic(let view, let axis, let isHugging, let value, let priority):
            let name = axis == .horizontal ? "width" : "height"
            return isHugging
                ? "\(view).\(name) <= \(value.constraintText) @\(priority.constraintText) (content hugging)"
                : "\(view).\(name) >= \(value.constraintText) @\(priority.constraintText) (compression resistance)"
        case .system(_, let description): return description
        }
    }
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
