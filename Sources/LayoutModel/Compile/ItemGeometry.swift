import LayoutSolver

/// Writes any attribute of any item as a linear expression of the solver variables, in the
/// coordinate space of a given ancestor view — where UIKit installs a constraint: the closest
/// common ancestor of its items, whose own left and top are 0 there.
struct ItemGeometry: Sendable {
    let tree: ViewTree
    let variables: VariableTable

    /// Adds `coefficient × attribute(item)` (a physical attribute: no leading/trailing) to `expression`.
    ///
    /// `contentArea`: the item is a scroll view seen from one of its descendants, so its edges
    /// are those of its content area (its width, height and centres stay those of its frame).
    func add(
        _ attribute: LayoutAttribute, of item: ViewTree.Item, in space: Int,
        contentArea: Bool, coefficient: Double, to expression: inout ConstraintList.Expression
    ) {
        guard let axis = attribute.axis, coefficient != 0 else { return }
        let span = self.span(of: item, axis: axis, in: space, contentArea: contentArea && attribute.isEdge)
        let view = item.owner
        switch attribute {
        case .width, .height:
            span.addSize(coefficient, to: &expression)
            return
        default:
            addOrigin(of: span, axis: axis, coefficient, to: &expression)
        }
        switch attribute {
        case .left, .top:
            break
        case .right, .bottom:
            span.addSize(coefficient, to: &expression)
        case .centerX, .centerY:
            span.addSize(coefficient / 2, to: &expression)
        case .leftMargin, .topMargin:
            expression.constant += coefficient * margins(of: item, axis).low
        case .rightMargin, .bottomMargin:
            span.addSize(coefficient, to: &expression)
            expression.constant -= coefficient * margins(of: item, axis).high
        case .centerXWithinMargins, .centerYWithinMargins:
            let margins = margins(of: item, axis)
            span.addSize(coefficient / 2, to: &expression)
            expression.constant += coefficient * (margins.low - margins.high) / 2
        case .firstBaseline:
            if case .view = item { expression.constant += coefficient * tree.views[view].firstBaselineFromTop }
        case .lastBaseline:
            span.addSize(coefficient, to: &expression)
            if case .view = item { expression.constant -= coefficient * tree.views[view].lastBaselineFromBottom }
        case .width, .height, .leading, .trailing, .leadingMargin, .trailingMargin, .notAnAttribute:
            break
        }
    }

    /// The layout margins an item's `*Margin` attributes inset by along `axis` (left and right,
    /// or top and bottom): a view's own; none for guides. Read only for those attributes.
    private func margins(of item: ViewTree.Item, _ axis: LayoutAxis) -> (low: Double, high: Double) {
        guard case .view(let index) = item, tree.views[index].kind != .guide else { return (0, 0) }
        let margins = tree.views[index].margins
        return axis == .horizontal ? (margins.left, margins.right) : (margins.top, margins.bottom)
    }

    /// `coefficient ×` where `span` starts: the origins of its owner and of the owner's
    /// ancestors below the space, each relative to its parent, plus the span's own offset.
    private func addOrigin(of span: Span, axis: LayoutAxis, _ coefficient: Double, to expression: inout ConstraintList.Expression) {
        var current = span.owner
        while current != span.space, current >= 0 {
            if let origin = variables.origin(current, axis) { expression.add(origin, coefficient) }
            current = tree.parentIndex[current]
        }
        expression.constant += span.originConstant * coefficient
    }

    /// Where an item starts on an axis and how long it is there.
    private func span(of item: ViewTree.Item, axis: LayoutAxis, in space: Int, contentArea: Bool) -> Span {
        let owner = item.owner
        let size = variables.size(owner, axis)
        var span = Span(owner: owner, space: space, size: size)
        switch item {
        case .view:
            if contentArea, owner == space, let content = variables.contentSize(owner, axis) {
                span.size = content
            }
        case .ownedGuide(_, let guide):
            let insets: EdgeInsets
            switch guide {
            case .margins:
                insets = tree.views[owner].margins
            case .safeArea:
                insets = tree.views[owner].safeAreaInsets ?? .zero
            case .content:
                insets = .zero
                if let content = variables.contentSize(owner, axis) {
                    span.size = content
                    return span
                }
            case .frameGuide:
                insets = .zero
            }
            let (low, high) = axis == .horizontal ? (insets.left, insets.right) : (insets.top, insets.bottom)
            span.originConstant = low
            span.sizeConstant = -(low + high)
        }
        return span
    }
}

/// An item's extent on one axis, in the coordinates of the view `space`: it starts at the
/// origins of `owner` and its ancestors below `space` plus `originConstant`, and is `size +
/// sizeConstant` long. Nothing is allocated: the origin terms are written straight into the
/// expression (`ItemGeometry.addOrigin`).
private struct Span {
    var owner: Int
    var space: Int
    var originConstant: Double = 0
    var size: Variable
    var sizeConstant: Double = 0

    init(owner: Int, space: Int, size: Variable) {
        self.owner = owner
        self.space = space
        self.size = size
    }

    func addSize(_ coefficient: Double, to expression: inout ConstraintList.Expression) {
        expression.add(size, coefficient)
        expression.constant += sizeConstant * coefficient
    }
}

extension LayoutAttribute {
    /// Edges (and baselines, margins) bind to a scroll view's content area; sizes and centres to its frame.
    var isEdge: Bool {
        switch self {
        case .width, .height, .centerX, .centerY, .centerXWithinMargins, .centerYWithinMargins, .notAnAttribute:
            return false
        default:
            return true
        }
    }

    /// The attribute on screen for a layout direction: leading/trailing become left/right
    /// (in right-to-left the constraint is evaluated mirrored, see `ConstraintCompiler`).
    @inline(__always)
    func physical(mirrored: Bool) -> LayoutAttribute {
        switch self {
        case .leading: return mirrored ? .right : .left
        case .trailing: return mirrored ? .left : .right
        case .leadingMargin: return mirrored ? .rightMargin : .leftMargin
        case .trailingMargin: return mirrored ? .leftMargin : .rightMargin
        default: return self
        }
    }

    /// Whether the attribute follows the layout direction.
    var isDirectional: Bool { horizontalFamily == .directional }
}
