@testable import LayoutSolver
import Testing

/// `RowStore`: rows written into chunks of storage, read back in place, moved when they
/// outgrow their runs, and copied on write.
@Suite struct RowStoreTests {
    /// `constant + Σ coefficient · symbol` over `terms` (symbols ascending).
    func row(_ constant: Double, _ terms: [(Int, Double)]) -> Row {
        var row = Row(constant: constant)
        for (symbol, coefficient) in terms { row.appendFresh(coefficient, symbol) }
        return row
    }

    /// Row `index` of `store` as (constant, symbols, coefficients).
    func read(_ store: RowStore, _ index: Int) -> (Double, [Int], [Double]) {
        let view = store[index]
        return (view.constant, view.terms.map(\.symbol), view.terms.map(\.coefficient))
    }

    @Test func rowsReadBackAsWritten() {
        var store = RowStore()
        let a = store.append(row(1.5, [(2, 3), (7, -1)]))
        let b = store.append(row(-4, []))
        #expect((a, b) == (0, 1))
        #expect(read(store, a) == (1.5, [2, 7], [3, -1]))
        #expect(read(store, b) == (-4, [], []))
        #expect(store[a].magnitude == 1.5)
        #expect(store[a].coefficient(of: 7) == -1)
        #expect(store[a].coefficient(of: 3) == 0)
    }

    @Test func aRowThatOutgrowsItsRunMovesAndTheOthersStay() {
        var store = RowStore()
        let first = store.append(row(1, [(1, 1)]))
        let second = store.append(row(2, [(2, 2)]))
        // A run holds a row of one term and two more (`room(for:)`): four terms move it.
        let long = row(3, [(1, 1), (3, 3), (4, 4), (5, 5)])
        store.replace(first, with: long)
        #expect(read(store, first) == (3, [1, 3, 4, 5], [1, 3, 4, 5]))
        #expect(read(store, second) == (2, [2], [2]))
        // Shorter again: written in the new run, which has room.
        store.replace(first, with: row(0.5, [(9, 9)]))
        #expect(read(store, first) == (0.5, [9], [9]))
    }

    @Test func aClearedRowIsEmptyAndItsIndexTakesANewRow() {
        var store = RowStore()
        _ = store.append(row(1, [(1, 1), (2, 2)]))
        let cleared = store.append(row(2, [(3, 3)]))
        store.clear(cleared)
        #expect(read(store, cleared) == (0, [], []))
        store.replace(cleared, with: row(5, [(4, 4), (6, 6), (8, 8)]))
        #expect(read(store, cleared) == (5, [4, 6, 8], [4, 6, 8]))
        #expect(read(store, 0) == (1, [1, 2], [1, 2]))
    }

    @Test func removingATermClosesTheGapAndAnAbsentSymbolChangesNothing() {
        var store = RowStore()
        let index = store.append(row(1, [(1, 10), (4, 40), (6, 60)]))
        store.remove(4, from: index)
        #expect(read(store, index) == (1, [1, 6], [10, 60]))
        store.remove(5, from: index)
        #expect(read(store, index) == (1, [1, 6], [10, 60]))
        store.remove(6, from: index)
        #expect(read(store, index) == (1, [1], [10]))
    }

    @Test func theConstantShiftsAlone() {
        var store = RowStore()
        let index = store.append(row(1, [(1, 2)]))
        store.shiftConstant(of: index, by: -0.25)
        #expect(read(store, index) == (0.75, [1], [2]))
        #expect(store[index].magnitude == 1)
    }

    @Test func aCopyKeepsItsRowsWhenTheOriginalChanges() {
        var store = RowStore()
        _ = store.append(row(1, [(1, 1)]))
        _ = store.append(row(2, [(2, 2), (3, 3)]))
        let copy = store
        store.replace(0, with: row(7, [(5, 5)]))
        store.remove(3, from: 1)
        _ = store.append(row(9, [(9, 9)]))
        #expect(read(copy, 0) == (1, [1], [1]))
        #expect(read(copy, 1) == (2, [2, 3], [2, 3]))
        #expect(copy.count == 2)
        #expect(read(store, 0) == (7, [5], [5]))
        #expect(read(store, 1) == (2, [2], [2]))
        #expect(read(store, 2) == (9, [9], [9]))
    }

