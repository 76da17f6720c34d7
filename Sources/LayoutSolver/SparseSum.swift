/// A sum of terms over dense keys (variables or symbols), for building one expression out of
/// many: each key's coefficient and its largest addend, so that a coefficient that cancels to
/// rounding noise is dropped at the end. The storage is kept from one sum to the next.
struct SparseSum: Sendable {
    /// key → its term's position, -1 for every key outside the current sum.
    private var slot: [Int] = []
    private var keys: [Int] = []
    private var coefficients: [Double] = []
    /// term → the largest |addend| summed into it.
    private var scales: [Double] = []

    /// Adds `amount · key`.
    mutating func add(_ key: Int, _ amount: Double) {
        if key >= slot.count { slot += [Int](repeating: -1, count: key + 1 - slot.count) }
        let term = slot[key]
        if term >= 0 {
            coefficients[term] += amount
            scales[term] = max(scales[term], abs(amount))
        } else {
            slot[key] = keys.count
            keys.append(key)
            coefficients.append(amount)
            scales.append(abs(amount))
        }
    }

    /// Takes `key`'s term out of the sum (it is being replaced) and returns its coefficient;
    /// nil when the sum has no such term.
    mutating func take(_ key: Int) -> Double? {
        guard key < slot.count, slot[key] >= 0 else { return nil }
        let term = slot[key]
        let coefficient = coefficients[term]
        coefficients[term] = 0
        scales[term] = .infinity
        return coefficient
    }

    /// The terms that do not cancel, keys ascending; the sum is empty afterwards.
    mutating func drain() -> (keys: [Int], coefficients: [Double]) {
        var kept: [Int] = []
        kept.reserveCapacity(keys.count)
        for term in keys.indices {
            slot[keys[term]] = -1
            if !Tolerance.cancels(coefficients[term], scale: scales[term]) { kept.append(term) }
        }
        kept.sort { keys[$0] < keys[$1] }
        let result = (kept.map { keys[$0] }, kept.map { coefficients[$0] })
        keys.removeAll(keepingCapacity: true)
        coefficients.removeAll(keepingCapacity: true)
        scales.removeAll(keepingCapacity: true)
        return result
    }
}
