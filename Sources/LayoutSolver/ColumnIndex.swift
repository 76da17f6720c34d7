/// The tableau's column index: for each symbol, the rows it was added to, in the order they were
/// added, and how many rows hold it. Entries are dropped lazily, so a listed row may no longer
/// hold the symbol, or be listed twice: readers check the row. The count is exact: the tableau
/// reports each row that takes the symbol (`add`) or drops it (`dropHolder`).
///
/// The lists are threaded through one pool of entries instead of an array per symbol: most
/// symbols are the slack or error of one constraint and sit in a handful of rows, and an array
/// each cost an allocation per symbol and more as it grew. Once the pool has grown, adding a row
/// to a column allocates nothing; emptied columns give their entries back to the pool.
struct ColumnIndex: Sendable {
    /// A column: its first and last entry (-1 when empty), how many entries it lists, and how
    /// many rows hold its symbol. 32-bit fields (a request's limits keep rows and entries far
    /// below 2^31): half the memory, and at 10,000 views the index is read mostly from outside
    /// the caches; the count sits with the list, as the two change together (a separate table
    /// of counts was a second cache miss for each term of each row stored).
    private struct Column: Sendable {
        var first: Int32 = -1
        var last: Int32 = -1
        var count: Int32 = 0
        var held: Int32 = 0
    }

    /// A listed row, and the next entry of its column or of the free list (-1 at the end).
    fileprivate struct Entry: Sendable {
        var row: Int32
        var following: Int32 = -1
    }

    private var columns: [Column] = []
    /// The pool: its first `used` entries have been handed out (listed, or freed since), the
    /// rest are spare, made ahead so that a row's entries are taken without growing the array.
    private var entries: [Entry] = []
    private var used = 0
    /// The first freed entry, -1 for none, and how many there are.
    private var free: Int32 = -1
    private var freeCount = 0

    init() {}

    /// Takes the storage of `old` into this index, which is new (see `Solver.reset(budget:)`).
    mutating func takeStorage(of old: inout ColumnIndex) {
        moveEmptied(&old.columns, to: &columns)
        moveEmptied(&old.entries, to: &entries)
    }

    var storageBytes: Int { columns.capacityBytes + entries.capacityBytes }

    /// Reserves room for this many columns and entries.
    mutating func reserveCapacity(symbols: Int, entries count: Int) {
        columns.reserveCapacity(symbols)
        entries.reserveCapacity(count)
    }

    /// Makes sure `count` entries can be taken (freed or spare), spares made geometrically.
    @inline(__always)
    private mutating func makeRoom(for count: Int) {
        let short = count - freeCount - (entries.count - used)
        if short > 0 { growSpares(short) }
    }

    /// Appends at least `short` spare entries: as many as the pool holds (it doubles), and no
    /// fewer than 64, so that a small tableau's first rows grow it once.
    @inline(never)
    private mutating func growSpares(_ short: Int) {
        entries.append(contentsOf: repeatElement(Entry(row: -1), count: max(short, entries.count, 64)))
    }

    /// Makes empty columns for `count` more symbols.
    mutating func appendSymbols(_ count: Int) {
        columns.append(contentsOf: repeatElement(Column(), count: count))
    }

    /// How many rows hold `symbol`.
    func held(_ symbol: Int) -> Int { Int(columns[symbol].held) }

    /// Notes that a row holding `symbol` dropped it (its entry stays, to be dropped lazily).
    @inline(__always)
    mutating func dropHolder(_ symbol: Int) { columns[symbol].held -= 1 }

    /// Notes that no row holds `symbol` any more (its column was taken or cleared).
    mutating func noteUnheld(_ symbol: Int) { columns[symbol].held = 0 }

    /// Whether the column of `symbol` lists more than four times the rows that hold it (and 64
    /// more): it is then worth compacting.
    func overflows(_ symbol: Int) -> Bool { Self.overflows(columns[symbol]) }

    /// Lists `row`, which now holds `symbol`, at the end of its column and counts it; returns
    /// whether the column now `overflows`.
    @inline(__always)
    mutating func add(_ row: Int, to symbol: Int) -> Bool { list(row, to: symbol, holding: true) }

    /// Lists `row` again at the end of `symbol`'s column, whose rows were taken (`take`) to be
    /// checked: the count of rows that hold it is unchanged.
    mutating func relist(_ row: Int, to symbol: Int) { _ = list(row, to: symbol, holding: false) }

