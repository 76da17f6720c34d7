/// A sum of terms over dense keys (variables or symbols), for building one expression out of
/// many: each key's coefficient and its largest addend, so that a coefficient that cancels to
/// rounding noise is dropped at the end. The storage is kept from one sum to the next.
struct SparseSum: Sendable {
    private struct Term: Sendable {
        var key: Int
        var coefficient: Double
        /// The largest |addend| summed into it.
        var scale: Double
    }

    /// key → its term's position, -1 for every key outside the current sum.
    private var slot: [Int] = []
    /// The terms in the order their keys first came; only the first `count` are in the sum.
    private var terms: [Term] = []
    private var count = 0

    init() {}

    /// Takes the storage of `old` into this sum, which is new (see `Solver.reset(budget:)`).
    mutating func takeStorage(of old: inout SparseSum) {
        moveEmptied(&old.slot, to: &slot)
        moveEmptied(&old.terms, to: &terms)
    }

    var storageBytes: Int { slot.capacityBytes + terms.capacityBytes }

    /// Makes `slot` cover `key`, and `terms` hold `more` terms beyond `count`.
    private mutating func reserve(key: Int, more: Int) {
        if key >= slot.count {
            // Keys keep rising as symbols are made: grow geometrically, not to each new key.
            slot.append(contentsOf: repeatElement(-1, count: max(key + 1, 2 * slot.count) - slot.count))
        }
        if count + more > terms.count {
            terms.append(contentsOf: repeatElement(
                Term(key: -1, coefficient: 0, scale: 0), count: max(count + more, 2 * terms.count) - terms.count))
        }
    }

    /// Makes room for keys below `keys` and for `terms` terms, so that a sum of known reach does
    /// not grow its storage step by step on its first uses.
    mutating func reserveCapacity(keys: Int, terms: Int) {
        reserve(key: keys - 1, more: terms)
    }

    /// Adds `amount · key`.
    mutating func add(_ key: Int, _ amount: Double) {
        reserve(key: key, more: 1)
        withBuffers { slot, terms, count in Self.accumulate(key, amount, slot, terms, &count) }
    }

    /// Adds `factor` times each of `rowTerms` (symbols ascending: a row's terms), through the
    /// storage's buffers: the hot loop of refreshing and building long rows.
    mutating func add(_ factor: Double, _ rowTerms: UnsafeBufferPointer<Row.Term>) {
        guard let largest = rowTerms.last?.symbol else { return }
        reserve(key: largest, more: rowTerms.count)
        withBuffers { slot, terms, count in
            for term in rowTerms { Self.accumulate(term.symbol, factor * term.coefficient, slot, terms, &count) }
        }
    }

    /// Runs `body` on the storage's buffers (no per-term uniqueness or capacity checks); the
    /// storage must already hold what `body` writes (`reserve`).
    private mutating func withBuffers(
        _ body: (UnsafeMutableBufferPointer<Int>, UnsafeMutableBufferPointer<Term>, inout Int) -> Void
    ) {
        var slot = self.slot
        var terms = self.terms
        self.slot = []
        self.terms = []
        var count = self.count
        slot.withUnsafeMutableBufferPointer { slot in
            terms.withUnsafeMutableBufferPointer { terms in body(slot, terms, &count) }
        }
        self.slot = slot
        self.terms = terms
        self.count = count
    }

    /// Adds `amount · key` to the term of `key`, made if absent.
    @inline(__always)
    private static func accumulate(
        _ key: Int, _ amount: Double, _ slot: UnsafeMutableBufferPointer<Int>,
        _ terms: UnsafeMutableBufferPointer<Term>, _ count: inout Int
    ) {
        let term = slot[key]
        if term >= 0 {
            terms[term].coefficient += amount
            terms[term].scale = max(terms[term].scale, abs(amount))
        } else {
            slot[key] = count
            terms[count] = Term(key: key, coefficient: amount, scale: abs(amount))
            count += 1
        }
    }

    /// Takes `key`'s term out of the sum (it is being replaced) and returns its coefficient;
    /// nil when the sum has no such term.
    mutating func take(_ key: Int) -> Double? {
        guard key < slot.count, slot[key] >= 0 else { return nil }
        let term = slot[key]
        let coefficient = terms[term].coefficient
        terms[term].coefficient = 0
        terms[term].scale = .infinity
        return coefficient
    }

    /// Writes the terms that do not cancel over `out` (its storage reused, grown only if they do
    /// not fit), symbols ascending; the sum is empty afterwards.
    mutating func drain(into out: inout [Row.Term]) {
        out.removeAll(keepingCapacity: true)
        drainAscending { out.reserveCapacity($0) } _: { out.append(Row.Term(symbol: $0, coefficient: $1)) }
    }

    /// Writes the terms that do not cancel over `outKeys` and `outCoefficients` (their storage
    /// reused), keys ascending; the sum is empty afterwards.
    mutating func drain(into outKeys: inout [Int], _ outCoefficients: inout [Double]) {
        outKeys.removeAll(keepingCapacity: true)
        outCoefficients.removeAll(keepingCapacity: true)
        drainAscending {
            outKeys.reserveCapacity($0)
            outCoefficients.reserveCapacity($0)
        } _: {
            outKeys.append($0)
            outCoefficients.append($1)
        }
    }

    /// Hands `emit` each term that does not cancel, keys ascending, and empties the sum. The
    /// terms that cancel are dropped first and only the rest are sorted (in place: keys are
    /// distinct), not at all when they came in order; all of it through the storage's buffers.
    /// The rows summed to refresh a stale row share most of their symbols, which cancel: sorting
    /// every term the sum had met was most of the sort. `reserve` is told how many terms
    /// `emit` will be handed, before the first.
    @inline(__always)
    private mutating func drainAscending(_ reserve: (Int) -> Void, _ emit: (Int, Double) -> Void) {
        withBuffers { slot, terms, count in
            let n = count
            count = 0
            var kept = 0
            var ascending = true
            var last = Int.min
            for i in 0..<n {
                let term = terms[i]
                guard !Tolerance.cancels(term.coefficient, scale: term.scale) else {
                    slot[term.key] = -1
                    continue
                }
                if term.key < last { ascending = false }
                last = term.key
                terms[kept] = term
                kept += 1
            }
            if !ascending {
                var first = UnsafeMutableBufferPointer(rebasing: terms[..<kept])
                first.sort { $0.key < $1.key }
            }
            reserve(kept)
            for term in terms[..<kept] {
                slot[term.key] = -1
                emit(term.key, term.coefficient)
            }
        }
    }
}
