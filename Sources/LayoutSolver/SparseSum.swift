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
        if key >= slot.count {
            // Keys keep rising as symbols are made: grow geometrically, not to each new key.
            slot.append(contentsOf: repeatElement(-1, count: max(key + 1, 2 * slot.count) - slot.count))
        }
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

    /// Writes the terms that do not cancel over `outKeys` and `outCoefficients` (their storage
    /// reused), keys ascending; the sum is empty afterwards. Keys are distinct, so they are
    /// sorted as plain integers, and not at all when they were added in order.
    mutating func drain(into outKeys: inout [Int], _ outCoefficients: inout [Double]) {
        outKeys.removeAll(keepingCapacity: true)
        outCoefficients.removeAll(keepingCapacity: true)
        outKeys.reserveCapacity(keys.count)
        var ascending = true
        for term in keys.indices where !Tolerance.cancels(coefficients[term], scale: scales[term]) {
            if let last = outKeys.last, last > keys[term] { ascending = false }
            outKeys.append(keys[term])
        }
        if !ascending { outKeys.sort() }
        outCoefficients.reserveCapacity(outKeys.count)
        for key in outKeys { outCoefficients.append(coefficients[slot[key]]) }
        for key in keys { slot[key] = -1 }
        keys.removeAll(keepingCapacity: true)
        coefficients.removeAll(keepingCapacity: true)
        scales.removeAll(keepingCapacity: true)
    }
}
