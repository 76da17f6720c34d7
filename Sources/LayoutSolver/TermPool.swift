/// The terms of every constraint's expression, back to back in two parallel arrays; a record
/// names its range.
///
/// One store for all records instead of two arrays per record: adding a constraint leaves no
/// allocation of its own behind, copying a record retains nothing, tearing the solver down
/// frees two blocks, and the terms of constraints added together sit together in memory.
/// Ranges are never reused: a removed constraint's terms stay where they are.
///
/// The arrays are longer than the terms stored: the rest is room, grown geometrically and
/// written through the storage's buffers, so that an expression is stored with one check for
/// sharing per array, not one per term and array.
struct TermPool: Sendable {
    /// Variable indices; ascending within each expression. Only the first `count` are terms.
    private(set) var variables: [Int] = []
    private(set) var coefficients: [Double] = []

    /// Terms stored so far; the next expression starts here.
    private(set) var count = 0

    init() {}

    /// Takes the storage of `old` into this pool, which is new (see `Solver.reset(budget:)`).
    mutating func takeStorage(of old: inout TermPool) {
        moveEmptied(&old.variables, to: &variables)
        moveEmptied(&old.coefficients, to: &coefficients)
    }

    var storageBytes: Int { variables.capacityBytes + coefficients.capacityBytes }

    mutating func reserveCapacity(_ terms: Int) {
        reserve(more: terms - count)
    }

    /// Makes the arrays hold `more` terms beyond `count`.
    private mutating func reserve(more: Int) {
        guard count + more > variables.count else { return }
        let grown = max(count + more, 2 * variables.count) - variables.count
        variables.append(contentsOf: repeatElement(0, count: grown))
        coefficients.append(contentsOf: repeatElement(0, count: grown))
    }

    /// The expression of `terms` (a range this pool returned) with `constant`. The slices share
    /// the pool's storage; they must not be held across an append, which would then copy it.
    func expression(_ terms: Range<Int>, constant: Double) -> NormalizedExpression {
        NormalizedExpression(variables: variables[terms], coefficients: coefficients[terms],
                             constant: constant, magnitude: abs(constant))
    }

    /// Appends the terms of `Σ terms + constant` normalised: duplicate variables summed,
    /// coefficients that cancel dropped, variables ascending. Rejects non-finite numbers and
    /// variables that `variableCount` says the solver never made, leaving the pool as it was.
    mutating func append(
        normalizing terms: UnsafeBufferPointer<Term>, constant: Double, variableCount: Int
    ) throws(SolverError) -> Range<Int> {
        guard constant.isFinite else {
            throw .invalidValue("constant \(constant) is not finite")
        }
        reserve(more: terms.count)
        let start = count
        // Checked as they are copied, in one pass: a rejected expression leaves `count` as it
        // was, and what it copied is room again. nil: long and out of order (see below).
        let normal: Result<Int?, SolverError> = variables.withUnsafeMutableBufferPointer { keys in
            coefficients.withUnsafeMutableBufferPointer { values in
                var sorted = true
                var plain = true
                for i in terms.indices {
                    let (variable, coefficient) = (terms[i].variable.index, terms[i].coefficient)
                    guard coefficient.isFinite else {
                        return .failure(.invalidValue("coefficient \(coefficient) of variable \(variable) is not finite"))
                    }
                    guard variable >= 0, variable < variableCount else {
                        return .failure(.invalidValue("variable \(variable) was not made by this solver"))
                    }
                    if coefficient == 0 { plain = false }
                    if i > 0, variable <= keys[start + i - 1] {
                        plain = false
                        if variable < keys[start + i - 1] { sorted = false }
                    }
                    keys[start + i] = variable
                    values[start + i] = coefficient
                }
                if !sorted, terms.count > 16 { return .success(nil) }
                // Most expressions are already normal: variables strictly ascending, no zero
                // coefficient.
                guard !plain else { return .success(start + terms.count) }
                return Self.normalize(keys: keys, values: values, from: start, to: start + terms.count).map { $0 }
            }
        }
        guard let end = try normal.get() else {
            // Long expressions out of order (a position deep in the hierarchy, its origins listed
            // child to ancestor) are sorted first, stably, so repeats still sum in their order.
            let ordered = terms.enumerated().sorted {
                ($0.element.variable.index, $0.offset) < ($1.element.variable.index, $1.offset)
            }.map(\.element)
            return try ordered.withUnsafeBufferPointer { (ordered) throws(SolverError) in
                try append(normalizing: ordered, constant: constant, variableCount: variableCount)
            }
        }
        count = end
        return start..<end
    }

    /// Normalises the terms in `start..<stop`, in place, taking them in order: each is inserted
    /// from the end into the normal terms before it (expressions are short and nearly sorted),
    /// or summed into the one of its variable; then the zero ones are dropped. Returns where the
    /// normal terms end.
    private static func normalize(
        keys: UnsafeMutableBufferPointer<Int>, values: UnsafeMutableBufferPointer<Double>, from start: Int, to stop: Int
    ) -> Result<Int, SolverError> {
        var end = start
        for next in start..<stop {
            let (variable, coefficient) = (keys[next], values[next])
            var at = end
            while at > start && keys[at - 1] > variable { at -= 1 }
            if at > start && keys[at - 1] == variable {
                let sum = values[at - 1] + coefficient
                guard sum.isFinite else {
                    return .failure(.invalidValue("coefficients of variable \(variable) sum to a non-finite value"))
                }
                values[at - 1] = Tolerance.cancels(sum, scale: max(abs(values[at - 1]), abs(coefficient))) ? 0 : sum
            } else {
                // Moved up one place to make room (`end` ≤ `next`: the term was read first).
                var i = end
                while i > at {
                    keys[i] = keys[i - 1]
                    values[i] = values[i - 1]
                    i -= 1
                }
                keys[at] = variable
                values[at] = coefficient
                end += 1
            }
        }
        var kept = start
        for i in start..<end where values[i] != 0 {
            keys[kept] = keys[i]
            values[kept] = values[i]
            kept += 1
        }
        return .success(kept)
    }

    /// Adds `amount` to `counts[v]` for the variable `v` of each term in `terms` (a range this
    /// pool returned; `counts` covers every variable): through the storages' buffers, so the
    /// counts are checked for sharing once, not at each term, and no slice is retained.
    func count(_ terms: Range<Int>, into counts: inout [Int], adding amount: Int) {
        variables.withUnsafeBufferPointer { variables in
            counts.withUnsafeMutableBufferPointer { counts in
                for i in terms { counts[variables[i]] += amount }
            }
        }
    }

    /// Appends the one-term expression `coefficient · variable`.
    mutating func append(_ coefficient: Double, _ variable: Int) -> Range<Int> {
        reserve(more: 1)
        variables[count] = variable
        coefficients[count] = coefficient
        count += 1
        return count - 1..<count
    }

    /// Drops the terms from `start` on: the last expressions appended, when their constraint did
    /// not get in.
    mutating func removeLast(from start: Int) {
        count = start
    }
}
