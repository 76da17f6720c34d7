@testable import LayoutModel
import LayoutSolver
import Testing

/// The compiled constraint list keeps its constraints and terms in raw storage of its own,
/// copied on write: it must grow past what was reserved, and a copy must never see another
/// copy's appends or changed constants.
@Suite struct ConstraintListTests {
    private func terms(_ list: ConstraintList, _ index: Int) -> [Term] { list.terms(of: index) }

    @Test func growsPastItsReservationKeepingEveryConstraintAndTerm() {
        var solver = Solver()
        let variables = Array(solver.makeVariables(count: 3))
        var list = ConstraintList(reserving: 1, terms: 1)
        for k in 0..<100 {
            if k % 2 == 0 {
                list.append(.request(k), variables[k % 3], constant: Double(k), .equal, priority: 1000)
            } else {
                list.append { appender in
                    appender.append(.request(k), .lessThanOrEqual, priority: 500) { expression in
                        for variable in variables { expression.add(variable, Double(k)) }
                        expression.constant = -Double(k)
                    }
                }
            }
        }
        #expect(list.count == 100)
        for k in 0..<100 {
            if k % 2 == 0 {
                #expect(terms(list, k) == [Term(variables[k % 3], 1)])
                #expect(list[k].constant == Double(k) && list[k].relation == .equal && list[k].priority == 1000)
            } else {
                #expect(terms(list, k) == variables.map { Term($0, Double(k)) })
                #expect(list[k].constant == -Double(k) && list[k].relation == .lessThanOrEqual && list[k].priority == 500)
            }
        }
        list.withBuffers { constraints, terms in
            #expect(constraints.count == 100)
            #expect(terms.count == 50 * 1 + 50 * 3)
            #expect(constraints.last?.terms == terms.count - 3..<terms.count)
        }
    }

    @Test func copiesAreIndependent() {
        var solver = Solver()
        let variables = Array(solver.makeVariables(count: 2))
        var original = ConstraintList(reserving: 4, terms: 8)
        original.append(.rootSize(.horizontal), variables[0], constant: -320, .equal, priority: 1000)
        var copy = original
        copy.setConstant(-640, at: 0)
        copy.append { appender in
            appender.append(.request(0), .greaterThanOrEqual, priority: 750) { expression in
                expression.add(variables[0], 1)
                expression.add(variables[1], -2)
            }
        }
        original.append(.request(1), variables[1], constant: 8, .lessThanOrEqual, priority: 250)
        #expect(original.count == 2 && copy.count == 2)
        #expect(original[0].constant == -320 && copy[0].constant == -640)
        #expect(terms(original, 1) == [Term(variables[1], 1)] && original[1].priority == 250)
        #expect(terms(copy, 1) == [Term(variables[0], 1), Term(variables[1], -2)] && copy[1].priority == 750)
    }
}
