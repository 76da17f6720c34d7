/// The request's items, validated: unique ids, exactly one root, every parent known, no cycles,
/// bounded depth. Besides the declared items it names the guides every view owns:
/// `ID.margins` (layoutMarginsGuide), `ID.safeArea` (when the view declares `safeAreaInsets`),
/// and for scroll views `ID.content` (contentLayoutGuide) and `ID.frameGuide` (frameLayoutGuide).
public struct ViewTree: ViewHierarchy {
    /// A guide owned by a view, derived from it rather than declared.
    public enum OwnedGuide: String, CaseIterable, Sendable {
        case margins, safeArea, content, frameGuide
    }

    /// An item a constraint can name.
    public enum Item: Hashable, Sendable {
        case view(Int)
        case ownedGuide(owner: Int, OwnedGuide)

        /// The declared view the item is, or belongs to.
        public var owner: Int {
            switch self {
            case .view(let index), .ownedGuide(let index, _): return index
            }
        }
    }

    public let views: [ViewSpec]
    /// Index of each view's parent (`-1` for the root).
    public let parentIndex: [Int]
    /// Distance from the root (root 0).
    public let depth: [Int]
    public let rootIndex: Int
    private let indexByID: ViewIDTable

    /// Validates the hierarchy; problems point into `/views`.
    public init(views: [ViewSpec], limits: LayoutLimits = .default) throws(LayoutProblem) {
        // Views are read in place: a copy of each would count references to all its strings.
        let indexByID = ViewIDTable(views.indices.map { views[$0].id })
        if let index = indexByID.firstDuplicate {
            let view = views[index]
            throw .invalid("duplicate-id", "view id '\(view.id)' is used more than once", at: view.pointer / "id")
        }
        var parentIndex = [Int](repeating: -1, count: views.count)
        var roots: [Int] = []
        for index in views.indices {
            guard let parent = views[index].parent else { roots.append(index); continue }
            guard let found = indexByID.index(of: parent) else {
                throw .invalid("unknown-view", "parent '\(parent)' of view '\(views[index].id)' is not a view in the request", at: views[index].pointer / "parent")
            }
            if views[found].kind == .guide {
                throw .invalid("invalid-parent", "view '\(views[index].id)' cannot have the layout guide '\(parent)' as its parent", at: views[index].pointer / "parent")
            }
            parentIndex[index] = found
        }
        guard roots.count == 1, let rootIndex = roots.first else {
            if roots.isEmpty {
                throw .invalid("no-root", "exactly one view must have no parent (the root); none has", at: .root / "views")
            }
            throw .invalid("two-roots", "exactly one view must have no parent (the root); '\(views[roots[0]].id)' and '\(views[roots[1]].id)' both have none", at: views[roots[1]].pointer)
        }
        if views[rootIndex].kind == .guide {
            throw .invalid("invalid-root", "the root must be a view, not a layout guide", at: views[rootIndex].pointer / "kind")
        }
        self.views = views
        self.parentIndex = parentIndex
        self.rootIndex = rootIndex
        self.indexByID = indexByID
        self.depth = try Self.depths(views: views, parentIndex: parentIndex, rootIndex: rootIndex, limit: limits.maxDepth)
    }

    /// Depth of every view, found iteratively; a view whose chain never reaches the root is on a cycle.
    private static func depths(views: [ViewSpec], parentIndex: [Int], rootIndex: Int, limit: Int) throws(LayoutProblem) -> [Int] {
        var depth = [Int](repeating: -1, count: views.count)
        depth[rootIndex] = 0
        var chain: [Int] = []
        for start in views.indices where depth[start] < 0 {
            // The usual order, a parent before its children: no chain to walk.
            let parent = parentIndex[start]
            if parent >= 0 && depth[parent] >= 0 {
                guard depth[parent] < limit else { throw tooDeep(views[start], depth: depth[parent] + 1, limit: limit) }
                depth[start] = depth[parent] + 1
                continue
            }
            chain.removeAll(keepingCapacity: true)
            var current = start
            while depth[current] < 0 {
                chain.append(current)
                current = parentIndex[current]
                if current < 0 || chain.count > views.count {
                    throw .invalid("parent-cycle", "view '\(views[start].id)' is its own ancestor: its parent chain never reaches the root", at: views[start].pointer / "parent")
                }
            }
            var next = depth[current]
            for index in chain.reversed() {
                next += 1
                if next > limit {
                    throw tooDeep(views[index], depth: next, limit: limit)
                }
                depth[index] = next
            }
        }
        return depth
    }

