/// Ambiguity: which variables could move at the optimum without worsening any level.
///
/// A parametric symbol whose cost vector is zero at every level, and that some feasible step
/// away from 0 does not block (no restricted row reaches its bound at step 0), is a *free
/// direction*: it moves the optimum along a face of equal cost. A variable is ambiguous when it
/// changes along some free direction. Each free direction (and each variable in no constraint)
/// gets a pseudo-random weight; a variable's rate of change along the weighted sum of all free
/// directions is read off its row (through stale rows: see `Tableau.reading`), or, for a defined variable, summed through its definition in
/// definition order (one linear pass, however long the chains). A variable whose rate is not
/// zero is ambiguous; independent random weights make an accidental cancellation between
/// different directions practically impossible, while a real one (a defined variable whose
/// ambiguous inputs sum to a fixed value) is recognised.
///
/// Known limit: at a degenerate vertex a direction blocked at step 0 may still be open after a
/// pivot, so some ambiguity can go unreported (never the reverse: a reported variable really moves).
extension Solver {
    /// The variables not uniquely determined by the optimum, ascending. Valid after `solve()`.
    public func ambiguousVariables() -> [Variable] {
        let t = tableau
        // Made at the first free direction, or once past the guard below: a well-posed layout
        // has none, and stops there without it.
        var weight: [Double] = []
        var freeDirections = 0
        for symbol in 0..<t.symbolCount where t.basicRow[symbol] < 0 {
            let kind = t.kinds[symbol]
            guard kind == .external || kind.canEnter, t.objective.sign(of: symbol) == 0 else { continue }
            guard t.canMove(symbol, by: 1) || (kind == .external && t.canMove(symbol, by: -1)) else { continue }
            if weight.isEmpty { weight = [Double](repeating: 0, count: t.symbolCount) }
            weight[symbol] = Self.directionWeight(symbol)
            freeDirections += 1
        }
        // Without a free direction only a variable in no row and no definition moves (and what
        // is defined through one): a well-posed layout, where every rate would be 0, stops here.
        guard freeDirections > 0 || (0..<variableCount).contains(where: { variable in
            (variable >= t.variableSymbol.count || t.variableSymbol[variable] < 0) && definedBy[variable] < 0
        }) else { return [] }
        if weight.isEmpty { weight = [Double](repeating: 0, count: t.symbolCount) }
        // The rate of change of each variable, and the magnitude of what was summed into it.
        var rate = [Double](repeating: 0, count: variableCount)
        var magnitude = [Double](repeating: 0, count: variableCount)
        // Without a free direction every row's rate is 0 (a well-posed layout): none is read.
        var known = RowReadingTable(rows: freeDirections > 0 ? t.rows.count : 0)
        var stack: [Int] = []
        for variable in 0..<variableCount {
            let symbol = variable < t.variableSymbol.count ? t.variableSymbol[variable] : -1
            if symbol < 0 {
                if definedBy[variable] < 0 {
                    let free = Self.directionWeight(t.symbolCount + variable)
                    (rate[variable], magnitude[variable]) = (free, free)
                }
                continue
            }
            let index = t.basicRow[symbol]
            guard index >= 0 else {
                (rate[variable], magnitude[variable]) = (weight[symbol], weight[symbol])
                continue
            }
            guard freeDirections > 0 else { continue }
            let reading = t.reading(index, constants: false, parametric: weight, known: &known, stack: &stack)
            (rate[variable], magnitude[variable]) = (reading.value, reading.magnitude)
        }
        for handle in definitions {
            let record = records[handle]
            guard case .definition(let subject, _) = record.placement else { continue }
            let expression = terms.expression(record.terms, constant: record.constant)
            guard let own = expression.variables.firstIndex(of: subject) else { continue }
            let scale = 1 / abs(expression.coefficients[own])
            var sum = 0.0
            var size = 0.0
            for i in expression.variables.indices where i != own {
                sum += expression.coefficients[i] * rate[expression.variables[i]]
                size += abs(expression.coefficients[i]) * magnitude[expression.variables[i]]
            }
            rate[subject] = -sum / expression.coefficients[own]
            magnitude[subject] = size * scale
        }
        return rate.indices
            .filter { abs(rate[$0]) > Tolerance.zero + 1e-9 * magnitude[$0] }
            .map { Variable(index: $0) }
    }

    /// A weight in [1, 2) for a free direction, pseudo-random but fixed (results stay deterministic).
    private static func directionWeight(_ symbol: Int) -> Double {
        var z = UInt64(truncatingIfNeeded: symbol) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return 1 + Double(z >> 11) / Double(1 << 53)
    }
}

extension Tableau {
    /// Whether parametric `symbol` can take a positive step in `direction` (±1) before any
    /// restricted basic symbol leaves its bound.
    func canMove(_ symbol: Int, by direction: Double) -> Bool {
        for index in columns.rows(of: symbol) {
            let basic = rowStates[index].basic
            guard basic >= 0, kinds[basic].isRestricted else { continue }
            let a = rows[index].coefficient(of: symbol) * direction
            if kinds[basic] == .dummy, abs(a) > Tolerance.zero { return false }
            if a < -Tolerance.zero, rows[index].constant / -a <= Tolerance.feasibility { return false }
        }
        return true
    }
}
