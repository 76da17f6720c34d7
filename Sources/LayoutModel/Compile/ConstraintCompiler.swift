import LayoutSolver

/// Translates the request's plain constraints, and the constraints UIKit adds by itself
/// (root size, fixed frames, intrinsic content size), into solver terms.
struct ConstraintCompiler: Sendable {
    let tree: ViewTree
    let geometry: ItemGeometry
    let direction: LayoutDirection

    init(tree: ViewTree, variables: VariableTable, direction: LayoutDirection) {
        self.tree = tree
        self.geometry = ItemGeometry(tree: tree, variables: variables)
        self.direction = direction
    }

    /// `first.attr REL m × second.attr + c`, evaluated in the closest common ancestor of its items.
    ///
    /// In right-to-left layouts a constraint that names leading or trailing is evaluated in the
    /// mirrored space (x′ = W − x, W the ancestor's width), so a positive constant on leading moves
    /// away from the leading (right) edge, as in UIKit.
    func compile(_ constraint: LayoutConstraint) throws(LayoutProblem) -> CompiledConstraint {
        let first = try item(constraint.firstItem, at: constraint.pointer / "firstItem")
        let second = try constraint.secondItem.map { id throws(LayoutProblem) in try item(id, at: constraint.pointer / "secondItem") }
        let space = second.map { tree.closestCommonAncestor(first.owner, $0.owner) } ?? first.owner
        let mirrored = direction == .rightToLeft
            && (constraint.firstAttribute.isDirectional || constraint.secondAttribute.isDirectional)

        var expression = LinearExpression()
        expression.terms.reserveCapacity(8)
        add(constraint.firstAttribute, of: first, other: second, in: space, mirrored: mirrored, coefficient: 1, to: &expression)
        if let second {
            add(constraint.secondAttribute, of: second, other: first, in: space, mirrored: mirrored,
                coefficient: -constraint.multiplier, to: &expression)
        }
        expression.constant -= constraint.constant
        return CompiledConstraint(
            origin: .request(constraint),
            expression: expression,
            relation: constraint.relation.solverRelation,
            priority: constraint.priority.value,
            view: nil
        )
    }

    private func item(_ id: String, at pointer: JSONPointer) throws(LayoutProblem) -> ViewTree.Item {
        guard let item = tree.item(id) else {
            throw .invalid("unknown-view", "'\(id)' is not a view, a guide or an owned guide in the request", at: pointer)
        }
        return item
    }

    private func add(
        _ attribute: LayoutAttribute, of item: ViewTree.Item, other: ViewTree.Item?, in space: Int,
        mirrored: Bool, coefficient: Double, to expression: inout LinearExpression
    ) {
        let contentArea: Bool = {
            guard case .view(let index) = item, tree.views[index].kind == .scroll, let other else { return false }
            return tree.isStrictAncestor(index, of: other.owner)
        }()
        let physical = attribute.physical(mirrored: mirrored)
        if mirrored, physical.axis == .horizontal, physical.isLocation {
            expression.terms.append(Term(geometry.variables.width[space], coefficient))
            geometry.add(physical, of: item, in: space, contentArea: contentArea, coefficient: -coefficient, to: &expression)
        } else {
            geometry.add(physical, of: item, in: space, contentArea: contentArea, coefficient: coefficient, to: &expression)
        }
    }

    // MARK: Constraints UIKit adds by itself

    /// `root.width == 0 @50` for a root dimension the request leaves to the constraints (fitting size).
    func fittingSize(_ axis: LayoutAxis) -> CompiledConstraint {
        let name = axis == .horizontal ? "width" : "height"
        let root = tree.views[tree.rootIndex].id
        return CompiledConstraint(
            origin: .system(id: "size.\(name).fitting", description: "\(root).\(name) == 0 @50 (fitting size)"),
            expression: LinearExpression([Term(geometry.variables.size(tree.rootIndex, axis), 1)]),
            relation: .equal,
            priority: LayoutPriority.fittingSizeLevel.value,
            view: tree.rootIndex
        )
    }

    /// The description of a root size given by the request: `root.width == 375`.
    func rootSizeDescription(_ axis: LayoutAxis, _ value: Double) -> String {
        "\(tree.views[tree.rootIndex].id).\(axis == .horizontal ? "width" : "height") == \(value.constraintText)"
    }

    /// Required constraints pinning a view to its fixed frame (translatesAutoresizingMaskIntoConstraints).
    func fixedFrame(of index: Int) -> [CompiledConstraint] {
        let view = tree.views[index]
        guard let frame = view.frame else { return [] }
        let variables = geometry.variables
        let parent = tree.parentIndex[index] >= 0 ? tree.views[tree.parentIndex[index]].id : "superview"
        var result: [CompiledConstraint] = []
        func pin(_ variable: Variable?, _ value: Double, _ name: String, _ text: String) {
            guard let variable else { return }
            result.append(CompiledConstraint(
                origin: .system(id: "\(view.id).frame.\(name)", description: "\(text) == \(value.constraintText) (frame)"),
                expression: LinearExpression([Term(variable, 1)], constant: -value),
                relation: .equal, priority: LayoutPriority.required.value, view: index))
        }
        pin(variables.x[index], frame.x, "x", "\(view.id).left - \(parent).left")
        pin(variables.y[index], frame.y, "y", "\(view.id).top - \(parent).top")
        pin(variables.width[index], frame.width, "width", "\(view.id).width")
        pin(variables.height[index], frame.height, "height", "\(view.id).height")
        return result
    }

    /// Content hugging (`size <= c @hugging`) and compression resistance (`size >= c @compression`)
    /// for each axis with an intrinsic content size.
    func intrinsicSize(of index: Int) -> [CompiledConstraint] {
        let view = tree.views[index]
        var result: [CompiledConstraint] = []
        for (axis, value) in [(LayoutAxis.horizontal, view.intrinsicWidth), (.vertical, view.intrinsicHeight)] {
            guard let value else { continue }
            let size = geometry.variables.size(index, axis)
            let hugging = view.hugging[axis].value
            let compression = view.compressionResistance[axis].value
            result.append(CompiledConstraint(
                origin: .intrinsic(view: view.id, axis: axis, isHugging: true, value: value, priority: hugging),
                expression: LinearExpression([Term(size, 1)], constant: -value),
                relation: .lessThanOrEqual, priority: hugging, view: index))
            result.append(CompiledConstraint(
                origin: .intrinsic(view: view.id, axis: axis, isHugging: false, value: value, priority: compression),
                expression: LinearExpression([Term(size, 1)], constant: -value),
                relation: .greaterThanOrEqual, priority: compression, view: index))
        }
        return result
    }
}

extension Double {
    /// A number as constraint text: `20`, `0.5`, `-8`.
    var constraintText: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return String(self)
    }
}