    private static func tooDeep(_ view: ViewSpec, depth: Int, limit: Int) -> LayoutProblem {
        .invalid("limit-depth", "view '\(view.id)' is nested \(depth) levels deep; the limit is \(limit)", at: view.pointer / "parent")
    }

    /// The item an id names: a declared view or guide, or `ID.margins`, `ID.safeArea`, `ID.content`, `ID.frameGuide`.
    public func item(_ id: String) -> Item? {
        if let item = id.utf8.withContiguousStorageIfAvailable({ item(utf8: $0) }) { return item }
        var id = id
        return id.withUTF8 { item(utf8: $0) }
    }

    /// The item the UTF-8 bytes of an id name, as `item(_:)`.
    public func item(utf8 id: UnsafeBufferPointer<UInt8>) -> Item? {
        if let index = indexByID.index(of: id) { return .view(index) }
        guard let dot = id.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        guard let owner = indexByID.index(of: UnsafeBufferPointer(rebasing: id[..<dot])),
              let guide = OwnedGuide(rawValue: String(decoding: id[(dot + 1)...], as: UTF8.self))
        else { return nil }
        let view = views[owner]
        switch guide {
        case .margins: return view.kind == .guide ? nil : .ownedGuide(owner: owner, guide)
        case .safeArea: return view.safeAreaInsets == nil ? nil : .ownedGuide(owner: owner, guide)
        case .content, .frameGuide: return view.kind == .scroll ? .ownedGuide(owner: owner, guide) : nil
        }
    }

    public func contains(_ id: String) -> Bool { item(id) != nil }

    /// A validated tree has exactly one root.
    public var hasSingleRoot: Bool { true }

    /// The declared view or guide whose id is byte for byte `id` (not only canonically equivalent
    /// to it), and its index in `views`.
    public func storedItem(utf8 id: UnsafeBufferPointer<UInt8>) -> (id: String, index: Int)? {
        indexByID.exactIndex(of: id).map { (views[$0].id, $0) }
    }

    /// The terms a constraint compiles to, at most: one per item
    /// and one per view between each item and their closest common ancestor (see
    /// `LayoutLimits.maxTerms`). Unknown items count 1.
    public func terms(_ constraint: borrowing LayoutConstraint) -> Int {
        terms(constraint.firstItem, constraint.secondItem)
    }

    /// The terms a constraint between `first` and `second` compiles to, as `terms(_:)`.
    public func terms(_ first: String, _ second: String?) -> Int {
        guard let a = item(first)?.owner else { return 1 }
        guard let second, let b = item(second)?.owner else { return 1 }
        let common = closestCommonAncestor(a, b)
        return 2 + depth[a] + depth[b] - 2 * depth[common]
    }

    /// As the walk up `parent(of:)` finds it, by depths instead of chains of ids: an item is its
    /// own closest common ancestor with itself; an owned guide has its view above it.
    public func closestCommonAncestor(of ids: [String]) -> String? {
        guard let first = ids.first else { return nil }
        if ids.allSatisfy({ $0 == first }) { return first }
        var common = -1
        for id in ids {
            guard let owner = item(id)?.owner else { return nil }
            common = common < 0 ? owner : closestCommonAncestor(common, owner)
        }
        return views[common].id
    }

    public func parent(of id: String) -> String? {
        switch item(id) {
        case .view(let index)?:
            let parent = parentIndex[index]
            return parent < 0 ? nil : views[parent].id
        case .ownedGuide(let owner, _)?:
            return views[owner].id
        case nil:
            return nil
        }
    }

    /// The closest view that contains both views (either may be the ancestor of the other).
    public func closestCommonAncestor(_ a: Int, _ b: Int) -> Int {
        var a = a
        var b = b
        while depth[a] > depth[b] { a = parentIndex[a] }
        while depth[b] > depth[a] { b = parentIndex[b] }
        while a != b {
            a = parentIndex[a]
            b = parentIndex[b]
        }
        return a
    }

    /// Whether `ancestor` is a strict ancestor of `view`.
    public func isStrictAncestor(_ ancestor: Int, of view: Int) -> Bool {
        var current = parentIndex[view]
        while current >= 0 {
            if current == ancestor { return true }
            current = parentIndex[current]
        }
        return false
    }
}
