import LayoutSolver

/// Translates the request's plain constraints, and the constraints UIKit adds by itself
/// (root size, fixed frames, intrinsic content size), into solver terms.
struct ConstraintCompiler {
    let tree: ViewTree
    let geometry: ItemGeometry
    let direction: LayoutDirection

    init(tree: ViewTree, variables: VariableTable, direction: LayoutDirection) {
        self.tree = tree
        self.geometry = ItemGeometry(tree: tree, variables: variables)
        self.direction = direction
    }

    /// Appends the request's constraint at `index`: `first.attr REL m × second.attr + c`,
    /// evaluated in the closest common ancestor of its items.
    ///
    /// In right-to-left layouts a constraint that names leading or trailing is evaluated in the
    /// mirrored space (x′ = W − x, W the ancestor's width), so a positive constant on leading moves
    /// away from the leading (right) edge, as in UIKit.
    func compile(_ index: Int, of request: LayoutRequest, into list: inout ConstraintList.Appender) throws(LayoutProblem) {
        // Fields read one by one: a copy of the whole constraint would count references to all its strings.
        let firstAttribute = request.constraints[index].firstAttribute
        let secondAttribute = request.constraints[index].secondAttribute
        let resolved = request.constraints[index].resolvedItems
        let first = try item(request.constraints[index].firstItem, at: resolved.first, of: request, index, "firstItem")
        let second = try request.constraints[index].secondItem.map { id throws(LayoutProblem) in
            try item(id, at: resolved.second, of: request, index, "secondItem")
        }
        let space = second.map { tree.closestCommonAncestor(first.owner, $0.owner) } ?? first.owner
        let mirrored = direction == .rightToLeft && (firstAttribute.isDirectional || secondAttribute.isDirectional)

        let multiplier = request.constraints[index].multiplier
        let constant = request.constraints[index].constant
        list.append(.request(index), request.constraints[index].relation.solverRelation,
                    priority: request.constraints[index].priority.value) { expression in
            add(firstAttribute, of: first, other: second, in: space, mirrored: mirrored, coefficient: 1, to: &expression)
            if let second {
                add(secondAttribute, of: second, other: first, in: space, mirrored: mirrored,
                    coefficient: -multiplier, to: &expression)
            }
            expression.constant -= constant
        }
    }

    /// The item `id` names: the view at `hint` (where the decoder found it) if that view has this
    /// id, else looked up. Its pointer (`field` of the request's constraint `index`) is built only
    /// for the error.
    private func item(_ id: String, at hint: Int, of request: LayoutRequest, _ index: Int, _ field: String) throws(LayoutProblem) -> ViewTree.Item {
        if hint >= 0, hint < tree.views.count, tree.views[hint].id == id { return .view(hint) }
        guard let item = tree.item(id) else {
            throw .invalid("unknown-view", "'\(id)' is not a view, a guide or an owned guide in the request",
                           at: request.constraints[index].pointer / field)
        }
        return item
    }

    private func add(
        _ attribute: LayoutAttribute, of item: ViewTree.Item, other: ViewTree.Item?, in space: Int,
        mirrored: Bool, coefficient: Double, to expression: inout ConstraintList.Expression
    ) {
        // Not a closure called in place: it was a call per item, for a test that nearly always
        // fails at the first step.
        var contentArea = false
        if case .view(let index) = item, let other, tree.views[index].kind == .scroll {
            contentArea = tree.isStrictAncestor(index, of: other.owner)
        }
        let physical = attribute.physical(mirrored: mirrored)
        if mirrored, physical.axis == .horizontal, physical.isLocation {
            expression.add(geometry.variables[space].width, coefficient)
            geometry.add(physical, of: item, in: space, contentArea: contentArea, coefficient: -coefficient, to: &expression)
        } else {
            geometry.add(physical, of: item, in: space, contentArea: contentArea, coefficient: coefficient, to: &expression)
        }
    }

    // MARK: Constraints UIKit adds by itself

    /// Appends `root.width == 0 @50` for a root dimension the request leaves to the constraints (fitting size).
    func fittingSize(_ axis: LayoutAxis, into list: inout ConstraintList.Appender) {
        list.append(.fittingSize(axis), geometry.variables.size(tree.rootIndex, axis), constant: 0,
                    .equal, priority: LayoutPriority.fittingSizeLevel.value)
    }

    /// Appends the required constraints pinning a view to its fixed frame (translatesAutoresizingMaskIntoConstraints).
    func fixedFrame(of index: Int, into list: inout ConstraintList.Appender) {
        guard let frame = tree.views[index].frame else { return }
        let variables = geometry.variables[index]
        func pin(_ variable: Variable?, _ value: Double, _ name: CompiledConstraint.FrameValue) {
            guard let variable else { return }
            list.append(.fixedFrame(view: index, name), variable, constant: -value,
                        .equal, priority: LayoutPriority.required.value)
        }
        pin(variables.x, frame.x, .x)
        pin(variables.y, frame.y, .y)
        pin(variables.width, frame.width, .width)
        pin(variables.height, frame.height, .height)
    }

    /// Appends content hugging (`size <= c @hugging`) and compression resistance (`size >= c
    /// @compression`) for each axis with an intrinsic content size.
    func intrinsicSize(of index: Int, into list: inout ConstraintList.Appender) {
        // The view's fields are read where they are: a copy of the whole view would count
        // references to its strings.
        func append(_ axis: LayoutAxis, _ value: Double?) {
            guard let value else { return }
            let size = geometry.variables.size(index, axis)
            list.append(.intrinsic(view: index, axis: axis, isHugging: true), size, constant: -value,
                        .lessThanOrEqual, priority: tree.views[index].hugging[axis].value)
            list.append(.intrinsic(view: index, axis: axis, isHugging: false), size, constant: -value,
                        .greaterThanOrEqual, priority: tree.views[index].compressionResistance[axis].value)
        }
        append(.horizontal, tree.views[index].intrinsicWidth)
        append(.vertical, tree.views[index].intrinsicHeight)
    }
}

extension Double {
    /// A number as constraint text: `20`, `0.5`, `-8`.
    var constraintText: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return String(self)
    }
}
