/// An unknown of the layout problem. Variables are dense, 0-based, and made by ``Solver/makeVariable()`` and ``Solver/makeVariables(count:)``.
public struct Variable: Hashable, Comparable, Sendable {
    /// The variable's position in the order of creation.
    public let index: Int

    init(index: Int) { self.index = index }

    public static func < (lhs: Variable, rhs: Variable) -> Bool { lhs.index < rhs.index }
}

/// Variables step by index, so the variables `makeVariables(count:)` makes are a range.
extension Variable: Strideable {
    public func distance(to other: Variable) -> Int { other.index - index }

    public func advanced(by n: Int) -> Variable { Variable(index: index + n) }
}

/// `coefficient · variable`.
public struct Term: Hashable, Sendable {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// `Σ terms + constant`. Terms naming the same variable are summed when the expression is used.
public struct LinearExpression: Hashable, Sendable {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }
}

/// How an expression compares with zero: a constraint reads `expression REL 0`.
public enum Relation: Hashable, Sendable {
    case equal, lessThanOrEqual, greaterThanOrEqual
}

/// Names a constraint of one solver. Handles are dense and given in the order of successful adds.
public struct ConstraintHandle: Hashable, Comparable, Sendable {
    /// The constraint's position in the order of successful adds.
    public let index: Int

    @usableFromInline init(index: Int) { self.index = index }

    public static func < (lhs: ConstraintHandle, rhs: ConstraintHandle) -> Bool { lhs.index < rhs.index }
}

/// A validated expression: variable indices ascending, no duplicates, no zero coefficients.
/// The terms are slices with the same indices: of a record's range in the solver's
/// `TermPool`, or of arrays of their own (an expression with definitions inlined).
struct NormalizedExpression: Sendable {
    var variables: ArraySlice<Int>
    var coefficients: ArraySlice<Double>
    var constant: Double
    /// The largest magnitude summed into `constant` (definitions inlined into it add theirs):
    /// what its rounding error is measured against.
    var magnitude: Double
}

extension NormalizedExpression {
    /// Whether `self relation 0`, evaluated with each variable at `value`, misses by more than
    /// `Tolerance.precision` moves of its variables could make up (see `Tolerance.precision`).
    func missesBeyondPrecision(_ relation: Relation, at value: (Int) -> Double) -> Bool {
        variables.withUnsafeBufferPointer { variables in
            coefficients.withUnsafeBufferPointer { coefficients in
                Tolerance.misses(relation, constant: constant, variables: variables, coefficients: coefficients, at: value)
            }
        }
    }
}

extension Tolerance {
    /// Whether `constant + Σ coefficients[i]·value(variables[i])  relation  0` misses by more
    /// than `Tolerance.precision` moves of its variables could make up (see `precision`).
    @inline(__always)
    static func misses(
        _ relation: Relation, constant: Double, variables: UnsafeBufferPointer<Int>,
        coefficients: UnsafeBufferPointer<Double>, at value: (Int) -> Double
    ) -> Bool {
        var sum = constant
        var reach = 0.0
        for i in variables.indices {
            let v = value(variables[i])
            sum += coefficients[i] * v
            reach += abs(coefficients[i]) * max(1, abs(v))
        }
        let miss: Double
        switch relation {
        case .equal: miss = abs(sum)
        case .lessThanOrEqual: miss = sum
        case .greaterThanOrEqual: miss = -sum
        }
        return !(miss <= precision * max(reach, abs(constant)))
    }
}

/// The numeric tolerances of the engine, in one place.
enum Tolerance {
    /// A sum whose magnitude is at most this fraction of its largest addend is treated as exact cancellation.
    static let relative = 1e-10
    /// Pivot elements and reduced costs at most this large are treated as zero.
    static let zero = 1e-11
    /// A new row's subject, or a definition's, needs a coefficient at least this fraction of the
    /// largest one it could have had (threshold pivoting, as in sparse LU).
    static let pivotRatio = 0.1
    /// A pivot element smaller than this fraction of its row's largest coefficient is taken for
    /// cancellation noise and not pivoted on.
    static let pivotNoise = 1e-9
    /// Row constants within this distance of a bound are treated as on it.
    static let feasibility = 1e-8
    /// A new required constraint whose row cannot be brought closer to holding than this fraction
    /// of the magnitudes summed into it (its constant, and the largest number each row it is
    /// built from was computed through, whose rounding that row carries: `Row.magnitude`)
    /// conflicts. Rounding leaves about 1e-16 of them per operation; a looser bound would pass
    /// real conflicts (a miss of 0.25 against magnitudes of 1e8) as rounding. A bound measured
    /// against the whole tableau's peak instead passed a conflict of 0.001 in a row of values
    /// near 1 because another row had held 3.3e8.
    static let consistency = 1e-11
    /// A required equality implied by the rows (its row reduced to a constant) whose constant is
    /// at most this fraction of what the row was computed through holds up to rounding, however
    /// small its own numbers (the implied equalities of the tests leave 1.3e-16 of it at most,
    /// the real conflicts among them 1e-12 and more). Between this and `consistency` the
    /// equality as given decides: it conflicts if it misses the precision contract at the
    /// current values (`Tableau.insert`; a real miss of 1.7e-4 was 2.3e-12 of a row computed
    /// through a definition at 7e7).
    static let rounding = 1e-13
    /// A solved required constraint `c + Σ aᵢ·vᵢ` may miss by this fraction of
    /// `max(|c|, Σ |aᵢ|·max(1, |vᵢ|))`: it would hold if each value moved by a millionth of itself
    /// (a millionth of a point below 1). Beyond it the solve throws `.imprecise`.
    static let precision = 1e-6

    /// Whether `value`, the result of summing terms of magnitude up to `scale`, is cancellation noise.
    @inline(__always)
    static func cancels(_ value: Double, scale: Double) -> Bool {
        abs(value) <= relative * scale || abs(value) < 1e-300
    }
}
