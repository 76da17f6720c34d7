/// The lexicographic objective: one dense row of reduced costs per distinct priority present,
/// highest priority first. A cost vector is compared level by level, so any amount at a higher
/// level outweighs every amount below it. Basic symbols always have all-zero costs.
struct Objective: Sendable {
    /// The priority of each level, strictly descending.
    private(set) var priorities: [Double] = []
    /// `costs[level][symbol]`: the reduced cost of a parametric symbol at that level.
    private(set) var costs: [[Double]] = []
    private var symbolCount = 0

    /// The candidates to enter, as an indexed binary heap, best first (`isBetter`): every symbol
    /// whose cost vector is lexicographically negative is in here, so an optimisation never
    /// scans the objective, and a symbol is re-sifted whenever one of its costs changes.
    private var heap: [Int] = []
    /// symbol → its position in `heap`, or -1.
    private var slot: [Int] = []

    var levelCount: Int { priorities.count }

    /// Makes room for one more symbol (with zero cost at every level).
    mutating func appendSymbol() {
        for level in costs.indices { costs[level].append(0) }
        symbolCount += 1
        slot.append(-1)
    }

    /// The level of `priority`, made if absent.
    mutating func level(for priority: Double) -> Int {
        var index = 0
        while index < priorities.count && priorities[index] > priority { index += 1 }
        if index < priorities.count && priorities[index] == priority { return index }
        priorities.insert(priority, at: index)
        costs.insert([Double](repeating: 0, count: symbolCount), at: index)
        return index
    }

    /// The level of `priority`, if present.
    func existingLevel(for priority: Double) -> Int? {
        priorities.firstIndex(of: priority)
    }

    /// Adds `amount` to the cost of `symbol` at `level`.
    mutating func addCost(_ amount: Double, to symbol: Int, level: Int) {
        costs[level][symbol] = Tolerance.sum(costs[level][symbol], amount)
        noteChanged(symbol)
    }

    /// Adds `factor · row` (its symbols' coefficients) to the costs at `level`.
    mutating func addCost(_ factor: Double, of row: Row, level: Int) {
        for i in row.symbols.indices {
            let symbol = row.symbols[i]
            costs[level][symbol] = Tolerance.sum(costs[level][symbol], factor * row.coefficients[i])
            noteChanged(symbol)
        }
    }

    /// Replaces `symbol`, which became basic with definition `row`, by that definition at every level.
    mutating func substitute(_ symbol: Int, by row: Row) {
        for level in costs.indices {
            let factor = costs[level][symbol]
            if factor != 0 {
                costs[level][symbol] = 0
                addCost(factor, of: row, level: level)
            }
        }
        noteChanged(symbol)
    }

    /// Drops every cost of `symbol` (an artificial symbol leaving the problem).
    mutating func clear(_ symbol: Int) {
        for level in costs.indices { costs[level][symbol] = 0 }
        noteChanged(symbol)
    }

    /// The sign of the first non-negligible component of `symbol`'s cost vector: -1, 0 or 1.
    func sign(of symbol: Int) -> Int {
        for level in costs.indices {
            let c = costs[level][symbol]
            if c < -Tolerance.zero { return -1 }
            if c > Tolerance.zero { return 1 }
        }
        return 0
    }

    /// Whether `costs(a) / ka` is lexicographically below `costs(b) / kb` (`ka`, `kb` > 0).
    func ratio(_ a: Int, _ ka: Double, isBelow b: Int, _ kb: Double) -> Bool? {
        for level in costs.indices {
            let ra = costs[level][a] / ka
            let rb = costs[level][b] / kb
            if ra < rb - Tolerance.zero { return true }
            if ra > rb + Tolerance.zero { return false }
        }
        return nil
    }

    // MARK: Candidates

    /// Whether `a`'s cost vector is lexicographically below `b`'s (costs within
    /// `Tolerance.zero` of 0 count as 0), the lower id on a tie: a strict total order, so the
    /// heap is the same for the same calls.
    private func isBetter(_ a: Int, than b: Int) -> Bool {
        for level in costs.indices {
            let ca = Self.significant(costs[level][a])
            let cb = Self.significant(costs[level][b])
            if ca != cb { return ca < cb }
        }
        return a < b
    }

    @inline(__always)
    private static func significant(_ cost: Double) -> Double { abs(cost) <= Tolerance.zero ? 0 : cost }

    /// Puts `symbol` where its (changed) costs belong: in the heap if they are negative.
    mutating func noteChanged(_ symbol: Int) {
        if slot[symbol] >= 0 {
            siftUp(slot[symbol])
            siftDown(slot[symbol])
        } else if sign(of: symbol) < 0 {
            heap.append(symbol)
            slot[symbol] = heap.count - 1
            siftUp(heap.count - 1)
        }
    }

    /// The candidate with the lexicographically most negative costs (Dantzig's rule), taken out;
    /// nil when none is negative. It may be basic or unable to enter: the caller skips it.
    mutating func popBest() -> Int? {
        guard let top = heap.first, sign(of: top) < 0 else { return nil }
        remove(at: 0)
        return top
    }

    /// The lowest-id candidate with negative costs (Bland's rule), taken out; nil when none is.
    mutating func popLowest() -> Int? {
        var best = -1
        for symbol in heap where (best < 0 || symbol < best) && sign(of: symbol) < 0 { best = symbol }
        guard best >= 0 else { return nil }
        remove(at: slot[best])
        return best
    }

    private mutating func remove(at position: Int) {
        slot[heap[position]] = -1
        let last = heap.removeLast()
        guard position < heap.count else { return }
        heap[position] = last
        slot[last] = position
        siftUp(position)
        siftDown(slot[last])
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard isBetter(heap[child], than: heap[parent]) else { break }
            swapEntries(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { break }
            let right = left + 1
            let child = right < heap.count && isBetter(heap[right], than: heap[left]) ? right : left
            guard isBetter(heap[child], than: heap[parent]) else { break }
            swapEntries(child, parent)
            parent = child
        }
    }

    private mutating func swapEntries(_ i: Int, _ j: Int) {
        heap.swapAt(i, j)
        slot[heap[i]] = i
        slot[heap[j]] = j
    }
}
