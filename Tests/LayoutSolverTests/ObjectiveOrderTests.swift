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

    /// Rows costed at levels in turn, with candidates popped in between and not put back (as an
    /// optimisation drops one it cannot pivot on), come out as if every symbol of every row were
    /// re-examined after each change: a popped symbol whose costs still lead with a negative one
    /// above the level costed is a candidate again; one led by a positive cost stays out.
    @Test(arguments: 0..<40) func rowCostsKeepTheCandidates(seed: Int) {
        var random = SplitMix(seed: seed)
        let count = 40
        var objective = Objective()
        objective.appendSymbols(count)
        var vectors = [[Double: Double]](repeating: [:], count: count)
        var candidates = Set<Int>()
        func key(_ symbol: Int) -> [Double] {
            Self.priorities.sorted(by: >).map { abs(vectors[symbol][$0] ?? 0) <= Tolerance.zero ? 0 : vectors[symbol][$0]! }
        }
        func isNegative(_ symbol: Int) -> Bool { (key(symbol).first { $0 != 0 } ?? 0) < 0 }
        for _ in 0..<60 {
            if Int.random(in: 0..<4, using: &random) == 0 {
                let best = candidates.filter(isNegative).min {
                    key($0) != key($1) ? key($0).lexicographicallyPrecedes(key($1)) : $0 < $1
                }
                #expect(objective.popBest() == best)
                if let best { candidates.remove(best) }
                continue
            }
            let priority = Self.priorities.randomElement(using: &random)!
            let symbols = (0..<count).filter { _ in Int.random(in: 0..<8, using: &random) == 0 }
            var row = Row()
            for symbol in symbols {
                let amount = Self.amounts.randomElement(using: &random)!
                row.terms.append(Row.Term(symbol: symbol, coefficient: amount))
                vectors[symbol][priority] = Tolerance.sum(vectors[symbol][priority] ?? 0, amount)
                if isNegative(symbol) { candidates.insert(symbol) } else { candidates.remove(symbol) }
            }
            let level = objective.level(for: priority)
            row.withView { objective.addCost(1, of: $0, level: level) }
        }
    }
}
