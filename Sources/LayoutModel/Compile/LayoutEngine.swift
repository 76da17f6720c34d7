import LayoutSolver

/// Solves a request: installs the constraints in Auto Layout's order — root size, fixed frames,
/// intrinsic sizes, then the request's constraints — breaking any required constraint that cannot
/// hold with the required ones before it (as UIKit recovers), and reads back frames and diagnoses.
public enum LayoutEngine {
    /// Lays the request out at each of its sizes.
    ///
    /// Sizes that give the same root dimensions are solved on one solver by moving the root size
    /// (edit variables and the dual simplex), not by rebuilding; a size that conflicts is rebuilt
    /// so its conflicts are found in installation order.
    public static func solve(_ request: LayoutRequest, budget: SolverBudget = .unlimited) throws(LayoutProblem) -> LayoutResult {
        try solve(request, budget: budget, storage: EngineStorage())
    }

    /// `solve(_:budget:)` with the solvers' storage taken from `storage`, and the last solver's
    /// given back to it (see `EngineStorage`).
    public static func solve(_ request: LayoutRequest, budget: SolverBudget = .unlimited, storage: EngineStorage) throws(LayoutProblem) -> LayoutResult {
        var layouts: [SizedLayout] = []
        layouts.reserveCapacity(request.sizes.count)
        // The installation kept for the next size is moved in and out, never copied: a copy
        // retains every table of the solver, and moving a copy would duplicate them.
        var reusable: Installation?
        var pivots = 0
        for size in request.sizes {
            if var installation = reusable.take() {
                let before = installation.solver.pivotCount
                if installation.accepts(size), try installation.move(to: size) {
                    layouts.append(try installation.read())
                    pivots += installation.solver.pivotCount - before
                    reusable = consume installation
                    continue
                }
                storage.keep(&installation.solver)
            }
            var installation = try Installation(request: request, size: size, solver: storage.solver(budget: budget))
            layouts.append(try installation.read())
            pivots += installation.solver.pivotCount
            if installation.conflicts.isEmpty {
                reusable = consume installation
            } else {
                storage.keep(&installation.solver)
            }
        }
        if var last = reusable.take() { storage.keep(&last.solver) }
        return LayoutResult(layouts: layouts, isMultiSize: request.isMultiSize, pivots: pivots)
    }
}

/// One solver holding a request's constraints at one root size.
private struct Installation {
    let request: LayoutRequest
    var solver: Solver
    let variables: VariableTable
    /// Every constraint offered to the solver, in Auto Layout's order: root size, fixed frames,
    /// intrinsic sizes, the request's constraints. The solver takes the root size first, then
    /// the required ones in that order, then the optional ones.
    private(set) var constraints: ConstraintList
    /// Which constraint each solver handle stands for, by `handle.index` (handles are dense, in
    /// the order of successful adds), -1 for none. Only a conflict reads it: the first one makes
    /// it (`mapHandles`) and `record` keeps it up to date from then on, so a request without
    /// conflicts neither allocates nor writes it.
    private var constraintOfHandle: [Int] = []
    /// Per constraint: its solver handle, nil when it was broken.
    private var handles: ConstraintHandles
    /// The root-size edits (`size.width`, `size.height`), which `move(to:)` updates.
    private var rootSizeEntries: [(index: Int, axis: LayoutAxis)] = []
    private(set) var conflicts: [Conflict] = []
    /// The warnings of the last `read()` when they hold at any root size (see
    /// `ConstraintWarnings.find`'s `varying`): a move to another size changes nothing else
    /// they depend on, so later sizes reuse them.
    private var warningsAtAnySize: [ConstraintWarning]?
    private var size: RootSize

