/// A row read in place: its terms (symbols ascending), its constant and its magnitude. The terms
/// point into the storage the row lives in (a ``RowStore``'s chunk, or a ``Row``'s array inside
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

/// The tableau's rows, by index, with their terms in a few large chunks of storage: a run of a
/// chunk per row, with room past its terms. A solve then allocates no storage per row, and frees
/// a few chunks at the end, not one array per row: at 10,000 nested views, freeing the 35,000
/// rows' arrays took 3 ms, a tenth of the solve, most of it cache misses on their headers.
///
/// Rows are read in place (``subscript(_:)``, a ``RowView`` valid until the store next changes),
/// copied out into a ``Row`` to be rewritten, and written back whole (``replace(_:with:)``). A
/// row that outgrows its run moves to a new run; once the chunks hold more than twice what the
/// rows' runs take, the next chunk needed starts a compaction: every row is copied, in index
/// order, into new chunks, and the runs given up are dropped.
///
/// Chunks are 64 KiB, below the size from which `malloc` maps memory of its own: one block of
/// several megabytes, grown by doubling, was mapped afresh, page by page, on a solve after the
/// system got it back, and how often depended on `malloc`'s heuristics (the 1,000-view nested
/// grid's median solve took 1.3 or 2.0 ms depending on how many solves the process had made).
///
/// The store is a value: a copy shares the chunks until either side writes, which then copies
/// its rows into chunks of its own.
struct RowStore: Sendable {
    /// Where a row's terms are, and its constant and magnitude (read with the terms). The
    /// pointer is into the chunks, which only a store that holds them alone writes.
    private struct Entry: @unchecked Sendable {
        var terms: UnsafeMutablePointer<Row.Term>?
        var count: Int32
        /// 0 for a cleared row, which has no run.
        var capacity: Int32
        var constant: Double
        var magnitude: Double

        static let cleared = Entry(terms: nil, count: 0, capacity: 0, constant: 0, magnitude: 0)
    }

    /// The chunks, and the room left in the last one; they are freed with the last store that
    /// holds them.
    private final class Chunks: @unchecked Sendable {
        var chunks: [UnsafeMutablePointer<Row.Term>] = []
        /// Where the next run starts, and the terms left after it in the last chunk.
        var next: UnsafeMutablePointer<Row.Term>?
        var left = 0
        /// The terms of every chunk.
        var total = 0

        /// A run of `capacity` terms: in the last chunk when it fits, else in a new chunk (of its
        /// own size for a row longer than a chunk).
        func run(_ capacity: Int) -> UnsafeMutablePointer<Row.Term> {
            if capacity > left {
                let size = max(capacity, RowStore.chunkTerms)
                let chunk = UnsafeMutablePointer<Row.Term>.allocate(capacity: size)
                chunks.append(chunk)
                total += size
                next = chunk
                left = size
            }
            // `next` is set whenever `left` is not 0.
            let start = next.unsafelyUnwrapped
            next = start + capacity
            left -= capacity
            return start
        }

        /// Gives all the room back, for a store that starts over: only a single chunk, which
        /// holds no row any more, is kept (false, and nothing changed, for several).
        func startOver() -> Bool {
            guard chunks.count == 1 else { return false }
            next = chunks[0]
            left = total
            return true
        }

        deinit {
            for chunk in chunks { chunk.deallocate() }
        }
    }

    private var entries: [Entry] = []
    private var storage: Chunks
    /// The terms of the runs rows hold (the rest of the chunks is room or given up).
    private var live = 0

    /// The terms of a chunk: 64 KiB.
    static let chunkTerms = 4096

    /// A run's room for a row of `count` terms: a quarter more, and at least two (a substitution
    /// usually adds a term or two, which then stay in place).
    @inline(__always)
    private static func room(for count: Int) -> Int { count + max(2, count &>> 2) }

    var count: Int { entries.count }
    var indices: Range<Int> { entries.indices }
    /// The terms of every chunk: room for the rows, and runs given up not yet compacted away.
    var chunkedTerms: Int { storage.total }