    /// Lists `row` at the end of `symbol`'s column, counted as holding it when `holding`;
    /// returns whether the column now `overflows`.
    @inline(__always)
    private mutating func list(_ row: Int, to symbol: Int, holding: Bool) -> Bool {
        makeRoom(for: 1)
        return columns.withUnsafeMutableBufferPointer { columns in
            entries.withUnsafeMutableBufferPointer { entries in
                Self.link(Int32(truncatingIfNeeded: row), to: symbol, holding: holding, columns, entries, &free, &freeCount, &used)
            }
        }
    }

    /// Lists `row` at the end of the column of each symbol of `terms` (a row's) and counts it
    /// as holding each, in one pass: room is made once, and the entries and columns are written
    /// through their buffers. Returns whether some column of theirs now `overflows`.
    mutating func add(_ row: Int, toColumnsOf terms: UnsafeBufferPointer<Row.Term>) -> Bool {
        makeRoom(for: terms.count)
        let listed = Int32(truncatingIfNeeded: row)
        var overflowing = false
        columns.withUnsafeMutableBufferPointer { columns in
            entries.withUnsafeMutableBufferPointer { entries in
                for term in terms where Self.link(listed, to: term.symbol, holding: true, columns, entries, &free, &freeCount, &used) {
                    overflowing = true
                }
            }
        }
        return overflowing
    }

    /// Whether `column` lists more than four times the rows that hold its symbol, and 64 more.
    /// A column of 64 entries or fewer (almost every one) is told by its length alone: it is
    /// checked for every term of every row stored.
    @inline(__always)
    private static func overflows(_ column: Column) -> Bool { column.count > 64 && column.count > 4 * column.held + 64 }

    /// Lists `row` at the end of `symbol`'s column in a freed entry, else a spare one (there is
    /// room: `makeRoom`), counting it as a row that holds the symbol when `holding`; returns
    /// whether the column now `overflows`.
    @inline(__always)
    private static func link(
        _ row: Int32, to symbol: Int, holding: Bool, _ columns: UnsafeMutableBufferPointer<Column>,
        _ entries: UnsafeMutableBufferPointer<Entry>, _ free: inout Int32, _ freeCount: inout Int, _ used: inout Int
    ) -> Bool {
        let entry: Int32
        if free >= 0 {
            entry = free
            free = entries[Int(entry)].following
            freeCount -= 1
        } else {
            entry = Int32(truncatingIfNeeded: used)
            used += 1
        }
        entries[Int(entry)] = Entry(row: row)
        var column = columns[symbol]
        if column.last >= 0 { entries[Int(column.last)].following = entry } else { column.first = entry }
        column.last = entry
        column.count += 1
        if holding { column.held += 1 }
        columns[symbol] = column
        return overflows(column)
    }

    /// Empties `symbol`'s list, giving its entries back to the pool; the count of rows that
    /// hold it is kept.
    private mutating func unlink(_ symbol: Int) {
        let column = columns[symbol]
        guard column.first >= 0 else { return }
        entries[Int(column.last)].following = free
        free = column.first
        freeCount += Int(column.count)
        columns[symbol] = Column(held: column.held)
    }

    /// Empties `symbol`'s column: no row holds it any more.
    mutating func clear(_ symbol: Int) {
        unlink(symbol)
        noteUnheld(symbol)
    }

    /// Appends the rows `symbol`'s column lists to `rows`, in the order they were added, and
    /// empties the list (the count of rows that hold it is kept): one pass through the pool's
    /// buffer, where iterating `rows(of:)` retained the pool and checked each read.
    mutating func take(_ symbol: Int, into rows: inout [Int]) {
        let column = columns[symbol]
        rows.reserveCapacity(rows.count + Int(column.count))
        entries.withUnsafeBufferPointer { entries in
            var entry = Int(column.first)
            while entry >= 0 {
                rows.append(Int(entries[entry].row))
                entry = Int(entries[entry].following)
            }
        }
        unlink(symbol)
    }

    /// Empties every column and the pool, counts included (their storage is kept, the entries
    /// as spares).
    mutating func removeAll() {
        for symbol in columns.indices { columns[symbol] = Column() }
        used = 0
        free = -1
        freeCount = 0
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
