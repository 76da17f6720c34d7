/// The tableau's column index: for each symbol, the rows it was added to, in the order they were
/// added. Entries are dropped lazily, so a listed row may no longer hold the symbol, or be listed
/// twice: readers check the row.
///
/// The lists are threaded through one pool of entries instead of an array per symbol: most
/// symbols are the slack or error of one constraint and sit in a handful of rows, and an array
/// each cost an allocation per symbol and more as it grew. Once the pool has grown, adding a row
/// to a column allocates nothing; emptied columns give their entries back to the pool.
struct ColumnIndex: Sendable {
    /// A column: its first and last entry (-1 when empty) and how many entries it lists.
    /// 32-bit fields (a request's limits keep rows and entries far below 2^31): half the
    /// memory, and at 10,000 views the index is read mostly from outside the caches.
    private struct Column: Sendable {
        var first: Int32 = -1
        var last: Int32 = -1
        var count: Int32 = 0
    }

    /// A listed row, and the next entry of its column or of the free list (-1 at the end).
    fileprivate struct Entry: Sendable {
        var row: Int32
        var following: Int32 = -1
    }

    private var columns: [Column] = []
    private var entries: [Entry] = []
    /// The first free entry, -1 when the pool is full.
    private var free: Int32 = -1

    /// Reserves room for this many columns and entries.
    mutating func reserveCapacity(symbols: Int, entries count: Int) {
        columns.reserveCapacity(symbols)
        entries.reserveCapacity(count)
    }

    /// Makes empty columns for `count` more symbols.
    mutating func appendSymbols(_ count: Int) {
        columns.append(contentsOf: repeatElement(Column(), count: count))
    }

    /// The number of entries `symbol`'s column lists.
    func count(_ symbol: Int) -> Int { Int(columns[symbol].count) }

    /// Lists `row` at the end of `symbol`'s column.
    @inline(__always)
    mutating func append(_ row: Int, to symbol: Int) {
        let entry: Int32
        if free >= 0 {
            entry = free
            free = entries[Int(entry)].following
            entries[Int(entry)] = Entry(row: Int32(truncatingIfNeeded: row))
        } else {
            entry = Int32(truncatingIfNeeded: entries.count)
            entries.append(Entry(row: Int32(truncatingIfNeeded: row)))
        }
        var column = columns[symbol]
        if column.last >= 0 { entries[Int(column.last)].following = entry } else { column.first = entry }
        column.last = entry
        column.count += 1
        columns[symbol] = column
    }

    /// Empties `symbol`'s column, giving its entries back to the pool.
    mutating func clear(_ symbol: Int) {
        let column = columns[symbol]
        guard column.first >= 0 else { return }
        entries[Int(column.last)].following = free
        free = column.first
        columns[symbol] = Column()
    }

    /// Empties every column and the pool (their storage is kept).
    mutating func removeAll() {
        for symbol in columns.indices { columns[symbol] = Column() }
        entries.removeAll(keepingCapacity: true)
        free = -1
    }

    /// The rows `symbol`'s column lists, in the order they were added.
    func rows(of symbol: Int) -> Rows {
        Rows(entries: entries, entry: Int(columns[symbol].first))
    }

    /// A column's rows: it reads a snapshot, so the index may change while it is iterated.
    struct Rows: Sequence, IteratorProtocol {
        fileprivate let entries: [Entry]
        fileprivate var entry: Int

        mutating func next() -> Int? {
            guard entry >= 0 else { return nil }
            defer { entry = Int(entries[entry].following) }
            return Int(entries[entry].row)
        }
    }
}
