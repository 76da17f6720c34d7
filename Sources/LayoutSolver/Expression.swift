/// An unknown of the layout problem. Variables are dense, 0-based, and made by ``Solver/makeVariable()``.
public struct Variable: Hashable, Comparable, Sendable {
    /// The variable's position in the order of creation.
    public let index: Int

    init(index: Int) { self.index = index }

    public static func < (lhs: Variable, rhs: Variable) -> Bool { lhs.index < rhs.index }
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

    init(index: Int) { self.index = index }

    public static func < (lhs: ConstraintHandle, rhs: ConstraintHandle) -> Bool { lhs.index < rhs.index }
}

/// A validated expression: variable indices ascending, no duplicates, no zero coefficients.
struct NormalizedExpression: Sendable {
    var variables: [Int]
    var coefficients: [Double]
    var constant: Double

    /// Sums duplicate variables, drops coefficients that cancel, and rejects non-finite numbers
    /// and variables that `variableCount` says this solver never made.
    init(_ expression: LinearExpression, variableCount: Int) throws(SolverError) {
        guard expression.constant.isFinite else {
            throw .invalidValue("constant \(expression.constant) is not finite")
        }
        if let direct = NormalizedExpression(sortedDistinct: expression, variableCount: variableCount) {
            self = direct
            return
        }
        var pairs: [(Int, Double)] = []
        pairs.reserveCapacity(expression.terms.count)
        for term in expression.terms {
            guard term.coefficient.isFinite else {
                throw .invalidValue("coefficient \(term.coefficient) of variable \(term.variable.index) is not finite")
            }
            guard term.variable.index >= 0, term.variable.index < variableCount else {
                throw .invalidValue("variable \(term.variable.index) was not made by this solver")
            }
            pairs.append((term.variable.index, term.coefficient))
        }
        pairs.sort { $0.0 < $1.0 }
        var variables: [Int] = []
        var coefficients: [Double] = []
        var largest: [Double] = []
        for (variable, coefficient) in pairs {
            if let last = variables.last, last == variable {
                coefficients[coefficients.count - 1] += coefficient
                largest[largest.count - 1] = max(largest[largest.count - 1], abs(coefficient))
            } else {
                variables.append(variable)
                coefficients.append(coefficient)
                largest.append(abs(coefficient))
            }
        }
        var keptVariables: [Int] = []
        var keptCoefficients: [Double] = []
        for i in variables.indices where !Tolerance.cancels(coefficients[i], scale: largest[i]) {
            guard coefficients[i].isFinite else {
                throw .invalidValue("coefficients of variable \(variables[i]) sum to a non-finite value")
            }
            keptVariables.append(variables[i])
            keptCoefficients.append(coefficients[i])
        }
        self.variables = keptVariables
        self.coefficients = keptCoefficients
        self.constant = expression.constant
    }

    /// The common case without copying through a sort: variables strictly ascending, every
    /// coefficient finite and non-zero, every variable known. Nil otherwise.
    private init?(sortedDistinct expression: LinearExpression, variableCount: Int) {
        var variables: [Int] = []
        var coefficients: [Double] = []
        variables.reserveCapacity(expression.terms.count)
        coefficients.reserveCapacity(expression.terms.count)
        var previous = -1
        for term in expression.terms {
            let index = term.variable.index
            guard index > previous, index < variableCount, term.coefficient.isFinite, term.coefficient != 0 else {
                return nil
            }
            variables.append(index)
            coefficients.append(term.coefficient)
            previous = index
        }
        self.init(variables: variables, coefficients: coefficients, constant: expression.constant)
    }

    init(variables: [Int], coefficients: [Double], constant: Double) {
        self.variables = variables
        self.coefficients = coefficients
        self.constant = constant
    }
}

/// The numeric tolerances of the engine, in one place.
enum Tolerance {
    /// A sum whose magnitude is at most this fraction of its largest addend is treated as exact cancellation.
    static let relative = 1e-10
    /// Pivot elements and reduced costs at most this large are treated as zero.
    static let zero = 1e-11
    /// Row constants within this distance of a bound are treated as on it.
    static let feasibility = 1e-8

    /// Whether `value`, the result of summing terms of magnitude up to `scale`, is cancellation noise.
    @inline(__always)
    static func cancels(_ value: Double, scale: Double) -> Bool {
        abs(value) <= relative * scale || abs(value) < 1e-300
    }
}
