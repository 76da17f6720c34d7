/// The lexicographic objective: for each parametric symbol, its reduced cost at each distinct
/// priority present (a *level*). A cost vector is compared level by level, highest priority
/// first, so any amount at a higher level outweighs every amount below it. Basic symbols always
/// have all-zero costs.
///
/// The vectors are sparse (a symbol has costs at the few levels of the constraints it came
/// through), so the objective takes memory and time by the costs present, not by levels ×
/// symbols: a request may give every constraint a priority of its own.
struct Objective: Sendable {
    /// One nonzero component of a cost vector, and the next one of its symbol (-1 at the end,
    /// or the next free cost).
    struct Cost: Sendable {
        var level: Int32
        var next: Int32
        var value: Double
    }

    /// The priority of each level, in the order the levels were made.
    private(set) var priorities: [Double] = []
    /// priority → level, kept only beyond `searchedLevels` levels (empty until then).
    private var levelOfPriority: [Double: Int] = [:]
    /// Up to this many levels (the usual case) are searched, faster than a table is hashed.
    private static let searchedLevels = 8
    /// The costs of every symbol, each symbol's a list by descending priority (most symbols
    /// have one or two): a cost vector has no storage of its own, and free costs are reused.
    private var costs: [Cost] = []
    /// symbol → its first cost and its place in `heap` (`SymbolState`): one table, where two
    /// of equal length were two allocations per solve, two appends per symbol and two frees.
    private var symbols: [SymbolState] = []
    /// The first free cost (freed, or a spare: `addSpares`), -1 for none.
    private var free: Int32 = -1

    /// The candidates to enter, as an indexed binary heap, best first (`isBetter`): the symbols
    /// whose cost vectors are lexicographically negative, and only those, so an optimisation
    /// never scans the objective; a symbol is re-sifted, or taken out, whenever one of its costs
    /// changes. Each entry carries its symbol's key, so a sift compares adjacent entries and
    /// walks cost lists only on a tie of keys.
    private var heap: [Candidate] = []
    /// Room for this many candidates is reserved with the first level (see `level(for:)`).
    private static let initialCandidates = 16

    /// What the objective keeps for each symbol.
    private struct SymbolState: Sendable {
        /// The symbol's first cost, -1 for none.
        var first: Int32 = -1
        /// The symbol's position in `heap`, or -1.
        @Int32Storage var slot: Int = -1
    }

    /// A symbol with its key: the priority and value of the first non-negligible component of
    /// its cost vector (-infinity and 0 for none), and the cost after that component, where a
    /// comparison with an equal key goes on.
    private struct Candidate {
        var priority: Double
        var value: Double
        var symbol: Int32
        var rest: Int32

        /// `symbol` with the key of an all-zero cost vector.
        static func zero(_ symbol: Int) -> Candidate {
            Candidate(priority: -.infinity, value: 0, symbol: Int32(symbol), rest: -1)
        }
    }

    var levelCount: Int { priorities.count }

    init() {}

    /// Takes the storage of `old` into this objective, which is new (see `Solver.reset(budget:)`).
    mutating func takeStorage(of old: inout Objective) {
        moveEmptied(&old.priorities, to: &priorities)
        moveEmptied(&old.levelOfPriority, to: &levelOfPriority)
        moveEmptied(&old.costs, to: &costs)
        moveEmptied(&old.symbols, to: &symbols)
        moveEmptied(&old.heap, to: &heap)
    }

    var storageBytes: Int {
        priorities.capacityBytes + levelOfPriority.capacityBytes + costs.capacityBytes + symbols.capacityBytes + heap.capacityBytes
    }

    /// Reserves room for this many symbols.
    mutating func reserveCapacity(symbols: Int) {
        self.symbols.reserveCapacity(symbols)
        costs.reserveCapacity(symbols)
    }

    /// Makes room for `count` more symbols (with zero cost at every level).
    mutating func appendSymbols(_ count: Int) {
        symbols.append(contentsOf: repeatElement(SymbolState(), count: count))
    }

    /// The level of `priority`, made if absent (`makeLevel`). Inlined, with `existingLevel`:
    /// the search of a few priorities costs less than the two calls around it did, once or
    /// twice per optional constraint.
    @inline(__always)
    mutating func level(for priority: Double) -> Int {
        existingLevel(for: priority) ?? makeLevel(priority)
    }

