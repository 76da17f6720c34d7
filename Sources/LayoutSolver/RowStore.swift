/// A row read in place: its terms (symbols ascending), its constant and its magnitude. The terms
/// point into the storage the row lives in (a ``RowStore``'s block, or a ``Row``'s array inside
/// ``Row/withView(_:)``), so a view is valid only until that storage next changes: it is read
/// at once, never kept.
struct RowView {
    let terms: UnsafeBufferPointer<Row.Term>
    let constant: Double
    /// ``Row/magnitude``.
    let magnitude: Double

    /// The position of `symbol` in `terms`, or where it would be inserted.
    @inline(__always)
    func position(of symbol: Int, from start: Int = 0) -> Int { terms.position(of: symbol, from: start) }

    /// The coefficient of `symbol`, 0 if absent.
    @inline(__always)
    func coefficient(of symbol: Int) -> Double { terms.coefficient(of: symbol) }
}

/// The tableau's rows, by index, with every row's terms in one block of storage: a run of the
/// block per row, with room past its terms. A solve then allocates no storage per row, and frees
/// one block at the end, not one per row: at 10,000 nested views, freeing the 35,000 rows'
/// arrays of their own took 3 ms, a tenth of the solve, most of it cache misses on their headers.
///
/// Rows are read in place (``subscript(_:)``, a ``RowView`` valid until the store next changes),
/// copied out into a ``Row`` to be rewritten, and written back whole (``replace(_:with:)``). A
/// row that outgrows its run moves to the end of the block; when the block is full, every row is
/// copied, in index order, into a new block twice the size of what they need (the runs of moved
/// and cleared rows are dropped then). The store is a value: a copy shares the block until either
/// side writes.
struct RowStore: Sendable {
    /// Where a row's terms are, and its constant and magnitude (read with the terms).
    private struct Entry {
        var start: Int
        var count: Int32
        /// 0 for a cleared row, which has no run.
        var capacity: Int32
        var constant: Double
        var magnitude: Double
    }

    /// The storage of the terms, freed with the last store that holds it.
    private final class Block: @unchecked Sendable {
        let base: UnsafeMutablePointer<Row.Term>
        let capacity: Int

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        deinit { base.deallocate() }
    }

    private var entries: [Entry] = []
    private var block = Block(capacity: RowStore.smallestBlock)
    /// Terms of the block given to runs: the next run starts here.
    private var used = 0

    private static let smallestBlock = 64

    /// A run's room for a row of `count` terms: a quarter more, and at least two (a substitution
    /// usually adds a term or two, which then stay in place).
    @inline(__always)
    private static func room(for count: Int) -> Int { count + max(2, count &>> 2) }

    var count: Int { entries.count }
    var indices: Range<Int> { entries.indices }

    /// Row `index`, read in place: valid until the store next changes.
    @inline(__always)
    subscript(index: Int) -> RowView {
        let entry = entries[index]
        return RowView(
            terms: UnsafeBufferPointer(start: block.base + entry.start, count: Int(entry.count)),
            constant: entry.constant, magnitude: entry.magnitude)
    }

    /// Makes room for `rows` rows, and for their terms up to `reservedTerms`: past that the block
    /// grows as the rows come. Many constraints never make a row (a definition takes them), and
    /// a large block reserved up front is memory the system hands out afresh, page by page, on
    /// each solve: room for four terms per constraint made the 10,000-view flat row's solve, which
    /// needs almost no rows, 1.6 times as slow (twice the page faults).
    mutating func reserveCapacity(rows: Int) {
        entries.reserveCapacity(rows)
        let terms = min(4 * rows, Self.reservedTerms)
        if terms > block.capacity { rebuild(capacity: terms) }
    }

    /// The most terms `reserveCapacity(rows:)` makes room for: 64 KiB.
    private static let reservedTerms = 4096

    /// Adds `row` after the others and returns its index.
    mutating func append(_ row: borrowing Row) -> Int {
        entries.append(Entry(start: 0, count: 0, capacity: 0, constant: 0, magnitude: 0))
        replace(entries.count - 1, with: row)
        return entries.count - 1
    }

    /// Makes row `index` equal to `row`: in its run when it fits, else in a new run at the end.
    mutating func replace(_ index: Int, with row: borrowing Row) {
        // Unshared first: a copy rebuilds every run to fit its row as it is now.
        if !isKnownUniquelyReferenced(&block) { rebuild(capacity: block.capacity) }
        let count = row.terms.count
        var entry = entries[index]
        if count > Int(entry.capacity) {
            // The old run is dropped, by a rebuild too.
            entries[index].capacity = 0
            let capacity = Self.room(for: count)
            if used + capacity > block.capacity { rebuild(capacity: 2 * (needed() + capacity)) }
            entry.start = used
            entry.capacity = Int32(truncatingIfNeeded: capacity)
            used += capacity
        }
        let start = block.base + entry.start
        row.terms.withUnsafeBufferPointer { terms in
            if let source = terms.baseAddress { start.update(from: source, count: count) }
        }
        entry.count = Int32(truncatingIfNeeded: count)
        entry.constant = row.constant
        entry.magnitude = row.magnitude
        entries[index] = entry
    }

    /// Empties row `index` and gives up its run (its index is free for `replace`).
    mutating func clear(_ index: Int) {
        entries[index] = Entry(start: 0, count: 0, capacity: 0, constant: 0, magnitude: 0)
    }

    /// Removes the term of `symbol` from row `index`, if present.
    mutating func remove(_ symbol: Int, from index: Int) {
        let at = self[index].position(of: symbol)
        let count = Int(entries[index].count)
        guard at < count, self[index].terms[at].symbol == symbol else { return }
        if !isKnownUniquelyReferenced(&block) { rebuild(capacity: block.capacity) }
        let start = block.base + entries[index].start
        UnsafeMutableRawPointer(start + at).copyMemory(
            from: start + at + 1, byteCount: (count - at - 1) * MemoryLayout<Row.Term>.stride)
        entries[index].count -= 1
    }

    /// Adds `delta` to the constant of row `index`.
    mutating func shiftConstant(of index: Int, by delta: Double) {
        entries[index].constant += delta
    }

    /// The terms the rows' runs would take if every row were written anew.
    private func needed() -> Int {
        entries.reduce(0) { $0 + ($1.capacity == 0 ? 0 : Self.room(for: Int($1.count))) }
    }

    /// Copies every row into a new block of at least `capacity` terms, in index order, each in a
    /// run of `room(for:)` its terms; the old block stays with any other store that holds it.
    private mutating func rebuild(capacity: Int) {
        let fresh = Block(capacity: max(capacity, needed(), Self.smallestBlock))
        var at = 0
        let source = block.base
        entries.withUnsafeMutableBufferPointer { entries in
            for index in entries.indices where entries[index].capacity != 0 {
                let count = Int(entries[index].count)
                (fresh.base + at).initialize(from: source + entries[index].start, count: count)
                entries[index].start = at
                let capacity = Self.room(for: count)
                entries[index].capacity = Int32(truncatingIfNeeded: capacity)
                at += capacity
            }
        }
        block = fresh
        used = at
    }
}
