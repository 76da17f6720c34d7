/// The terms of every constraint's expression, back to back in two parallel arrays; a record
/// names its range.
///
/// One store for all records instead of two arrays per record: adding a constraint leaves no
/// allocation of its own behind, copying a record retains nothing, tearing the solver down
/// frees two blocks, and the terms of constraints added together sit together in memory.
/// Ranges are never reused: a removed constraint's terms stay where they are.
struct TermPool: Sendable {
    /// Variable indices; ascending within each expression.
    private(set) var variables: [Int] = []
    private(set) var coefficients: [Double] = []

    /// Terms stored so far; the next expression starts here.
    var count: Int { variables.count }

    mutating func reserveCapacity(_ terms: Int) {
        variables.reserveCapacity(terms)
        coefficients.reserveCapacity(terms)
    }

    /// The expression of `terms` (a range this pool returned) with `constant`. The slices share
    /// the pool's storage; they must not be held across an append, which would then copy it.
    func expression(_ terms: Range<Int>, constant: Double) -> NormalizedExpression {
        NormalizedExpression(variables: variables[terms], coefficients: coefficients[terms],
                             constant: constant, magnitude: abs(constant))
    }

    /// Appends `expression`'s terms normalised: duplicate variables summed, coefficients that
    /// cancel dropped, variables ascending. Rejects non-finite numbers and variables that
    /// `variableCount` says the solver never made, leaving the pool as it was.
    mutating func append(normalizing expression: LinearExpression, variableCount: Int) throws(SolverError) -> Range<Int> {
        guard expression.constant.isFinite else {
            throw .invalidValue("constant \(expression.constant) is not finite")
        }
        var terms = expression.terms
        var sorted = true
        for i in terms.indices {
            guard terms[i].coefficient.isFinite else {
                throw .invalidValue("coefficient \(terms[i].coefficient) of variable \(terms[i].variable.index) is not finite")
            }
            guard terms[i].variable.index >= 0, terms[i].variable.index < variableCount else {
                throw .invalidValue("variable \(terms[i].variable.index) was not made by this solver")
            }
            if i > 0, terms[i].variable.index < terms[i - 1].variable.index { sorted = false }
        }
        // Long expressions out of order (a position deep in the hierarchy, its origins listed
        // child to ancestor) are sorted first, stably, so repeats still sum in their order.
        if !sorted, terms.count > 16 {
            terms = terms.enumerated().sorted {
                ($0.element.variable.index, $0.offset) < ($1.element.variable.index, $1.offset)
            }.map(\.element)
        }
        let start = count
        for term in terms {
            let variable = term.variable.index
            // Insertion from the end: expressions are short and nearly sorted.
            var at = count
            while at > start && variables[at - 1] > variable { at -= 1 }
            if at > start && variables[at - 1] == variable {
                let sum = coefficients[at - 1] + term.coefficient
                guard sum.isFinite else {
                    removeLast(from: start)
                    throw .invalidValue("coefficients of variable \(variable) sum to a non-finite value")
                }
                coefficients[at - 1] = Tolerance.cancels(sum, scale: max(abs(coefficients[at - 1]), abs(term.coefficient))) ? 0 : sum
            } else {
                // Appended and moved down to its place: cheaper than `insert(_:at:)` for the
                // place or two a short expression's terms are out of order.
                variables.append(variable)
                coefficients.append(term.coefficient)
                var i = count - 1
                while i > at {
                    variables.swapAt(i, i - 1)
                    coefficients.swapAt(i, i - 1)
                    i -= 1
                }
            }
        }
        var kept = start
        for i in start..<count where coefficients[i] != 0 {
            variables[kept] = variables[i]
            coefficients[kept] = coefficients[i]
            kept += 1
        }
        if kept < count { removeLast(from: kept) }
        return start..<kept
    }

    /// Appends the one-term expression `coefficient · variable`.
    mutating func append(_ coefficient: Double, _ variable: Int) -> Range<Int> {
        variables.append(variable)
        coefficients.append(coefficient)
        return count - 1..<count
    }

    /// Drops the terms from `start` on: the last expressions appended, when their constraint did
    /// not get in.
    mutating func removeLast(from start: Int) {
        variables.removeLast(variables.count - start)
        coefficients.removeLast(coefficients.count - start)
    }
}