    /// Makes the level of `priority`, absent until now. The first level reserves room for
    /// `searchedLevels` levels and `initialCandidates` candidates, which grew from empty one
    /// doubling at a time (seven allocations in a twenty-view solve); a solve without optional
    /// constraints makes no level and reserves neither.
    @inline(never)
    private mutating func makeLevel(_ priority: Double) -> Int {
        if priorities.isEmpty {
            priorities.reserveCapacity(Self.searchedLevels)
            heap.reserveCapacity(Self.initialCandidates)
        }
        priorities.append(priority)
        if priorities.count > Self.searchedLevels {
            if levelOfPriority.isEmpty {
                for level in priorities.indices { levelOfPriority[priorities[level]] = level }
            } else {
                levelOfPriority[priority] = priorities.count - 1
            }
        }
        return priorities.count - 1
    }

    /// The level of `priority`, if present.
    @inline(__always)
    func existingLevel(for priority: Double) -> Int? {
        priorities.count <= Self.searchedLevels ? priorities.firstIndex(of: priority) : levelOfPriority[priority]
    }

    /// Adds `amount` to the cost of `symbol` at `level`.
    mutating func addCost(_ amount: Double, to symbol: Int, level: Int) {
        withUnsafePointer(to: Row.Term(symbol: symbol, coefficient: 1)) { term in
            addCost(amount, of: UnsafeBufferPointer(start: term, count: 1), level: level)
        }
    }

    /// Adds `factor · row` (its symbols' coefficients) to the costs at `level`.
    mutating func addCost(_ factor: Double, of row: RowView, level: Int) {
        addCost(factor, of: row.terms, level: level)
    }

    /// Adds `factor · terms` to the costs at `level`, the terms' symbols distinct. A symbol out
    /// of the heap whose costs `add` shows to lead with a positive component would stay out
    /// (`noteChanged` would find it no candidate), and is not looked at again: most symbols of
    /// the rows a level costs, at 10,000 views. The adds run on the buffers (`addInPlace`),
    /// which are left only to re-sift a symbol, in the order of the terms (the heap's shape
    /// depends on it), and to append costs.
    private mutating func addCost(_ factor: Double, of terms: UnsafeBufferPointer<Row.Term>, level: Int) {
        var index = 0
        while index < terms.count {
            let (stop, added) = addInPlace(factor, of: terms, from: index, level: level)
            guard stop < terms.count else { return }
            if added {
                noteChanged(terms[stop].symbol)
                index = stop + 1
            } else {
                addSpares(terms.count - stop)
                index = stop
            }
        }
    }

    /// Adds `factor · terms[start...]` to the costs at `level` on the buffers of the costs and
    /// of the symbol table (a check for sharing each per call, not one per write), up to the
    /// first term whose symbol must be re-sifted (added) or that needs a cost when none is free
    /// (not added: the buffers cannot grow). Returns that term's index, or `terms.count`, and
    /// whether it was added.
    private mutating func addInPlace(
        _ factor: Double, of terms: UnsafeBufferPointer<Row.Term>, from start: Int, level: Int
    ) -> (stop: Int, added: Bool) {
        var free = self.free
        let result = self.costs.withUnsafeMutableBufferPointer { costs in
            self.symbols.withUnsafeMutableBufferPointer { symbols in
                self.priorities.withUnsafeBufferPointer { priorities in
                    let priority = priorities[level]
                    let level = Int32(level)
                    for index in start..<terms.count {
                        let symbol = terms[index].symbol
                        let amount = factor * terms[index].coefficient
                        guard let mayBeNegative = Self.add(
                            amount, to: symbol, level: level, priority: priority, costs, symbols, priorities, &free)
                        else { return (index, false) }
                        if mayBeNegative || symbols[symbol].slot >= 0 { return (index, true) }
                    }
                    return (terms.count, true)
                }
            }
        }
        self.free = free
        return result
    }

    /// Puts new costs on the free list (empty: `addInPlace` found no cost there), at least
    /// `count`, as many as there are costs already: the costs grow by doubling, as an array
    /// appended to one by one would, and a solve that costs a new symbol with each constraint
    /// (a priority each) leaves the buffers once per doubling, not once per cost.
    private mutating func addSpares(_ count: Int) {
        let first = costs.count
        let count = max(count, first)
        costs.append(contentsOf: repeatElement(Cost(level: -1, next: -1, value: 0), count: count))
        costs.withUnsafeMutableBufferPointer { costs in
            for node in first..<first + count - 1 { costs[node].next = Int32(node + 1) }
        }
        free = Int32(first)
    }

