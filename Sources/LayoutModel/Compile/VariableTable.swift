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
        for index in tree.views.indices {
            let isRoot = index == tree.rootIndex
            let x = isRoot ? nil : solver.makeVariable()
            let y = isRoot ? nil : solver.makeVariable()
            let width = solver.makeVariable()
            let height = solver.makeVariable()
            let isScroll = tree.views[index].kind == .scroll
            let contentWidth = isScroll ? solver.makeVariable() : nil
            let contentHeight = isScroll ? solver.makeVariable() : nil
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
