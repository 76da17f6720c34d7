import LayoutSolver

/// The solver variables of the request's items, made in a fixed order so every solve of the
/// same request numbers them alike: per view its origin in the parent's coordinates (none for
/// the root, whose frame starts at 0,0) and its size; per scroll view also its content size.
struct VariableTable: Sendable {
    /// One view's variables.
    struct ViewVariables: Sendable {
        var x: Variable?
        var y: Variable?
        var width: Variable
        var height: Variable
        var contentWidth: Variable?
        var contentHeight: Variable?
    }

    /// By view index: one array, one allocation, whatever the number of views.
    private var views: [ViewVariables] = []

    init(tree: ViewTree, solver: inout Solver) {
        views.reserveCapacity(tree.views.count)
        // Made at once (the solver's tables grow once), then handed out in the order below.
        let count = tree.views.indices.reduce(0) { count, index in
            count + (index == tree.rootIndex ? 2 : 4) + (tree.views[index].kind == .scroll ? 2 : 0)
        }
        var next = solver.makeVariables(count: count).lowerBound
        func make() -> Variable {
            defer { next = next.advanced(by: 1) }
            return next
        }
        for index in tree.views.indices {
            let isRoot = index == tree.rootIndex
            let x = isRoot ? nil : make()
            let y = isRoot ? nil : make()
            let width = make()
            let height = make()
            let isScroll = tree.views[index].kind == .scroll
            let contentWidth = isScroll ? make() : nil
            let contentHeight = isScroll ? make() : nil
            views.append(ViewVariables(x: x, y: y, width: width, height: height,
                                       contentWidth: contentWidth, contentHeight: contentHeight))
        }
    }

    subscript(view: Int) -> ViewVariables { views[view] }

    func origin(_ view: Int, _ axis: LayoutAxis) -> Variable? {
        axis == .horizontal ? views[view].x : views[view].y
    }

    func size(_ view: Int, _ axis: LayoutAxis) -> Variable {
        axis == .horizontal ? views[view].width : views[view].height
    }

    func contentSize(_ view: Int, _ axis: LayoutAxis) -> Variable? {
        axis == .horizontal ? views[view].contentWidth : views[view].contentHeight
    }
}
