@testable import LayoutSolver
import Testing

/// `ColumnIndex` lists, for each symbol, the rows added to its column in the order they came,
/// whether they came one at a time or a row's symbols at once, and whatever freed or spare
/// entries of its pool they were written to; a column's length is returned as a row is added to
/// it, a row's symbols added at once are counted, and a column that overflows its count is
/// reported.
@Suite struct ColumnIndexTests {
    @Test(arguments: 0..<40) func listsRowsInOrderAcrossReuse(seed: Int) {
        var random = SplitMix(seed: seed)
        let symbols = 30
        var index = ColumnIndex()
        if seed.isMultiple(of: 2) { index.reserveCapacity(symbols: symbols, entries: 16) }
        index.appendSymbols(symbols)
        var expected = [[Int]](repeating: [], count: symbols)
        var held = [Int](repeating: 0, count: symbols)
        for step in 0..<400 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                let symbol = Int.random(in: 0..<symbols, using: &random)
                let listed = index.append(step, to: symbol)
                expected[symbol].append(step)
                #expect(listed == expected[symbol].count)
            case 4..<7:
                let terms = (0..<symbols).filter { _ in Int.random(in: 0..<6, using: &random) == 0 }
                    .map { Row.Term(symbol: $0, coefficient: 1) }
                let overflowing = terms.withUnsafeBufferPointer { index.append(step, toColumnsOf: $0, counting: &held) }
                for term in terms {
                    expected[term.symbol].append(step)
                    held[term.symbol] -= 1
                }
                #expect(held == [Int](repeating: 0, count: symbols))
                #expect(overflowing == terms.contains {
                    ColumnIndex.overflows(listed: expected[$0.symbol].count, held: 1)
                })
            case 7, 8:
                let symbol = Int.random(in: 0..<symbols, using: &random)
                var taken = [-1]
                index.take(symbol, into: &taken)
                #expect(taken == [-1] + expected[symbol])
                expected[symbol] = []
            default:
                if Int.random(in: 0..<8, using: &random) == 0 {
                    index.removeAll()
                    expected = [[Int]](repeating: [], count: symbols)
                } else {
                    let symbol = Int.random(in: 0..<symbols, using: &random)
                    index.clear(symbol)
                    expected[symbol] = []
                }
            }
        }
        for symbol in 0..<symbols {
            #expect(Array(index.rows(of: symbol)) == expected[symbol])
            #expect(index.count(symbol) == expected[symbol].count)
        }
    }
}