    /// Installs `request` at `size` on `solver`, which has no constraints (a new one, or one
    /// made with kept storage).
    init(request: LayoutRequest, size: RootSize, solver empty: consuming Solver) throws(LayoutProblem) {
        self.request = request
        self.size = size
        solver = consume empty
        let tree = request.tree
        // Four variables per view (origin and size; a scroll view's content size adds two), and
        // about one constraint per request constraint plus four per view (intrinsic sizes,
        // frames), of two terms each: the benchmark families and the twenty-view request compile
        // to 1.3 to 1.5 terms per constraint so counted (a relation between two views names two
        // variables; a size, one).
        let count = 2 + request.constraints.count + 4 * tree.views.count
        solver.reserveCapacity(variables: 4 * tree.views.count, constraints: count, terms: 2 * count)
        variables = VariableTable(tree: tree, solver: &solver)
        let compiler = ConstraintCompiler(tree: tree, variables: variables, direction: request.layoutDirection)
        constraints = ConstraintList(reserving: count, terms: 2 * count)
        // The root size comes first, two constraints (edits or fitting size); the rest once compiled.
        // Reserved before the first two are written: a literal of two and then its reservation
        // were two allocations.
        handles = ConstraintHandles()
        handles.reserveCapacity(count)
        handles.appendNone(count: 2)
        rootSizeEntries.reserveCapacity(2)

        for axis in [LayoutAxis.horizontal, .vertical] {
            let variable = variables.size(tree.rootIndex, axis)
            let index = constraints.count
            if let value = axis == .horizontal ? size.width : size.height {
                constraints.append(.rootSize(axis), variable, constant: -value, .equal, priority: LayoutPriority.required.value)
                let handle: ConstraintHandle
                do {
                    handle = try self.solver.addEditVariable(variable, priority: LayoutPriority.required.value, value: value)
                } catch {
                    throw problem(error)
                }
                record(handle, as: index)
                rootSizeEntries.append((index, axis))
            } else {
                constraints.append { compiler.fittingSize(axis, into: &$0) }
                try install(index)
            }
        }
        let first = constraints.count
        try constraints.append { (list) throws(LayoutProblem) in
            for index in tree.views.indices { compiler.fixedFrame(of: index, into: &list) }
            for index in tree.views.indices { compiler.intrinsicSize(of: index, into: &list) }
            for index in request.constraints.indices { try compiler.compile(index, of: request, into: &list) }
        }
        handles.appendNone(count: constraints.count - first)
        // Only required constraints can conflict, and their order decides which one breaks.
        // Optional ones are handed over first. The solver keeps them until the solve and places
        // them after every required one (the optimum does not depend on their order, and a basis
        // that already fits the required ones is much less work). Added first, they keep the
        // variables they name (a view's intrinsic size above all) from being defined by a
        // required equality: each preference stays a row of its own variable, whatever order
        // the request lists its constraints in. Added after, a table of cells listed last cell
        // first took 340 ms at 10,000 views; it takes 28 (21 listed in order). Of the optional
        // ones, the views' intrinsic sizes go first, from `ReadingOrder.minimumViews` views on
        // in reading order (see `ReadingOrder`).
        let order = installationOrder(from: first)
        for index in order.intrinsicSizes { try install(index) }
        for index in order.optional { try install(index) }
        for index in order.required { try install(index) }
        do { try self.solver.solve() } catch { throw problem(error) }
    }

    /// The constraints at or after `first` in the order they are installed: the optional ones,
    /// then the required ones, each in list order; except that from `ReadingOrder.minimumViews`
    /// views on, the optional intrinsic sizes come first, their views in reading order
    /// (`ReadingOrder`), each view's in list order. One pass over the list sorts them: at
    /// 10,000 views the list is megabytes, and a pass for each kind read it three times.
    private func installationOrder(from first: Int) -> (intrinsicSizes: [Int], optional: [Int], required: [Int]) {
        let requiredPriority = LayoutPriority.required.value
        let views = request.tree.views.count
        let inReadingOrder = views >= ReadingOrder.minimumViews
        // Each view's intrinsic sizes, required ones included: a view's are together in the list.
        var start = inReadingOrder ? [Int](repeating: -1, count: views) : []
        var count = inReadingOrder ? [Int](repeating: 0, count: views) : []
        var intrinsic = 0
        var optional: [Int] = []
        var required: [Int] = []
        optional.reserveCapacity(constraints.count - first)
        required.reserveCapacity(constraints.count - first)
        constraints.withBuffers { compiled, _ in
            for index in first..<compiled.count {
                let isRequired = compiled[index].priority == requiredPriority
                var inViewOrder = false
                if inReadingOrder, case .intrinsic(let view, _, _) = compiled[index].origin {
                    if start[view] < 0 { start[view] = index }
                    count[view] += 1
                    inViewOrder = !isRequired
                }
                if isRequired {
                    required.append(index)
                } else if inViewOrder {
                    intrinsic += 1
                } else {
                    optional.append(index)
                }
            }
        }
        var intrinsicSizes: [Int] = []
        if intrinsic > 0 {
            intrinsicSizes.reserveCapacity(intrinsic)
            for view in ReadingOrder.views(of: request) where count[view] > 0 {
                for index in start[view]..<start[view] + count[view] where constraints[index].priority != requiredPriority {
                    intrinsicSizes.append(index)
                }
            }
        }
        return (intrinsicSizes, optional, required)
    }

    /// Whether moving to `size` keeps the same root dimensions given (so only edit values change).
    func accepts(_ next: RootSize) -> Bool {
        (next.width == nil) == (size.width == nil) && (next.height == nil) == (size.height == nil)
    }

