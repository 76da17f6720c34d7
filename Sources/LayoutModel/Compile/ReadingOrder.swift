/// The views in the order their content comes on screen, worked out from the request's
/// constraints rather than from the order it lists its views in: the hierarchy depth first from
/// the root, and among siblings, a view whose left, leading or top edge (or margin, or first
/// baseline) a constraint places against a sibling's right, trailing or bottom edge (or margin,
/// or last baseline) after that sibling. Siblings the constraints do not order keep the
/// request's order.
///
/// Only the solver's work depends on it. The views' optional intrinsic sizes enter the tableau
/// a priority level at a time, in the order they were installed; they never conflict and the
/// optimum does not depend on their order, but the pivots after them do. Entering along the
/// way the layout stacks, each pivot fills a few rows; against it, the rows of the whole stack
/// above (a 10,000-view nested grid with its views listed backwards took 1.6 s instead of
/// 0.05 s). Installed in this order, a request costs about the same however it lists its views.
enum ReadingOrder {
    /// Requests with fewer views install their intrinsic sizes in the request's order. At 100
    /// views the nested grid listed backwards took 0.78 ms in that order and 0.38 ms in reading
    /// order; at 20 views working the order out costs about 21,000 instructions, 7% of a
    /// twenty-view solve, more than an order can save there.
    static let minimumViews = 64

    /// Every view index once, in reading order.
    static func views(of request: LayoutRequest) -> [Int] {
        let tree = request.tree
        let count = tree.views.count
        // Sibling edges, each a view and one it must follow. Fields are read in place, the
        // sides first: a copy of a whole constraint would count references to all its strings,
        // and most constraints pair no start with an end.
        var edges: [(key: Int, value: Int)] = []
        let constraints = request.constraints
        for index in constraints.indices {
            let sides = (constraints[index].firstAttribute.readingSide, constraints[index].secondAttribute.readingSide)
            guard sides == (.start, .end) || sides == (.end, .start),
                  let a = viewIndex(constraints[index].firstItem, hint: constraints[index].resolvedItems.first, in: tree),
                  let second = constraints[index].secondItem,
                  let b = viewIndex(second, hint: constraints[index].resolvedItems.second, in: tree),
                  a != b, tree.parentIndex[a] == tree.parentIndex[b] else { continue }
            // Keyed by the view that comes after: its group lists the views it follows.
            edges.append(sides.0 == .start ? (key: a, value: b) : (key: b, value: a))
        }
        let (predecessorStart, predecessors) = grouped(edges, keys: count)

        // Each view after the views it must follow (depth first along `predecessors`, a view
        // met again while open being a cycle, left to the request's order), else in request
        // order. The edges join siblings only, so the sequence orders every group of siblings.
        var sequence: [Int] = []
        sequence.reserveCapacity(count)
        var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 open, 2 placed
        var stack: [(view: Int, next: Int)] = []
        for start in 0..<count where state[start] == 0 {
            state[start] = 1
            stack.append((start, predecessorStart[start]))
            while let (view, next) = stack.last {
                if next < predecessorStart[view + 1] {
                    stack[stack.count - 1].next += 1
                    let before = predecessors[next]
                    if state[before] == 0 {
                        state[before] = 1
                        stack.append((before, predecessorStart[before]))
                    }
                } else {
                    stack.removeLast()
                    state[view] = 2
                    sequence.append(view)
                }
            }
        }

        // Children grouped by parent, each group in the sequence's order; then the hierarchy
        // depth first from the root.
        let (childStart, children) = grouped(
            sequence.compactMap { view in tree.parentIndex[view] >= 0 ? (key: tree.parentIndex[view], value: view) : nil },
            keys: count)
        var order: [Int] = []
        order.reserveCapacity(count)
        var pending = [tree.rootIndex]
        while let view = pending.popLast() {
            order.append(view)
            pending.append(contentsOf: children[childStart[view]..<childStart[view + 1]].reversed())
        }
        return order
    }

    /// The values grouped by key (a counting sort), each group in the pairs' order: key `k`'s
    /// values are `values[start[k]..<start[k + 1]]`. Keys are in `0..<keys`.
    private static func grouped(_ pairs: [(key: Int, value: Int)], keys: Int) -> (start: [Int], values: [Int]) {
        var start = [Int](repeating: 0, count: keys + 1)
        for pair in pairs { start[pair.key + 1] += 1 }
        for key in 0..<keys { start[key + 1] += start[key] }
        var values = [Int](repeating: 0, count: pairs.count)
        var next = start
        for pair in pairs {
            values[next[pair.key]] = pair.value
            next[pair.key] += 1
        }
        return (start, values)
    }

    /// The view an item id names, if it is a view (not an owned guide): the one at `hint`, where
    /// the decoder found it, else looked up. The hint is not checked against the id, as the
    /// compiler checks it: a wrong one could only change the order, not the answer.
    private static func viewIndex(_ id: String, hint: Int, in tree: ViewTree) -> Int? {
        if hint >= 0, hint < tree.views.count { return hint }
        if case .view(let index)? = tree.item(id) { return index }
        return nil
    }
}

extension LayoutAttribute {
    /// Which end of a view along its axis an attribute stands at, for `ReadingOrder`.
    enum ReadingSide { case start, end, neither }

    var readingSide: ReadingSide {
        switch self {
        case .left, .leading, .top, .leftMargin, .leadingMargin, .topMargin, .firstBaseline: return .start
        case .right, .trailing, .bottom, .rightMargin, .trailingMargin, .bottomMargin, .lastBaseline: return .end
        default: return .neither
        }
    }
}
