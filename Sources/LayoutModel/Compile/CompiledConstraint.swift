import LayoutSolver

/// A constraint in solver terms (`terms + constant REL 0`, its terms in a `ConstraintList`),
/// with what a diagnosis needs to name it.
///
/// A plain value with no reference inside: a request has thousands of constraints, and copying
/// or freeing one costs nothing. The id and the readable line are built only when asked for (a
/// diagnosis is rare), from the request and what the constraint came from.
struct CompiledConstraint: Sendable {
    /// Where a constraint came from: enough to name it, with the request.
    enum Origin: Sendable {
        /// The request constraint at this index of `LayoutRequest.constraints`.
        case request(Int)
        /// Content hugging (`size <= c`) or compression resistance (`size >= c`) of a view's intrinsic size.
        case intrinsic(view: Int, axis: LayoutAxis, isHugging: Bool)
        /// The root size the request gives (`size.width`, `size.height`), an edit.
        case rootSize(LayoutAxis)
        /// `root.width == 0 @50` for a root dimension the request leaves to the constraints.
        case fittingSize(LayoutAxis)
        /// One value of a view's fixed frame (translatesAutoresizingMaskIntoConstraints).
        case fixedFrame(view: Int, FrameValue)
    }

    /// The four values a fixed frame pins, named as in its ids (`card.frame.x`).
    enum FrameValue: String, Sendable {
        case x, y, width, height
    }

    // Stored in this order, the terms' place in 32 bits: 40 bytes a constraint, not 56 (the
    // relation fills the byte after the origin's 10, the two 32-bit numbers the next word).
    // A request of 10,000 views has about 80,000 constraints, read in a few passes each solve.
    var origin: Origin
    var relation: Relation
    private var termStart: Int32
    private var termCount: Int32
    var constant: Double
    var priority: Double

    /// `terms` must lie below 2^31: a list holds at most a request's `LayoutLimits.maxTerms`
    /// plus a few per view, which `layoutd` keeps far below.
    init(origin: Origin, terms: Range<Int>, constant: Double, relation: Relation, priority: Double) {
        self.origin = origin
        self.relation = relation
        precondition(terms.upperBound <= Int(Int32.max), "terms beyond 2^31")
        termStart = Int32(truncatingIfNeeded: terms.lowerBound)
        termCount = Int32(truncatingIfNeeded: terms.count)
        self.constant = constant
        self.priority = priority
    }

    /// Where the terms are in the list's term array.
    var terms: Range<Int> { Range(uncheckedBounds: (Int(termStart), Int(termStart) &+ Int(termCount))) }

    /// The right-hand side a system constraint of one term (`variable + constant REL 0`)
    /// states: the root size, the fixed frame value, the intrinsic size.
    private var value: Double { -constant }

    /// Content hugging or compression resistance.
    var isIntrinsicSize: Bool {
        if case .intrinsic = origin { return true }
        return false
    }

    /// The fitting-size rule (`root.width == 0 @50`): the only optional constraint UIKit adds
    /// besides the intrinsic size ones.
    var isFittingSize: Bool {
        if case .fittingSize = origin { return true }
        return false
    }

    /// The request's id, or a system id (`size.width`, `title.hugging.horizontal`, `card.frame.x`).
    func id(in request: LayoutRequest) -> String {
        let views = request.tree.views
        switch origin {
        case .request(let index): return request.constraints[index].id.text
        case .intrinsic(let view, let axis, let isHugging):
            return "\(views[view].id).\(isHugging ? "hugging" : "compressionResistance").\(axis.rawValue)"
        case .rootSize(let axis): return "size.\(axis.dimension)"
        case .fittingSize(let axis): return "size.\(axis.dimension).fitting"
        case .fixedFrame(let view, let value): return "\(views[view].id).frame.\(value.rawValue)"
        }
    }

    /// One readable line, as Masonry's debug description: `title.left == root.left + 20`.
    func description(in request: LayoutRequest) -> String {
        let tree = request.tree
        switch origin {
        case .request(let index): return request.constraints[index].debugDescription
        case .intrinsic(let view, let axis, let isHugging):
            let head = "\(tree.views[view].id).\(axis.dimension)"
            return isHugging
                ? "\(head) <= \(value.constraintText) @\(priority.constraintText) (content hugging)"
                : "\(head) >= \(value.constraintText) @\(priority.constraintText) (compression resistance)"
        case .rootSize(let axis):
            return "\(tree.views[tree.rootIndex].id).\(axis.dimension) == \(value.constraintText)"
        case .fittingSize(let axis):
            return "\(tree.views[tree.rootIndex].id).\(axis.dimension) == 0 @50 (fitting size)"
        case .fixedFrame(let view, let frameValue):
            let id = tree.views[view].id
            let parent = tree.parentIndex[view] >= 0 ? tree.views[tree.parentIndex[view]].id : "superview"
            let text: String
            switch frameValue {
            case .x: text = "\(id).left - \(parent).left"
            case .y: text = "\(id).top - \(parent).top"
            case .width: text = "\(id).width"
            case .height: text = "\(id).height"
            }
            return "\(text) == \(value.constraintText) (frame)"
        }
    }
}

extension LayoutAxis {
    /// The size attribute along the axis: `width` or `height`.
    var dimension: String { self == .horizontal ? "width" : "height" }
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
