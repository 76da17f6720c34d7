@testable import LayoutSolver
import Testing

extension TermPool {
    /// `append(normalizing:constant:variableCount:)` of an expression's terms.
    mutating func append(normalizing expression: LinearExpression, variableCount: Int) throws(SolverError) -> Range<Int> {
        try expression.terms.withUnsafeBufferPointer { (terms) throws(SolverError) in
            try append(normalizing: terms, constant: expression.constant, variableCount: variableCount)
        }
    }

    /// The terms stored: the arrays' first `count` entries (the rest is room).
    var storedVariables: [Int] { Array(variables[..<count]) }
    var storedCoefficients: [Double] { Array(coefficients[..<count]) }
}

/// `TermPool`: every record's terms in one store. Values worked by hand.
@Suite struct TermPoolTests {
    let x = Variable(index: 0), y = Variable(index: 1), z = Variable(index: 2)

    @Test func normalisesIntoTheNextRange() throws {
        var pool = TermPool()
        let first = try pool.append(normalizing: LinearExpression([Term(y, 2), Term(x, 1)], constant: 3), variableCount: 3)
        // z + 4y − z − 2y: z cancels, y sums to 2; sorted after the first expression's terms.
        let second = try pool.append(
            normalizing: LinearExpression([Term(z, 1), Term(y, 4), Term(z, -1), Term(y, -2)]), variableCount: 3)
        #expect(first == 0..<2)
        #expect(second == 2..<3)
        #expect(pool.storedVariables == [0, 1, 1])
        #expect(pool.storedCoefficients == [1, 2, 2])
        let expression = pool.expression(first, constant: -5)
        #expect(Array(expression.variables) == [0, 1])
        #expect(expression.constant == -5 && expression.magnitude == 5)
    }

    @Test func countsTheVariablesOfARange() throws {
        var pool = TermPool()
        let first = try pool.append(normalizing: LinearExpression([Term(z, 1), Term(x, 2)]), variableCount: 3)
        let second = try pool.append(normalizing: LinearExpression([Term(y, 1), Term(z, -1)]), variableCount: 3)
        var counts = [0, 0, 0]
        pool.count(first, into: &counts, adding: 1)
        pool.count(second, into: &counts, adding: 1)
        #expect(counts == [1, 1, 2])
        pool.count(first, into: &counts, adding: -1)
        #expect(counts == [0, 1, 1])
        // A copy shares no counts with the table counted into.
        let kept = counts
        pool.count(second, into: &counts, adding: 1)
        #expect(kept == [0, 1, 1] && counts == [0, 2, 2])
    }

    @Test func aRejectedExpressionLeavesThePoolAsItWas() throws {
        var pool = TermPool()
        _ = try pool.append(normalizing: LinearExpression([Term(x, 1)]), variableCount: 3)
        // Two finite coefficients of y whose sum overflows: found after y's first term went in.
        #expect(throws: SolverError.self) {
            try pool.append(normalizing: LinearExpression([Term(z, 1), Term(y, 1e308), Term(y, 1e308)]), variableCount: 3)
        }
        #expect(throws: SolverError.self) {
            try pool.append(normalizing: LinearExpression([Term(Variable(index: 3), 1)]), variableCount: 3)
        }
        #expect(pool.storedVariables == [0])
        #expect(pool.storedCoefficients == [1])
        pool.removeLast(from: 0)
        #expect(pool.count == 0)
    }

    @Test func sortsALongExpressionOutOfOrder() throws {
        // 20 terms over variables 19, 18, …, 0 and then 19 again: sorted stably, the repeats of
        // 19 summed (2 + 1.5), every variable once, ascending.
        var pool = TermPool()
        let terms = (0..<20).reversed().map { Term(Variable(index: $0), Double($0) + 1) } + [Term(Variable(index: 19), -16.5)]
        let range = try pool.append(normalizing: LinearExpression(terms, constant: 1), variableCount: 20)
        #expect(range == 0..<20)
        #expect(pool.storedVariables == Array(0..<20))
        #expect(pool.storedCoefficients == (0..<19).map { Double($0) + 1 } + [3.5])
    }

    /// Constraints added from storage of the caller's own (as a layout's constraint list keeps
    /// them, back to back) solve as the same expressions would: x = 10, y = x + 5 = 15.
    @Test func addsFromStorageOfItsOwn() throws {
        var s = Solver()
        let x = s.makeVariable(), y = s.makeVariable()
        let storage = [Term(x, 1), Term(y, 1), Term(x, -1)]
        try storage.withUnsafeBufferPointer { (storage) throws(SolverError) in
            try s.add(UnsafeBufferPointer(rebasing: storage[0..<1]), constant: -10, .equal)
            try s.add(UnsafeBufferPointer(rebasing: storage[1..<3]), constant: -5, .equal)
            #expect(throws: SolverError.self) {
                try s.add(UnsafeBufferPointer(rebasing: storage[0..<1]), constant: .infinity, .equal)
            }
        }
        #expect(s.terms.count == 3)
        try s.solve()
        #expect(s.value(of: x) == 10)
        #expect(s.value(of: y) == 15)
    }

    /// Through the solver: a refused add (overflow, then a conflict) keeps nothing in the pool,
    /// and the constraints after it name their own terms: x = 10, y = x + 5 = 15.
    @Test func refusedAddsDoNotShiftLaterConstraints() throws {
        var s = Solver()
        let x = s.makeVariable(), y = s.makeVariable()
        try s.add(LinearExpression([Term(x, 1)], constant: -10), .equal)
        #expect(throws: SolverError.self) {
            try s.add(LinearExpression([Term(y, 1e308), Term(y, 1e308)]), .equal)
        }
        #expect(throws: SolverError.self) {
            try s.add(LinearExpression([Term(x, 1)], constant: -11), .equal)
        }
        try s.add(LinearExpression([Term(y, 1), Term(x, -1)], constant: -5), .equal)
        #expect(s.terms.count == 3)
        try s.solve()
        #expect(s.value(of: x) == 10)
        #expect(s.value(of: y) == 15)
    }
}