    /// Moves the root to a new size by suggesting values; false when a required edit cannot hold.
    mutating func move(to next: RootSize) throws(LayoutProblem) -> Bool {
        let root = request.tree.rootIndex
        do {
            if let width = next.width { try solver.suggestValue(width, for: variables[root].width) }
            if let height = next.height { try solver.suggestValue(height, for: variables[root].height) }
            try solver.solve()
        } catch .unsatisfiable {
            return false
        } catch {
            throw problem(error)
        }
        size = next
        for (index, axis) in rootSizeEntries {
            guard let value = axis == .horizontal ? next.width : next.height else { continue }
            constraints.setConstant(-value, at: index)
        }
        return true
    }

    /// Notes that `handle` stands for the constraint at `index`.
    private mutating func record(_ handle: ConstraintHandle, as index: Int) {
        handles[index] = handle
        if !constraintOfHandle.isEmpty { map(handle, to: index) }
    }

    /// Enters `handle` → `index` in `constraintOfHandle`, growing it to cover the handle.
    private mutating func map(_ handle: ConstraintHandle, to index: Int) {
        if handle.index >= constraintOfHandle.count {
            constraintOfHandle += repeatElement(-1, count: handle.index + 1 - constraintOfHandle.count)
        }
        constraintOfHandle[handle.index] = index
    }

    /// Makes `constraintOfHandle` from `handles`, unless made already.
    private mutating func mapHandles() {
        guard constraintOfHandle.isEmpty else { return }
        // At most one handle per constraint, and handles are dense: `handles.count` covers
        // every handle to come, so `record` writes the table without growing it. Written
        // through its buffer, each write checked against its length.
        var table = [Int](repeating: -1, count: handles.count)
        table.withUnsafeMutableBufferPointer { table in
            for index in handles.indices {
                if let handle = handles[index], handle.index >= 0, handle.index < table.count { table[handle.index] = index }
            }
        }
        constraintOfHandle = table
    }

    /// The constraint a solver handle stands for, if any, once `mapHandles` has run.
    private func constraint(of handle: ConstraintHandle) -> Int? {
        handle.index >= 0 && handle.index < constraintOfHandle.count && constraintOfHandle[handle.index] >= 0
            ? constraintOfHandle[handle.index] : nil
    }

    private mutating func install(_ index: Int) throws(LayoutProblem) {
        let constraint = constraints[index]
        do {
            // The solver copies the terms straight from the list's storage.
            let handle = try constraints.withBuffers { (_, storage) throws(SolverError) in
                try solver.add(UnsafeBufferPointer(rebasing: storage[constraint.terms]), constant: constraint.constant,
                               constraint.relation, priority: constraint.priority)
            }
            record(handle, as: index)
        } catch .unsatisfiable(let others) {
            noteConflict(breaking: index, with: others)
        } catch {
            throw problem(error)
        }
    }

    /// Notes that the constraint at `broken` conflicts with `others` and stays out. Out of line:
    /// conflicts are rare, and `install` stays small enough to be inlined where it is called.
    @inline(never)
    private mutating func noteConflict(breaking broken: Int, with others: [ConstraintHandle]) {
        mapHandles()
        conflicts.append(conflict(breaking: broken, with: others))
    }

    private func conflict(breaking broken: Int, with others: [ConstraintHandle]) -> Conflict {
        let members = (others.compactMap { constraint(of: $0) } + [broken]).sorted()
        let brokenID = constraints[broken].id(in: request)
        let ids = members.map { constraints[$0].id(in: request) }
        return Conflict(
            constraints: ids,
            broken: brokenID,
            description: zip(members, ids).map { "\(constraints[$0].description(in: request))  (\($1))" },
            message: "Unable to simultaneously satisfy constraints: these \(members.count) cannot hold together. "
                + "Recovered by breaking '\(brokenID)' (\(constraints[broken].description(in: request))), the last one installed."
        )
    }

    /// Frames, conflicts and ambiguities at the current size.
    mutating func read() throws(LayoutProblem) -> SizedLayout {
        let tree = request.tree
        let scale = request.displayScale
        var frames: [(id: String, frame: Frame)] = []
        frames.reserveCapacity(tree.views.count)
        for index in tree.views.indices {
            let view = variables[index]
            var frame = Frame(
                x: value(of: view.x),
                y: value(of: view.y),
                width: solver.value(of: view.width),
                height: solver.value(of: view.height))
            if let width = view.contentWidth, let height = view.contentHeight {
                frame.contentSize = (solver.value(of: width), solver.value(of: height))
            }
            if let scale { frame = frame.rounded(toScale: scale) }
            frames.append((tree.views[index].id, frame))
        }
        let ambiguities = ambiguities()
        let root = frames[tree.rootIndex].frame
        let warnings: [ConstraintWarning]
        if let kept = warningsAtAnySize {
            warnings = kept
        } else {
            let found = ConstraintWarnings.find(
                in: constraints, of: request, handles: handles, solver: solver, varying: rootSizeEntries.map(\.index))
            warnings = found.warnings
            warningsAtAnySize = found.holdWhileOnlyVaryingChange ? warnings : nil
        }
        let explained = request.explain.compactMap { id -> Int? in
            if case .view(let index)? = tree.item(id) { return index }
            return nil
        }
        return SizedLayout(
            size: (root.width, root.height),
            status: !conflicts.isEmpty ? .conflict : ambiguities.isEmpty ? .ok : .ambiguous,
            frames: frames,
            conflicts: conflicts,
            ambiguities: ambiguities,
            warnings: warnings,
            explanations: explained.isEmpty ? nil : ViewExplanation.explain(
                views: explained, of: request, variables: variables, constraints: constraints, solver: solver))
    }

