import LayoutSolver

/// The solver variables of the request's items, made in a fixed order so every solve of the
/// same request numbers them alike: per view its origin in the parent's coordinates (none for
/// the root, whose frame starts at 0,0) and its size; per scroll view also its content size.
struct VariableTable: Sendable {
    private(set) var x: [Variable?]
    private(set) var y: [Variable?]
    private(set) var width: [Variable]
    private(set) var height: [Variable]
    private(set) var contentWidth: [Variable?]
    private(set) var contentHeight: [Variable?]

    init(tree: ViewTree, solver: inout Solver) {
        let count = tree.views.count
        x = []; y = []; width = []; height = []; contentWidth = []; contentHeight = []
        x.reserveCapacity(count); y.reserveCapacity(count)
        width.reserveCapacity(count); height.reserveCapacity(count)
        contentWidth.reserveCapacity(count); contentHeight.reserveCapacity(count)
        for index in tree.views.indices {
            let isRoot = index == tree.rootIndex
            x.append(isRoot ? nil : solver.makeVariable())
            y.append(isRoot ? nil : solver.makeVariable())
            width.append(solver.makeVariable())
            height.append(solver.makeVariable())
            let isScroll = tree.views[index].kind == .scroll
            contentWidth.append(isScroll ? solver.makeVariable() : nil)
            contentHeight.append(isScroll ? solver.makeVariable() : nil)
        }
    }

    func origin(_ view: Int, _ axis: LayoutAxis) -> Variable? {
        axis == .horizontal ? x[view] : y[view]
    }

    func size(_ view: Int, _ axis: LayoutAxis) -> Variable {
        axis == .horizontal ? width[view] : height[view]
    }

    func contentSize(_ view: Int, _ axis: LayoutAxis) -> Variable? {
        axis == .horizontal ? contentWidth[view] : contentHeight[view]
    }
}