    /// Row `index`, read in place: valid until the store next changes.
    @inline(__always)
    subscript(index: Int) -> RowView {
        let entry = entries[index]
        return RowView(
            terms: UnsafeBufferPointer(start: entry.terms, count: Int(entry.count)),
            constant: entry.constant, magnitude: entry.magnitude)
    }

    /// A new store holds `none`, chunks of its own only from its first row on: making one
    /// allocates nothing.
    init() { storage = Self.none }

    /// The chunks of a store that has none: shared by every such store, so never written (a
    /// store writes only chunks it holds alone, and copies its rows out of any other first).
    private static let none = Chunks()

    /// Takes the storage of `old` into this store, which is new (see `Solver.reset(budget:)`):
    /// its table of rows, and its chunk when it has only one (a small problem's) and holds it
    /// alone, which `old` gives up for `none`.
    mutating func takeStorage(of old: inout RowStore) {
        moveEmptied(&old.entries, to: &entries)
        if isKnownUniquelyReferenced(&old.storage), old.storage.startOver() { swap(&storage, &old.storage) }
    }

    var storageBytes: Int { entries.capacityBytes + storage.total * MemoryLayout<Row.Term>.stride }

    /// Makes room for `rows` rows.
    mutating func reserveCapacity(rows: Int) {
        entries.reserveCapacity(rows)
    }

    /// Adds `row` after the others and returns its index.
    mutating func append(_ row: borrowing Row) -> Int {
        entries.append(.cleared)
        replace(entries.count - 1, with: row)
        return entries.count - 1
    }

    /// Makes row `index` equal to `row`: in its run when it fits, else in a new run.
    mutating func replace(_ index: Int, with row: borrowing Row) {
        // Unshared first: a copy's runs fit its rows as they are now.
        if !isKnownUniquelyReferenced(&storage) { compact() }
        let count = row.terms.count
        var entry = entries[index]
        if count > Int(entry.capacity) {
            // The old run is given up, and dropped by a compaction too.
            live -= Int(entry.capacity)
            entries[index].capacity = 0
            let capacity = Self.room(for: count)
            if capacity > storage.left, storage.total > 2 * live + Self.chunkTerms { compact() }
            entry.terms = storage.run(capacity)
            entry.capacity = Int32(truncatingIfNeeded: capacity)
            live += capacity
        }
        row.terms.withUnsafeBufferPointer { terms in
            if let source = terms.baseAddress, let start = entry.terms { start.update(from: source, count: count) }
        }
        entry.count = Int32(truncatingIfNeeded: count)
        entry.constant = row.constant
        entry.magnitude = row.magnitude
        entries[index] = entry
    }

    /// Empties row `index` and gives up its run (its index is free for `replace`).
    mutating func clear(_ index: Int) {
        live -= Int(entries[index].capacity)
        entries[index] = .cleared
    }

    /// Removes the term of `symbol` from row `index`, if present.
    mutating func remove(_ symbol: Int, from index: Int) {
        let row = self[index]
        let at = row.position(of: symbol)
        let count = row.terms.count
        guard at < count, row.terms[at].symbol == symbol else { return }
        if !isKnownUniquelyReferenced(&storage) { compact() }
        guard let start = entries[index].terms else { return }
        UnsafeMutableRawPointer(start + at).copyMemory(
            from: start + at + 1, byteCount: (count - at - 1) * MemoryLayout<Row.Term>.stride)
        entries[index].count -= 1
    }

    /// Adds `delta` to the constant of row `index`.
    mutating func shiftConstant(of index: Int, by delta: Double) {
        entries[index].constant += delta
    }

    /// Copies every row, in index order, into new chunks, each in a run of `room(for:)` its
    /// terms; the old chunks go with this store's reference to them.
    private mutating func compact() {
        let fresh = Chunks()
        var live = 0
        entries.withUnsafeMutableBufferPointer { entries in
            for index in entries.indices where entries[index].capacity != 0 {
                let count = Int(entries[index].count)
                let capacity = Self.room(for: count)
                let start = fresh.run(capacity)
                if let source = entries[index].terms { start.initialize(from: source, count: count) }
                entries[index].terms = start
                entries[index].capacity = Int32(truncatingIfNeeded: capacity)
                live += capacity
            }
        }
        storage = fresh
        self.live = live
    }
}