    /// Replaces `symbol`, which became basic with definition `row`, by that definition at every level.
    mutating func substitute(_ symbol: Int, by row: RowView) {
        let list = symbols[symbol].first
        guard list >= 0 else { return }
        // Detached first: the adds below touch only the row's symbols, and take no cost of this
        // list (it is freed after). A candidate's entry takes the key of these zero costs, which
        // the adds' sifts compare it by until it is taken out at the end.
        symbols[symbol].first = -1
        if symbols[symbol].slot >= 0 { heap[symbols[symbol].slot] = .zero(symbol) }
        var node = list
        var last = list
        while node >= 0 {
            let cost = costs[Int(node)]
            addCost(cost.value, of: row, level: Int(cost.level))
            last = node
            node = cost.next
        }
        costs[Int(last)].next = free
        free = list
        noteChanged(symbol)
    }

    /// Drops every cost of `symbol` (an artificial symbol leaving the problem).
    mutating func clear(_ symbol: Int) {
        var node = symbols[symbol].first
        symbols[symbol].first = -1
        while node >= 0 {
            let next = costs[Int(node)].next
            release(node)
            node = next
        }
        noteChanged(symbol)
    }

    /// The sign of the first non-negligible component of `symbol`'s cost vector: -1, 0 or 1.
    @inline(__always)
    func sign(of symbol: Int) -> Int {
        let node = firstSignificant(symbol)
        return node < 0 ? 0 : costs[Int(node)].value < 0 ? -1 : 1
    }

    /// `symbol` with its key (see `Candidate`).
    @inline(__always)
    private func candidate(_ symbol: Int) -> Candidate {
        let node = firstSignificant(symbol)
        guard node >= 0 else { return .zero(symbol) }
        return costs.withUnsafeBufferPointer { costs in
            priorities.withUnsafeBufferPointer { priorities in
                let cost = costs[Int(node)]
                return Candidate(priority: priorities[Int(cost.level)], value: cost.value, symbol: Int32(symbol), rest: cost.next)
            }
        }
    }

    /// The first non-negligible cost of `symbol`, -1 for none.
    @inline(__always)
    private func firstSignificant(_ symbol: Int) -> Int32 {
        costs.withUnsafeBufferPointer { costs in
            var node = symbols[symbol].first
            while node >= 0, abs(costs[Int(node)].value) <= Tolerance.zero { node = costs[Int(node)].next }
            return node
        }
    }

    /// Whether `costs(a) / ka` is lexicographically below `costs(b) / kb` (`ka`, `kb` > 0).
    func ratio(_ a: Int, _ ka: Double, isBelow b: Int, _ kb: Double) -> Bool? {
        var result: Bool?
        forEachLevel(symbols[a].first, symbols[b].first) { ca, cb in
            let ra = ca / ka
            let rb = cb / kb
            if ra < rb - Tolerance.zero { result = true } else if ra > rb + Tolerance.zero { result = false }
            return result != nil
        }
        return result
    }

    /// `amount` added to `symbol`'s cost at `level` (of `priority`, both read once per row by
    /// the caller) on the buffers (see `addInPlace`), the component dropped when it cancels;
    /// nil, with nothing changed, when a cost is needed and `free` has none. Returns false when
    /// the vector's first significant component is known to be positive: one above `level` (as
    /// it was), or the one at `level`; true when it may not be.
    @inline(__always)
    private static func add(
        _ amount: Double, to symbol: Int, level: Int32, priority: Double, _ costs: UnsafeMutableBufferPointer<Cost>,
        _ symbols: UnsafeMutableBufferPointer<SymbolState>, _ priorities: UnsafeBufferPointer<Double>,
        _ free: inout Int32
    ) -> Bool? {
        guard amount != 0 else { return true }
        // The cost before the place (-1: the list's head), the one at it, and the first
        // significant component above `level` (0 for none). A cost at `level` ends the walk
        // before its priority is read: most often the list's head.
        var previous: Int32 = -1
        var lead = 0.0
        var node = symbols[symbol].first
        while node >= 0, costs[Int(node)].level != level, priorities[Int(costs[Int(node)].level)] > priority {
            if lead == 0, abs(costs[Int(node)].value) > Tolerance.zero { lead = costs[Int(node)].value }
            previous = node
            node = costs[Int(node)].next
        }
        if node >= 0, costs[Int(node)].level == level {
            let sum = Tolerance.sum(costs[Int(node)].value, amount)
            guard sum == 0 else {
                costs[Int(node)].value = sum
                return lead != 0 ? lead < 0 : !(sum > Tolerance.zero)
            }
            let next = costs[Int(node)].next
            if previous >= 0 { costs[Int(previous)].next = next } else { symbols[symbol].first = next }
            costs[Int(node)].next = free
            free = node
            return lead != 0 ? lead < 0 : true
        }
        guard free >= 0 else { return nil }
        let made = free
        free = costs[Int(made)].next
        costs[Int(made)] = Cost(level: level, next: node, value: amount)
        if previous >= 0 { costs[Int(previous)].next = made } else { symbols[symbol].first = made }
        return lead != 0 ? lead < 0 : !(amount > Tolerance.zero)
    }

