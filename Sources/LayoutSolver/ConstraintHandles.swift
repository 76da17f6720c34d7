/// A handle, or none, for each of a client's constraints by position, in 32 bits each: a
/// quarter of the memory of `[ConstraintHandle?]`, whose entries take 16 bytes. An installation
/// of 10,000 views keeps one per constraint (about 80,000), writes it as it adds them and reads
/// it back for its diagnosis; at that size the table is read from outside the caches, and its
/// size is its cost. Handles must be below 2^31 (a solver of that many constraints would not fit
/// in memory, and a request's limits keep it far below).
public struct ConstraintHandles: RandomAccessCollection, Sendable {
    /// The handle's index at each position, -1 for none.
    @usableFromInline var entries: [Int32] = []

    public init() {}

    // Inlinable, as the client reads and writes an entry per constraint: a call into this
    // module for each added 36 instructions per constraint at 10,000 views.
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { entries.count }

    @inlinable public subscript(position: Int) -> ConstraintHandle? {
        get {
            let index = entries[position]
            return index < 0 ? nil : ConstraintHandle(index: Int(index))
        }
        set { entries[position] = newValue.map { Int32($0.index) } ?? -1 }
    }

    @inlinable public mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

    /// Appends `count` positions without a handle.
    @inlinable public mutating func appendNone(count: Int) {
        entries.append(contentsOf: repeatElement(-1, count: count))
    }
}