    @Test func aRowWrittenIntoItsRunAfterACopyFitsTheRunTheCopyLeft() {
        var store = RowStore()
        // A run of room for six terms (eight) holding one term, then shared with a copy.
        _ = store.append(row(1, [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)]))
        store.replace(0, with: row(2, [(1, 1)]))
        _ = store.append(row(3, [(9, 9)]))
        let copy = store
        // Seven terms fit the run of eight, but not the run of three a copy of the one-term row has.
        let seven = row(4, [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 7)])
        store.replace(0, with: seven)
        #expect(read(store, 0) == (4, [1, 2, 3, 4, 5, 6, 7], [1, 2, 3, 4, 5, 6, 7]))
        #expect(read(store, 1) == (3, [9], [9]))
        #expect(read(copy, 0) == (2, [1], [1]))
        #expect(read(copy, 1) == (3, [9], [9]))
    }

    @Test func aRowGrownTermByTermKeepsTheStorageWithinThreeTimesItsRun() {
        var store = RowStore()
        let other = store.append(row(-1, [(0, 0.5)]))
        var growing = Row(constant: 2)
        let index = store.append(growing)
        for symbol in 1...20_000 {
            growing.appendFresh(Double(symbol), symbol)
            store.replace(index, with: growing)
        }
        #expect(store[index].terms.count == 20_000)
        #expect(store[index].coefficient(of: 12_345) == 12_345)
        #expect(read(store, other) == (-1, [0], [0.5]))
        // Its runs, a quarter larger each time it moves, add up to about five times the last
        // (25,000 terms); compaction drops the runs given up once they outweigh it twice over.
        #expect(store.chunkedTerms <= 3 * 25_000 + RowStore.chunkTerms)
    }

    /// Thousands of writes of rows of every length, clears and removals, on up to 64 rows,
    /// against the same rows kept as `Row`s: the rows outgrow their runs again and again, and the
    /// runs given up are compacted away many times on the way.
    @Test func manyChangesReadBackAsAModelOfThem() {
        var generator = SplitMix(seed: 11)
        var store = RowStore()
        var model: [Row] = []
        for step in 0..<4000 {
            let choice = generator.next() % 10
            if model.isEmpty || choice < 3 && model.count < 64 {
                let made = randomRow(&generator, step)
                #expect(store.append(made) == model.count)
                model.append(made)
            } else if choice < 7 {
                let index = Int(generator.next() % UInt64(model.count))
                let made = randomRow(&generator, step)
                store.replace(index, with: made)
                model[index] = made
            } else if choice < 8 {
                let index = Int(generator.next() % UInt64(model.count))
                store.clear(index)
                model[index] = Row()
            } else {
                let index = Int(generator.next() % UInt64(model.count))
                guard let symbol = model[index].terms.randomElement(using: &generator)?.symbol else { continue }
                store.remove(symbol, from: index)
                model[index].terms.removeAll { $0.symbol == symbol }
            }
        }
        #expect(store.count == model.count)
        for index in model.indices {
            let (constant, symbols, coefficients) = read(store, index)
            #expect(constant == model[index].constant)
            #expect(symbols == model[index].terms.map(\.symbol))
            #expect(coefficients == model[index].terms.map(\.coefficient))
        }
    }

    /// A row of 0 to 40 terms (now and then 300), symbols ascending, its numbers from `step`.
    func randomRow(_ generator: inout SplitMix, _ step: Int) -> Row {
        let count = generator.next() % 50 == 0 ? 300 : Int(generator.next() % 41)
        var made = Row(constant: Double(step))
        var symbol = 0
        for k in 0..<count {
            symbol += 1 + Int(generator.next() % 3)
            made.appendFresh(Double(step * 1000 + k), symbol)
        }
        return made
    }
}
