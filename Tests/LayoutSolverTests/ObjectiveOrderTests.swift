@testable import LayoutSolver
import Testing

/// `Objective`'s candidates come out in the order of their cost vectors, compared level by level
/// from the highest priority with negligible costs as 0 and the lower id on a tie, whatever the
/// keys its heap compares first.
@Suite struct ObjectiveOrderTests {
    /// Costs drawn so that equal keys, negligible leading costs and vectors equal at every level
    /// are all common.
    static let amounts: [Double] = [-2, -1, -1, -0.5, 0.5, 1, 5e-12, -5e-12]
    static let priorities: [Double] = [1000, 750, 250, 1]

    @Test(arguments: 0..<40) func popsInLexicographicOrder(seed: Int) {
        var random = SplitMix(seed: seed)
        let count = 60
        var objective = Objective()
        // symbol → priority → its cost (each added once, so exactly as given).
        var vectors = [[Double: Double]](repeating: [:], count: count)
        objective.appendSymbols(count)
        for _ in 0..<(3 * count) {
            let symbol = Int.random(in: 0..<count, using: &random)
            let priority = Self.priorities.randomElement(using: &random)!
            guard vectors[symbol][priority] == nil else { continue }
            let amount = Self.amounts.randomElement(using: &random)!
            vectors[symbol][priority] = amount
            objective.addCost(amount, to: symbol, level: objective.level(for: priority))
        }
        // The significant costs, highest priority first.
        let keys = vectors.map { vector in
            Self.priorities.sorted(by: >).map { abs(vector[$0] ?? 0) <= Tolerance.zero ? 0 : vector[$0]! }
        }
        for symbol in 0..<count {
            let leading = keys[symbol].first { $0 != 0 } ?? 0
            #expect(objective.sign(of: symbol) == (leading < 0 ? -1 : leading > 0 ? 1 : 0))
        }
        let expected = (0..<count)
            .filter { (keys[$0].first { $0 != 0 } ?? 0) < 0 }
            .sorted { keys[$0] != keys[$1] ? keys[$0].lexicographicallyPrecedes(keys[$1]) : $0 < $1 }
        var popped: [Int] = []
        while let symbol = objective.popBest() { popped.append(symbol) }
        #expect(popped == expected)
    }
}
