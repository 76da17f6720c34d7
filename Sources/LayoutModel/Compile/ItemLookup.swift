/// `ViewTree.item(_:)` remembered per id: a request names the same few items in constraint
/// after constraint, and the tree's answer costs a hash of the whole string (two, and a split,
/// for an owned guide). Here a view's id, or an owned guide's seen before, costs a cheap hash of
/// its bytes and one string comparison.
///
/// The hash is not seeded, so ids could be chosen to collide: a probe gives up after a few
/// slots and asks the tree, which keeps the cost of any request within that of the tree's lookup.
struct ItemLookup {
    private let tree: ViewTree
    /// Open addressing: the place in `entries` of the id hashed there, or -1.
    private var slots: [Int32]
    private var entries: [(id: String, item: ViewTree.Item)] = []

    /// Slots probed before giving up on remembering an id.
    private static let maxProbes = 8

    init(tree: ViewTree) {
        self.tree = tree
        var capacity = 64
        while capacity < 2 * tree.views.count { capacity *= 2 }
        slots = [Int32](repeating: -1, count: capacity)
        entries.reserveCapacity(tree.views.count)
        // The declared ids are known up front (unique, each its own item); owned guides are
        // asked of the tree the first time they are named.
        for index in tree.views.indices {
            let id = tree.views[index].id
            if case .empty(let slot) = find(id) { remember(id, .view(index), at: slot) }
        }
    }

    /// Where a probe for `id` ends.
    private enum Probe {
        case found(ViewTree.Item)
        case empty(slot: Int)
        /// Every probed slot holds another id.
        case crowded
    }

    /// The item an id names (see `ViewTree.item(_:)`).
    mutating func item(_ id: String) -> ViewTree.Item? {
        switch find(id) {
        case .found(let item):
            return item
        case .empty(let slot):
            guard let item = tree.item(id) else { return nil }
            remember(id, item, at: slot)
            return item
        case .crowded:
            return tree.item(id)
        }
    }

    private func find(_ id: String) -> Probe {
        let mask = slots.count - 1
        var slot = Self.hash(id) & mask
        for _ in 0..<Self.maxProbes {
            let entry = Int(slots[slot])
            if entry < 0 { return .empty(slot: slot) }
            if entries[entry].id == id { return .found(entries[entry].item) }
            slot = (slot + 1) & mask
        }
        return .crowded
    }

    /// Stores an id in the empty `slot`, doubling the table when it is half full.
    private mutating func remember(_ id: String, _ item: ViewTree.Item, at slot: Int) {
        slots[slot] = Int32(truncatingIfNeeded: entries.count)
        entries.append((id, item))
        guard 2 * entries.count > slots.count, slots.count < Int(Int32.max) / 2 else { return }
        slots = [Int32](repeating: -1, count: 2 * slots.count)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = Self.hash(entry.id) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index)
        }
    }

    /// FNV-1a over the UTF-8 bytes (read in place: a native string, small or not, has them contiguous).
    private static func hash(_ id: String) -> Int {
        func fnv<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Int {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return Int(truncatingIfNeeded: hash ^ (hash >> 32))
        }
        return id.utf8.withContiguousStorageIfAvailable(fnv) ?? fnv(id.utf8)
    }
}
