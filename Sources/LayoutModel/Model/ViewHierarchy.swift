/// The parent relation of the request's items, enough for the constraint languages to
/// resolve Masonry's implicit superview and the closest common superview.
public protocol ViewHierarchy: Sendable {
    /// Whether an item (view, guide, or a derived guide such as `root.safeArea`) with this id exists.
    func contains(_ id: String) -> Bool
    /// The parent view of an item, `nil` for the root or an unknown id.
    func parent(of id: String) -> String?
    /// The closest view that is an ancestor of (or equal to) every given item, `nil` if none.
    /// The default walks `parent(of:)`; a hierarchy with indexed views answers faster.
    func closestCommonAncestor(of ids: [String]) -> String?
    /// Whether every item descends from one root, so any two items have a common ancestor
    /// (`false` by default: `closestCommonAncestor(of:)` then answers).
    var hasSingleRoot: Bool { get }
    /// The declared item whose id has these UTF-8 bytes: its id as the hierarchy stores it (no
    /// new string) and its position among the hierarchy's items; `nil` when there is none or the
    /// hierarchy does not say (the default).
    func storedItem(utf8 id: UnsafeBufferPointer<UInt8>) -> (id: String, index: Int)?
}

extension ViewHierarchy {
    public var hasSingleRoot: Bool { false }

    public func storedItem(utf8 id: UnsafeBufferPointer<UInt8>) -> (id: String, index: Int)? { nil }

    public func closestCommonAncestor(of ids: [String]) -> String? {
        guard var common = ids.first else { return nil }
        for id in ids.dropFirst() {
            guard let next = closestCommonAncestor(common, id) else { return nil }
            common = next
        }
        return common
    }

    private func ancestorChain(_ id: String) -> [String] {
        var chain: [String] = [id]
        var current = id
        while let parent = parent(of: current), chain.count <= 100_000 {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    private func closestCommonAncestor(_ a: String, _ b: String) -> String? {
        let ancestorsOfA = Set(ancestorChain(a))
        return ancestorChain(b).first(where: ancestorsOfA.contains)
    }
}