    /// The value of an origin variable, 0 for none (the root's). Not `map { solver.value(of: $0) }`:
    /// a closure over the solver copies it (its every table, by value) on each call.
    private func value(of variable: Variable?) -> Double {
        guard let variable else { return 0 }
        return solver.value(of: variable)
    }

    private func ambiguities() -> [Ambiguity] {
        let ambiguous = solver.ambiguousVariables()
        guard !ambiguous.isEmpty else { return [] }
        var free = [Bool](repeating: false, count: solver.variableCount)
        for variable in ambiguous where variable.index < free.count { free[variable.index] = true }
        func isFree(_ variable: Variable?) -> Bool { variable.map { free[$0.index] } ?? false }
        let tree = request.tree
        var result: [Ambiguity] = []
        for index in tree.views.indices {
            var attributes: [String] = []
            let view = variables[index]
            if isFree(view.x) { attributes.append("x") }
            if isFree(view.y) { attributes.append("y") }
            if isFree(view.width) { attributes.append("width") }
            if isFree(view.height) { attributes.append("height") }
            guard !attributes.isEmpty else { continue }
            let id = tree.views[index].id
            result.append(Ambiguity(view: id, attributes: attributes, hint: AmbiguityHint.text(view: id, attributes: attributes)))
        }
        return result
    }

    /// Solver failures that are not conflicts: the work budget, a value the validation should
    /// have caught, or a solution double precision cannot hold.
    private func problem(_ error: SolverError) -> LayoutProblem {
        switch error {
        case .pivotBudgetExceeded(let limit):
            return .invalid("solver-budget-exceeded", "the solve needed more than \(limit) pivots, the per-request budget", at: .root)
        case .deadlineExceeded:
            return .invalid("solver-budget-exceeded", "the solve ran past the per-request time budget", at: .root)
        case .invalidValue(let detail):
            return .invalid("invalid-number", detail, at: .root / "constraints")
        case .imprecise(let handle):
            return imprecise(handle)
        case .unsatisfiable, .unknownConstraint, .unknownEditVariable, .duplicateEditVariable:
            return LayoutProblem(status: 500, type: "internal", title: "Internal solver error",
                                 detail: "the solver reported \(error)", pointer: .root)
        }
    }

    /// Refuses a solution in which the required constraint `handle` holds only if some value it
    /// names moved by more than a millionth of itself: double arithmetic cannot carry the request
    /// (chains of extreme multipliers and constants), and a wrong frame must not be answered.
    private func imprecise(_ handle: ConstraintHandle) -> LayoutProblem {
        // Searched, not mapped: a solve is found imprecise once, and fails.
        guard let index = handles.firstIndex(of: handle) else {
            return .invalid("numerically-unstable", "the constraints reach magnitudes double precision cannot hold", at: .root)
        }
        let constraint = constraints[index]
        let peak = solver.statistics.peakMagnitude
        let pointer: JSONPointer
        if case .request(let origin) = constraint.origin { pointer = request.constraints[origin].pointer } else { pointer = .root }
        return .invalid(
            "numerically-unstable",
            "'\(constraint.id(in: request))' (\(constraint.description(in: request))) cannot be held to double precision: the solve passes through magnitudes around \(peak.rounded().constraintText); chains of extreme multipliers and constants need more precision than a layout can give",
            at: pointer)
    }
}

extension Frame {
    /// Rounds every edge to the pixel grid of a display scale, as UIKit does: edges, not sizes,
    /// are snapped, so adjacent views stay adjacent.
    func rounded(toScale scale: Double) -> Frame {
        func snap(_ value: Double) -> Double { (value * scale).rounded(.toNearestOrAwayFromZero) / scale }
        let left = snap(x), top = snap(y)
        return Frame(x: left, y: top, width: snap(x + width) - left, height: snap(y + height) - top, contentSize: contentSize)
    }
}