    /// Puts a cost on the free list.
    private mutating func release(_ node: Int32) {
        costs[Int(node)].next = free
        free = node
    }

    /// Calls `body` with the costs of the lists from `a` and from `b` at each level where either
    /// has one, highest priority first, until it returns true.
    @inline(__always)
    private func forEachLevel(_ a: Int32, _ b: Int32, _ body: (Double, Double) -> Bool) {
        costs.withUnsafeBufferPointer { costs in
            priorities.withUnsafeBufferPointer { priorities in
                var i = a
                var j = b
                while i >= 0 || j >= 0 {
                    let pa = i >= 0 ? priorities[Int(costs[Int(i)].level)] : -.infinity
                    let pb = j >= 0 ? priorities[Int(costs[Int(j)].level)] : -.infinity
                    var ca = 0.0
                    var cb = 0.0
                    if pa >= pb {
                        ca = costs[Int(i)].value
                        i = costs[Int(i)].next
                    }
                    if pb >= pa {
                        cb = costs[Int(j)].value
                        j = costs[Int(j)].next
                    }
                    if body(ca, cb) { return }
                }
            }
        }
    }

    // MARK: Candidates

    /// Whether `a`'s cost vector is lexicographically below `b`'s (costs within
    /// `Tolerance.zero` of 0 count as 0), the lower id on a tie: a strict total order, so the
    /// heap is the same for the same calls. The keys decide unless they are equal; then the
    /// costs after them do.
    @inline(__always)
    private func isBetter(_ a: Candidate, than b: Candidate) -> Bool {
        if a.priority != b.priority { return a.priority > b.priority ? a.value < 0 : b.value > 0 }
        if a.value != b.value { return a.value < b.value }
        if a.rest >= 0 || b.rest >= 0, let below = isBelowAfterKey(a, b) { return below }
        return a.symbol < b.symbol
    }

    /// Whether the costs after `a`'s key are lexicographically below those after `b`'s, nil
    /// when they are equal.
    @inline(__always)
    private func isBelowAfterKey(_ a: Candidate, _ b: Candidate) -> Bool? {
        var result: Bool?
        forEachLevel(a.rest, b.rest) { ca, cb in
            let sa = Self.significant(ca)
            let sb = Self.significant(cb)
            if sa != sb { result = sa < sb }
            return result != nil
        }
        return result
    }

    @inline(__always)
    private static func significant(_ cost: Double) -> Double { abs(cost) <= Tolerance.zero ? 0 : cost }

    /// Puts `symbol` where its (changed) costs belong: in the heap if they are negative, out of
    /// it otherwise (the heap then holds only candidates, and stays as shallow as they are few).
    @inline(__always)
    mutating func noteChanged(_ symbol: Int) {
        let entry = candidate(symbol)
        let position = symbols[symbol].slot
        if position >= 0 {
            if entry.value < 0 {
                withHeap { order, heap, symbols in
                    heap[position] = entry
                    order.siftUp(position, heap, symbols)
                    order.siftDown(symbols[symbol].slot, heap, symbols)
                }
            } else {
                remove(at: position)
            }
        } else if entry.value < 0 {
            heap.append(entry)
            symbols[symbol].slot = heap.count - 1
            siftUp(heap.count - 1)
        }
    }

    /// The candidate with the lexicographically most negative costs (Dantzig's rule), taken out;
    /// nil when none is negative. It may be basic or unable to enter: the caller skips it.
    mutating func popBest() -> Int? {
        guard let top = heap.first, top.value < 0 else { return nil }
        remove(at: 0)
        return Int(top.symbol)
    }

