import LayoutSolver

/// A constraint of the reference model: `Σ coefficients[i]·x_i + constant REL 0` at `priority`.
struct ReferenceConstraint: CustomStringConvertible {
    var coefficients: [Double]
    var constant: Double
    var relation: Relation
    var priority: Double

    var description: String {
        let terms = coefficients.enumerated().filter { $0.element != 0 }.map { "\($0.element)·x\($0.offset)" }
        return "\(terms.joined(separator: " + ")) + \(constant) \(relation) 0 @\(priority)"
    }

    var expression: LinearExpression {
        LinearExpression(
            coefficients.enumerated().filter { $0.element != 0 }.map { Term(Variable.at($0.offset), $0.element) },
            constant: constant)
    }

    /// How far `values` violate this constraint (0 when it holds).
    func violation(_ values: [Double]) -> Double {
        var sum = constant
        for i in coefficients.indices { sum += coefficients[i] * values[i] }
        switch relation {
        case .equal: return abs(sum)
        case .greaterThanOrEqual: return max(0, -sum)
        case .lessThanOrEqual: return max(0, sum)
        }
    }
}

extension Variable {
    /// The variable with this index in a solver whose variables were made in order.
    static func at(_ index: Int) -> Variable {
        var s = Solver()
        var v = s.makeVariable()
        while v.index < index { v = s.makeVariable() }
        return v
    }
}

/// An independent, dense, textbook solver for the same lexicographic problem: standard form
/// with free variables split in two, phase one with one artificial per row, then one primal
/// simplex per priority level (highest first), each level's optimum then capped by a new row.
/// Returns nil when the required constraints cannot all hold, else the variables' values.
func referenceSolve(variableCount n: Int, _ constraints: [ReferenceConstraint]) -> [Double]? {
    let levels = Array(Set(constraints.filter { $0.priority < 1000 }.map(\.priority))).sorted(by: >)
    var columnCount = 2 * n
    var rows: [[Int: Double]] = []
    var rhs: [Double] = []
    var levelColumns = [[Int]](repeating: [], count: levels.count)
    for c in constraints {
        let sign: Double = c.relation == .lessThanOrEqual ? -1 : 1
        var row: [Int: Double] = [:]
        for i in 0..<n where c.coefficients[i] != 0 {
            row[2 * i] = sign * c.coefficients[i]
            row[2 * i + 1] = -sign * c.coefficients[i]
        }
        if c.relation != .equal {
            row[columnCount] = -1
            columnCount += 1
        }
        if c.priority < 1000, let level = levels.firstIndex(of: c.priority) {
            row[columnCount] = 1
            levelColumns[level].append(columnCount)
            columnCount += 1
            if c.relation == .equal {
                row[columnCount] = -1
                levelColumns[level].append(columnCount)
                columnCount += 1
            }
        }
        rows.append(row)
        rhs.append(-sign * c.constant)
    }
    let capSlacks = (0..<levels.count).map { columnCount + $0 }
    columnCount += levels.count
    let m = rows.count
    let artificialStart = columnCount
    let width = columnCount + m + levels.count
    var t = [[Double]](repeating: [Double](repeating: 0, count: width + 1), count: m)
    var basis = [Int](repeating: 0, count: m)
    for i in 0..<m {
        let flip: Double = rhs[i] < 0 ? -1 : 1
        for (j, v) in rows[i] { t[i][j] = flip * v }
        t[i][width] = flip * rhs[i]
        t[i][artificialStart + i] = 1
        basis[i] = artificialStart + i
    }
    let eps = 1e-9
    func isArtificial(_ j: Int) -> Bool { j >= artificialStart && j < artificialStart + m }

    func pivot(_ r: Int, _ j: Int) {
        let p = t[r][j]
        for k in 0...width { t[r][k] /= p }
        for i in t.indices where i != r && t[i][j] != 0 {
            let f = t[i][j]
            for k in 0...width { t[i][k] -= f * t[r][k] }
        }
        basis[r] = j
    }

    func minimize(_ cost: [Double], allowArtificial: Bool) -> Double {
        while true {
            var entering = -1
            for j in 0..<width where !basis.contains(j) && (allowArtificial || !isArtificial(j)) {
                var d = cost[j]
                for i in t.indices { d -= cost[basis[i]] * t[i][j] }
                if d < -eps {
                    entering = j
                    break
                }
            }
            if entering < 0 { break }
            var leave = -1
            var best = Double.infinity
            for i in t.indices {
                let a = t[i][entering]
                let ratio: Double
                if !allowArtificial && isArtificial(basis[i]) && abs(a) > eps {
                    ratio = 0
                } else if a > eps {
                    ratio = max(0, t[i][width]) / a
                } else {
                    continue
                }
                if ratio < best - 1e-12 || (abs(ratio - best) <= 1e-12 && basis[i] < basis[leave]) {
                    best = ratio
                    leave = i
                }
            }
            if leave < 0 { return -.infinity }
            pivot(leave, entering)
        }
        var value = 0.0
        for i in t.indices { value += cost[basis[i]] * t[i][width] }
        return value
    }

    var phaseOne = [Double](repeating: 0, count: width)
    for i in 0..<m { phaseOne[artificialStart + i] = 1 }
    if minimize(phaseOne, allowArtificial: true) > 1e-7 { return nil }

    for (level, columns) in levelColumns.enumerated() {
        var cost = [Double](repeating: 0, count: width)
        for j in columns { cost[j] = 1 }
        let optimum = minimize(cost, allowArtificial: false)
        // Cap the level: Σ columns + slack = optimum + tolerance, written in the current basis.
        var cap = [Double](repeating: 0, count: width + 1)
        for j in columns { cap[j] = 1 }
        cap[capSlacks[level]] = 1
        cap[width] = optimum + 1e-9
        for i in t.indices where cap[basis[i]] != 0 {
            let f = cap[basis[i]]
            for k in 0...width { cap[k] -= f * t[i][k] }
        }
        t.append(cap)
        basis.append(capSlacks[level])
    }
    var z = [Double](repeating: 0, count: width)
    for i in t.indices { z[basis[i]] = t[i][width] }
    return (0..<n).map { z[2 * $0] - z[2 * $0 + 1] }
}

/// A small deterministic generator (SplitMix64) for building random problems from a seed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: Int) { state = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
