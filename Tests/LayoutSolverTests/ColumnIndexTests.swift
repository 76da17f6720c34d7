@testable import LayoutSolver
import Testing

/// `ColumnIndex` lists, for each symbol, the rows added to its column in the order they came,
/// whether they came one at a time or a row's symbols at once, and whatever freed or spare
/// entries of its pool they were written to. It counts the rows that hold each symbol: an added
/// row holds it, a relisted one was counted already, a dropped holder is taken off, a taken list
/// keeps its count, a cleared column has none. A column that lists more than four times its
/// count and 64 more is reported as it grows and when asked.
@Suite struct ColumnIndexTests {
    @Test(arguments: 0..<40) func listsRowsInOrderAndCountsTheRowsThatHoldEachSymbol(seed: Int) {
        var random = SplitMix(seed: seed)
        // Few symbols make long columns, which overflow once their holders are dropped.
        let symbols = seed.isMultiple(of: 3) ? 4 : 30
        var index = ColumnIndex()
        if seed.isMultiple(of: 2) { index.reserveCapacity(symbols: symbols, entries: 16) }
        index.appendSymbols(symbols)
        var expected = [[Int]](repeating: [], count: symbols)
        var held = [Int](repeating: 0, count: symbols)
        func overflows(_ symbol: Int) -> Bool {
            expected[symbol].count > 64 && expected[symbol].count > 4 * held[symbol] + 64
        }
        for step in 0..<600 {
            let symbol = Int.random(in: 0..<symbols, using: &random)
            switch Int.random(in: 0..<13, using: &random) {
            case 0..<3:
                let overflowing = index.add(step, to: symbol)
                expected[symbol].append(step)
                held[symbol] += 1
                #expect(overflowing == overflows(symbol))
            case 3:
                index.relist(step, to: symbol)
                expected[symbol].append(step)
            case 4..<7:
                let terms = (0..<symbols).filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
                    .map { Row.Term(symbol: $0, coefficient: 1) }
                let overflowing = terms.withUnsafeBufferPointer { index.add(step, toColumnsOf: $0) }
                for term in terms {
                    expected[term.symbol].append(step)
                    held[term.symbol] += 1
                }
                #expect(overflowing == terms.contains { overflows($0.symbol) })
            case 7, 8:
                guard held[symbol] > 0 else { continue }
                index.dropHolder(symbol)
                held[symbol] -= 1
            case 9:
                var taken = [-1]
                index.take(symbol, into: &taken)
                #expect(taken == [-1] + expected[symbol])
                expected[symbol] = []
            case 10:
                index.noteUnheld(symbol)
                held[symbol] = 0
            default:
                if Int.random(in: 0..<8, using: &random) == 0 {
                    index.removeAll()
                    expected = [[Int]](repeating: [], count: symbols)
                    held = [Int](repeating: 0, count: symbols)
                } else {
                    index.clear(symbol)
                    expected[symbol] = []
                    held[symbol] = 0
                }
            }
        }
        for symbol in 0..<symbols {
            #expect(Array(index.rows(of: symbol)) == expected[symbol])
            #expect(index.held(symbol) == held[symbol])
            #expect(index.overflows(symbol) == overflows(symbol))
        }
    }

    /// 100 rows listed and 9 holding: 100 is not more than 4 × 9 + 64; with 8 holding it is.
    @Test func aColumnOverflowsPastFourTimesItsHoldersAnd64More() {
        var index = ColumnIndex()
        index.appendSymbols(1)
        for row in 0..<100 {
            let overflowing = index.add(row, to: 0)
            #expect(!overflowing)
        }
        for _ in 0..<91 { index.dropHolder(0) }
        #expect(index.held(0) == 9)
        #expect(!index.overflows(0))
        index.dropHolder(0)
        #expect(index.overflows(0))
        let overflowing = index.add(100, to: 0)
        #expect(overflowing)
        #expect(index.held(0) == 9)
    }
}