    /// The lowest-id candidate with negative costs (Bland's rule), taken out; nil when none is.
    mutating func popLowest() -> Int? {
        var best = -1
        for entry in heap where (best < 0 || entry.symbol < best) && entry.value < 0 { best = Int(entry.symbol) }
        guard best >= 0 else { return nil }
        remove(at: symbols[best].slot)
        return best
    }

    /// Takes the entry at `position` out. The hole it leaves goes down to a leaf along the better
    /// children, one comparison a level, and the heap's last entry fills it and rises to its
    /// place (Floyd's deletion): that entry, from the bottom, most often belongs near the bottom
    /// again, which sifting it down from the hole reached with two comparisons a level.
    private mutating func remove(at position: Int) {
        symbols[Int(heap[position].symbol)].slot = -1
        let last = heap.removeLast()
        guard position < heap.count else { return }
        withHeap { order, heap, symbols in
            var hole = position
            while let child = order.betterChild(of: hole, in: heap) {
                Self.place(heap[child], at: hole, heap, symbols)
                hole = child
            }
            Self.place(last, at: hole, heap, symbols)
            order.siftUp(hole, heap, symbols)
        }
    }

    /// Moves the entry at `start` up past every parent it is better than.
    private mutating func siftUp(_ start: Int) {
        withHeap { order, heap, symbols in order.siftUp(start, heap, symbols) }
    }

    /// Runs `body` on the buffers of the heap and of the symbol table, both moved out of the
    /// objective for the call, and the objective, which compares entries (`isBetter`): a sift
    /// then reads and writes entries with no bounds check, nor a check for sharing at each move.
    @inline(__always)
    private mutating func withHeap(
        _ body: (Objective, UnsafeMutableBufferPointer<Candidate>, UnsafeMutableBufferPointer<SymbolState>) -> Void
    ) {
        var heap = self.heap
        var symbols = self.symbols
        self.heap = []
        self.symbols = []
        heap.withUnsafeMutableBufferPointer { heap in
            symbols.withUnsafeMutableBufferPointer { symbols in body(self, heap, symbols) }
        }
        self.heap = heap
        self.symbols = symbols
    }

    /// `siftUp(_:)` on the buffers (see `withHeap`).
    @inline(__always)
    private func siftUp(
        _ start: Int, _ heap: UnsafeMutableBufferPointer<Candidate>, _ symbols: UnsafeMutableBufferPointer<SymbolState>
    ) {
        let moving = heap[start]
        var child = start
        while child > 0 {
            // Positions are below the heap's count: no overflow to check.
            let parent = (child &- 1) &>> 1
            guard isBetter(moving, than: heap[parent]) else { break }
            Self.place(heap[parent], at: child, heap, symbols)
            child = parent
        }
        if child != start { Self.place(moving, at: child, heap, symbols) }
    }

    /// Moves the entry at `start` down past every better child, the better of two first (on the
    /// buffers, see `withHeap`).
    @inline(__always)
    private func siftDown(
        _ start: Int, _ heap: UnsafeMutableBufferPointer<Candidate>, _ symbols: UnsafeMutableBufferPointer<SymbolState>
    ) {
        let moving = heap[start]
        var parent = start
        while let child = betterChild(of: parent, in: heap), isBetter(heap[child], than: moving) {
            Self.place(heap[child], at: parent, heap, symbols)
            parent = child
        }
        if parent != start { Self.place(moving, at: parent, heap, symbols) }
    }

    /// The better of the children of the entry at `parent`, nil for a leaf.
    @inline(__always)
    private func betterChild(of parent: Int, in heap: UnsafeMutableBufferPointer<Candidate>) -> Int? {
        // Positions are below the heap's count: no overflow to check.
        let left = 2 &* parent &+ 1
        guard left < heap.count else { return nil }
        let right = left &+ 1
        return right < heap.count && isBetter(heap[right], than: heap[left]) ? right : left
    }

    /// Writes `entry` at `position` of the heap, and notes where its symbol is.
    @inline(__always)
    private static func place(
        _ entry: Candidate, at position: Int, _ heap: UnsafeMutableBufferPointer<Candidate>,
        _ symbols: UnsafeMutableBufferPointer<SymbolState>
    ) {
        heap[position] = entry
        symbols[Int(entry.symbol)].slot = position
    }
}
