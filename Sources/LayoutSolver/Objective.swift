/// The lexicographic objective: one dense row of reduced costs per distinct priority present,
/// highest priority first. A cost vector is compared level by level, so any amount at a higher
/// level outweighs every amount below it. Basic symbols always have all-zero costs.
struct Objective: Sendable {
    /// The priority of each level, strictly descending.
    private(set) var priorities: [Double] = []
    /// `costs[level][symbol]`: the reduced cost of a parametric symbol at that level.
    private(set) var costs: [[Double]] = []
    private var symbolCount = 0

    /// Parametric symbols whose cost vector changed since they were last examined: every symbol
    /// whose vector is lexicographically negative is in here, so an optimisation never scans
    /// the objective. Popped lowest id first (Bland's rule).
    var candidates = SymbolHeap()

    var levelCount: Int { priorities.count }

    /// Makes room for one more symbol (with zero cost at every level).
    mutating func appendSymbol() {
        for level in costs.indices { costs[level].append(0) }
        symbolCount += 1
        candidates.appendSymbol()
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
        candidates.insert(symbol)
    }

    /// Adds `factor · row` (its symbols' coefficients) to the costs at `level`.
    mutating func addCost(_ factor: Double, of row: Row, level: Int) {
        for i in row.symbols.indices {
            let symbol = row.symbols[i]
            costs[level][symbol] = Tolerance.sum(costs[level][symbol], factor * row.coefficients[i])
            candidates.insert(symbol)
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
    }

    /// Drops every cost of `symbol` (an artificial symbol leaving the problem).
    mutating func clear(_ symbol: Int) {
        for level in costs.indices { costs[level][symbol] = 0 }
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
}

/// A min-heap of symbol ids without duplicates.
struct SymbolHeap: Sendable {
    private var heap: [Int] = []
    private var present: [Bool] = []

    mutating func appendSymbol() { present.append(false) }

    mutating func insert(_ symbol: Int) {
        if present[symbol] { return }
        present[symbol] = true
        heap.append(symbol)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            if heap[parent] <= heap[child] { break }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    mutating func popMin() -> Int? {
        guard let top = heap.first else { return nil }
        present[top] = false
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                if left >= heap.count { break }
                let right = left + 1
                let child = right < heap.count && heap[right] < heap[left] ? right : left
                if heap[parent] <= heap[child] { break }
                heap.swapAt(parent, child)
                parent = child
            }
        }
        return top
    }
}
