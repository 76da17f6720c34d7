@testable import LayoutSolver
import Testing

/// `SparseSum`: sums over dense keys, drained ascending. Values worked by hand.
@Suite struct SparseSumTests {
    /// Reserved or not, a sum gives the same terms, and keys and terms beyond what was reserved
    /// still go in: 3·k9 + 1·k2 − 2·k40 + 2·k2 + 1·k9 − 1·k9 = 3·k2 + 3·k9 − 2·k40.
    @Test func reservedSumAddsAsAnEmptyOne() {
        func drained(reserving: Bool) -> ([Int], [Double]) {
            var sum = SparseSum()
            if reserving { sum.reserveCapacity(keys: 10, terms: 2) }
            for (key, amount) in [(9, 3.0), (2, 1), (40, -2), (2, 2), (9, 1), (9, -1)] { sum.add(key, amount) }
            var keys: [Int] = [], coefficients: [Double] = []
            sum.drain(into: &keys, &coefficients)
            return (keys, coefficients)
        }
        let reserved = drained(reserving: true)
        #expect(reserved.0 == [2, 9, 40] && reserved.1 == [3, 3, -2])
        #expect(reserved == drained(reserving: false))
    }
}
