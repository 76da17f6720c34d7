/// Ambiguity: which variables could move at the optimum without worsening any level.
///
/// A parametric symbol whose cost vector is zero at every level, and that some feasible step
/// away from 0 does not block (no restricted row reaches its bound at step 0), moves the
/// optimum along a face of equal cost: it and every external basic symbol whose row depends on
/// it are ambiguous. A variable in no constraint is ambiguous; a defined variable is ambiguous
/// when a variable of its definition is.
///
/// Known limits: at a degenerate vertex a direction blocked at step 0 may still be open after
/// a pivot, so some ambiguity can go unreported (never the reverse: a reported variable really
/// moves); a defined variable whose ambiguous inputs cancel out is reported although it is fixed.
extension Solver {
    /// The variables not uniquely determined by the optimum, ascending. Valid after `solve()`.
    public func ambiguousVariables() -> [Variable] {
        let t = tableau
        var ambiguous = [Bool](repeating: false, count: variableCount)
        for variable in 0..<variableCount {
            let symbol = variable < t.variableSymbol.count ? t.variableSymbol[variable] : -1
            if symbol < 0 { ambiguous[variable] = true }
        }
        for symbol in 0..<t.symbolCount where t.basicRow[symbol] < 0 {
            let kind = t.kinds[symbol]
            guard kind == .external || kind.canEnter, t.objective.sign(of: symbol) == 0 else { continue }
            guard t.canMove(symbol, by: 1) || (kind == .external && t.canMove(symbol, by: -1)) else { continue }
            if kind == .external { ambiguous[t.symbolVariable[symbol]] = true }
            for index in t.columns[symbol] {
                let basic = t.rowBasic[index]
                if basic >= 0, t.kinds[basic] == .external,
                   abs(t.rows[index].coefficient(of: symbol)) > Tolerance.zero {
                    ambiguous[t.symbolVariable[basic]] = true
                }
            }
        }
        for record in records {
            guard case .definition(let subject) = record.placement else { continue }
            ambiguous[subject] = record.expression.variables.contains { $0 != subject && ambiguous[$0] }
        }
        return ambiguous.indices.filter { ambiguous[$0] }.map { Variable(index: $0) }
    }
}

extension Tableau {
    /// Whether parametric `symbol` can take a positive step in `direction` (±1) before any
    /// restricted basic symbol leaves its bound.
    func canMove(_ symbol: Int, by direction: Double) -> Bool {
        for index in columns[symbol] {
            let basic = rowBasic[index]
            guard basic >= 0, kinds[basic].isRestricted else { continue }
            let a = rows[index].coefficient(of: symbol) * direction
            if kinds[basic] == .dummy, abs(a) > Tolerance.zero { return false }
            if a < -Tolerance.zero, rows[index].constant / -a <= Tolerance.feasibility { return false }
        }
        return true
    }
}
