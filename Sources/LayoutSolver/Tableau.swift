/// Where a constraint lives in the tableau: its marker symbol (the symbol whose row is removed to
/// remove the constraint), its second error symbol, and how the marker enters its equation.
struct ConstraintTag: Sendable {
    /// The slack of an inequality, the positive error of an optional equality, the dummy of a
    /// required edit; -1 for a required equality, which has no marker.
    @Int32Storage var marker: Int = -1
    /// The error of an optional inequality or the negative error of an optional equality; else -1.
    @Int32Storage var other: Int = -1
    /// The coefficient of `marker` in the equation `0 = expression + …` as first built.
    var markerCoefficient: Double = 0
    var priority: Double
    /// Whether the constraint reduced to `0 = Σ edit terms` when it entered: it holds at the
    /// current edit values and only pins them (a row is kept so that moving an edit conflicts).
    var onlyPinsEdits = false
}

/// The simplex tableau in Cassowary form: every basic symbol is defined by a sparse row over
/// parametric symbols, all parametric symbols are 0, and restricted basic symbols are ≥ 0.
///
/// Besides the rows it keeps a column index (symbol → rows where it is parametric), so that a
/// substitution or a ratio test touches only the rows concerned, and the lexicographic
/// ``Objective`` as dense per-level cost rows. Restricted rows and the objective only ever
/// hold restricted parametric symbols: an external symbol is made basic by the first row that
/// could hold it.
struct Tableau: Sendable {
    /// The symbols made so far. The per-symbol tables (`kinds`, `basicRow`, `columns`, the
    /// objective's) run ahead of it, filled `symbolChunk` symbols at a time
    /// (see `newSymbol`); their entries past it are unused.
    private(set) var symbolCount = 0
    private(set) var kinds: [SymbolKind] = []
    /// symbol → index of its row, or -1 when parametric.
    private(set) var basicRow: [Int] = []
    /// symbol → rows (including a phase-one objective row) in which it is parametric, and how
    /// many rows hold it (exact). Entries are dropped lazily: a listed row may no longer hold the
    /// symbol, or be listed twice, so readers check the row; a column is compacted when it grows
    /// past four times the rows that hold its symbol.
    private(set) var columns = ColumnIndex()
    /// Scratch: the rows of the column being substituted or compacted, taken out of `columns`
    /// before they change.
    private var columnScratch: [Int] = []
    private(set) var rows = RowStore()
    private var freeRows: [Int] = []
    /// row → its basic symbol and its bookkeeping for compaction and refreshing (`RowState`):
    /// one table, where four of equal length were four allocations, four appends per new row
    /// and four frees.
    private(set) var rowStates: [RowState] = []
    private var compactions = 0
    /// Whether a symbol added to a row since the last substitution's compaction left its column
    /// overflowing (`columnOverflows`): a substitution compacts its definition's columns only then.
    private var columnsOverflowing = false
    /// In a batch (`beginBatch()` to `endBatch()`: from the first `Solver.add` until a call that
    /// needs every row as it is, such as a removal or an edit), substitutions skip the
    /// rows of external symbols and leave them stale (`staleRows`): those rows never block a
    /// ratio test nor carry a cost, and they are the long ones (a container's height over its
    /// whole subtree), which kept up to date would be merged again for every symbol of theirs
    /// that becomes basic. Each stays a true equation, so it is brought up to date once, when
    /// the batch ends or something reads it (a new row, phase one's check of its constraint),
    /// by substituting the current rows of the symbols that have become basic.
    private var deferringExternalRows = false
    private var staleRows: [Int] = []
    /// Symbols that were in some row when they became basic, so far: a row that holds no basic
    /// symbol stays up to date while this count does not move.
    private var basicChanges = 0
    /// Scratch for `refreshed(_:)`.
    private var refreshing = SparseSum()
    /// Scratch for `refreshRow(_:)`: the stale rows waiting for their dependencies, each with
    /// its count of basic symbols once it has been scanned (-1 before).
    private var refreshStack: [(row: Int, outdated: Int)] = []
    /// Scratch for `insert` building a long row.
    private var building = SparseSum()
    /// A new row whose substituted rows hold more terms than this is summed in `building`
    /// (linear in the terms) instead of term by term into a sorted row (each term an insertion
    /// into it: quadratic in a long row's length).
    static let sparseBuildAfter = 64
    /// variable index → its external symbol, or -1 before the variable first appears.
    private(set) var variableSymbol: [Int] = []
    private(set) var objective = Objective()
    /// Basic symbols whose rows may have become infeasible (negative) since the last dual pass.
    private var infeasible: [Int] = []
    /// Working rows, whose storage is kept from one use to the next: a merge's result, a row
    /// copied out of `rows` to be rewritten, the row being pivoted on, and the row being inserted.
    private var scratch = Row()
    private var working = Row()
    private var pivoting = Row()
    private var inserting = Row()
    var meter: BudgetMeter
    /// The largest row constant the tableau has held (for `SolverStatistics`; the consistency
    /// test uses each row's own `magnitude`).
    private(set) var peakMagnitude = 0.0

    /// A row's basic symbol and bookkeeping.
    struct RowState: Sendable {
        /// `basicChanges` when `refreshRow` last brought the row up to date (-1: never).
        var refreshedAt = -1
        /// The row's basic symbol; `Tableau.freeSlot` or `Tableau.phaseOneObjective` otherwise.
        @Int32Storage var basic: Int
        /// The number of the last compaction that kept the row (tells repeated column entries).
        @Int32Storage var mark: Int = 0
        /// Whether the row is in `staleRows`.
        var isStale = false
    }

    static let freeSlot = -1
    static let phaseOneObjective = -2

    init(budget: SolverBudget) { meter = BudgetMeter(budget: budget) }

    /// Takes the storage of `old` into this tableau, which is new (see `Solver.reset(budget:)`).
    mutating func takeStorage(of old: inout Tableau) {
        moveEmptied(&old.kinds, to: &kinds)
        moveEmptied(&old.basicRow, to: &basicRow)
        columns.takeStorage(of: &old.columns)
        moveEmptied(&old.columnScratch, to: &columnScratch)
        rows.takeStorage(of: &old.rows)
        moveEmptied(&old.freeRows, to: &freeRows)
        moveEmptied(&old.rowStates, to: &rowStates)
        moveEmptied(&old.staleRows, to: &staleRows)
        refreshing.takeStorage(of: &old.refreshing)
        moveEmptied(&old.refreshStack, to: &refreshStack)
        building.takeStorage(of: &old.building)
        moveEmptied(&old.variableSymbol, to: &variableSymbol)
        objective.takeStorage(of: &old.objective)
        moveEmptied(&old.infeasible, to: &infeasible)
        moveEmptied(&old.scratch.terms, to: &scratch.terms)
        moveEmptied(&old.working.terms, to: &working.terms)
        moveEmptied(&old.pivoting.terms, to: &pivoting.terms)
        moveEmptied(&old.inserting.terms, to: &inserting.terms)
    }

    /// About how many bytes the tables take, in use or reserved (see `Solver.storageBytes`).
    var storageBytes: Int {
        kinds.capacityBytes + basicRow.capacityBytes + columns.storageBytes + columnScratch.capacityBytes
            + rows.storageBytes + freeRows.capacityBytes + rowStates.capacityBytes + staleRows.capacityBytes
            + refreshing.storageBytes + refreshStack.capacityBytes + building.storageBytes
            + variableSymbol.capacityBytes + objective.storageBytes + infeasible.capacityBytes
            + scratch.terms.capacityBytes + working.terms.capacityBytes + pivoting.terms.capacityBytes
            + inserting.terms.capacityBytes
    }

    /// Reserves the per-symbol and per-row tables (see `Solver.reserveCapacity`).
    mutating func reserveCapacity(variables: Int, symbols: Int, rows rowCount: Int) {
        variableSymbol.reserveCapacity(variables)
        kinds.reserveCapacity(symbols)
        basicRow.reserveCapacity(symbols)
        columns.reserveCapacity(symbols: symbols, entries: 2 * symbols)
        objective.reserveCapacity(symbols: symbols)
        rows.reserveCapacity(rows: rowCount)
        rowStates.reserveCapacity(rowCount)
        // Scratch lists of rows, which a small problem's first substitutions and pivots grew
        // from empty step by step; a large one's grow on from this as before. `infeasible` is
        // left to grow: rows go negative when an edit moves (another size on the same solver),
        // not in a solve from scratch, which never touched it.
        let scratchRows = min(rowCount, 256)
        columnScratch.reserveCapacity(scratchRows)
        staleRows.reserveCapacity(scratchRows)
    }

    var rowCount: Int { rows.count - freeRows.count }

    // MARK: Symbols and rows

    /// Makes a symbol of kind `kind`: its entries in the other per-symbol tables are there
    /// already, as a parametric symbol in no row and with no cost, so only its kind is written
    /// (an append to each table, its uniqueness and capacity checked, made a symbol cost five
    /// times as much). Inlined where symbols are made, the filling left out of line.
    @inline(__always)
    private mutating func newSymbol(_ kind: SymbolKind) -> Int {
        if symbolCount == kinds.count { appendSymbolEntries(Tableau.symbolChunk) }
        kinds[symbolCount] = kind
        symbolCount += 1
        return symbolCount - 1
    }

    /// How many symbols' entries `newSymbol` adds to the per-symbol tables at a time.
    static let symbolChunk = 64

    /// Adds `count` symbols' entries to every per-symbol table: each a parametric symbol, in no
    /// row, with no cost (its kind is written when it is made).
    @inline(never)
    private mutating func appendSymbolEntries(_ count: Int) {
        kinds.append(contentsOf: repeatElement(.external, count: count))
        basicRow.append(contentsOf: repeatElement(-1, count: count))
        columns.appendSymbols(count)
        objective.appendSymbols(count)
    }

    /// The external symbol of variable `variable`, made on first use.
    mutating func externalSymbol(for variable: Int) -> Int {
        while variableSymbol.count <= variable { variableSymbol.append(-1) }
        if variableSymbol[variable] >= 0 { return variableSymbol[variable] }
        let symbol = newSymbol(.external)
        variableSymbol[variable] = symbol
        return symbol
    }

    /// Stores a copy of `row` in a free slot or at the end, with `basic` as its basic symbol,
    /// and returns its index. Whether a column needs compacting is noted as its entry is added,
    /// and the (rare) compaction follows once the row is in place.
    private mutating func storeRow(_ row: borrowing Row, basic: Int) -> Int {
        let reused = freeRows.popLast()
        let index: Int
        if let reused {
            index = reused
            rows.replace(index, with: row)
            rowStates[index].basic = basic
        } else {
            index = rows.append(row)
            rowStates.append(RowState(basic: basic))
        }
        if basic >= 0 { basicRow[basic] = index }
        peakMagnitude = max(peakMagnitude, abs(row.constant))
        // Compaction changes only the columns: the row's terms stay where they are.
        if noteAdded(index) { compactColumns(of: rows[index].terms) }
        return index
    }

    private mutating func freeRow(_ index: Int) {
        for term in rows[index].terms { columns.dropHolder(term.symbol) }
        let basic = rowStates[index].basic
        if basic >= 0 { basicRow[basic] = -1 }
        rows.clear(index)
        rowStates[index].basic = Tableau.freeSlot
        freeRows.append(index)
    }

    /// Records that row `row` now holds `symbol`, noting in `columnsOverflowing` when its
    /// column now needs compacting.
    @inline(__always)
    private mutating func noteAdded(_ symbol: Int, _ row: Int) {
        if columns.add(row, to: symbol) { columnsOverflowing = true }
    }

    /// Records that row `index` holds each of its symbols and returns whether some column of
    /// theirs now needs compacting.
    @discardableResult
    private mutating func noteAdded(_ index: Int) -> Bool {
        columns.add(index, toColumnsOf: rows[index].terms)
    }

    /// Compacts the columns of `symbols` that have grown past four times the rows that hold
    /// them (`ColumnIndex.overflows`; each compaction binary-searches every entry in its row, so
    /// rarer ones cost less). Only called when every row is in place (compaction reads the rows).
    private mutating func compactColumns(of symbols: UnsafeBufferPointer<Row.Term>) {
        for term in symbols where columns.overflows(term.symbol) {
            compactColumn(term.symbol)
        }
    }

    /// Drops stale and repeated entries from the column of `symbol`, keeping the order of the
    /// rest (`RowState.mark` tells a repeat).
    private mutating func compactColumn(_ symbol: Int) {
        let column = takeColumn(symbol)
        compactions += 1
        for entry in column where rowStates[entry].mark != compactions && rowStates[entry].basic != Tableau.freeSlot
            && rows[entry].coefficient(of: symbol) != 0 {
            rowStates[entry].mark = compactions
            columns.relist(entry, to: symbol)
        }
        columnScratch = column
    }

    /// The rows of `symbol`'s column, which is emptied (the count of rows that hold it is left
    /// to the caller), in
    /// `columnScratch`'s storage: the caller gives it back when done.
    private mutating func takeColumn(_ symbol: Int) -> [Int] {
        var column = columnScratch
        columnScratch = []
        column.removeAll(keepingCapacity: true)
        columns.take(symbol, into: &column)
        return column
    }

    /// Clears the column of `symbol`, which no row holds any more.
    private mutating func clearColumn(_ symbol: Int) {
        columns.clear(symbol)
    }

    /// Whether the row at `index` defines a sign-restricted basic symbol.
    @inline(__always)
    private func isRestrictedRow(_ index: Int) -> Bool {
        let basic = rowStates[index].basic
        return basic >= 0 && kinds[basic].isRestricted
    }

    /// Replaces parametric `symbol` by `definition` in every row and in the objective. A `fresh`
    /// symbol, made for the row being inserted, is in no row (only perhaps in the objective).
    private mutating func substitute(_ symbol: Int, by definition: borrowing Row, fresh: Bool = false) {
        definition.withView { substitute(symbol, by: $0, fresh: fresh) }
    }

    /// `definition` must not be one of `rows`: writing a row back can move every row.
    private mutating func substitute(_ symbol: Int, by definition: RowView, fresh: Bool) {
        guard !fresh else {
            objective.substitute(symbol, by: definition)
            return
        }
        basicChanges += 1
        let column = takeColumn(symbol)
        columns.noteUnheld(symbol)
        defer { columnScratch = column }
        var target = Row()
        swap(&target, &working)
        defer { swap(&target, &working) }
        for index in column {
            if deferringExternalRows, rowStates[index].basic >= 0, kinds[rowStates[index].basic] == .external {
                if !rowStates[index].isStale {
                    rowStates[index].isStale = true
                    staleRows.append(index)
                }
                continue
            }
            let stored = rows[index]
            let at = stored.position(of: symbol)
            guard at < stored.terms.count, stored.terms[at].symbol == symbol else { continue }
            let factor = stored.terms[at].coefficient
            if Self.goesInPlace(definition, into: stored.terms.count) {
                target.copy(stored)
                target.terms.remove(at: at)
                target.addInPlace(
                    factor, definition,
                    added: { noteAdded($0, index) },
                    dropped: { columns.dropHolder($0) })
                rows.replace(index, with: target)
            } else {
                stored.merge(
                    factor, definition, skipping: symbol, into: &target,
                    added: { noteAdded($0, index) },
                    dropped: { if $0 != symbol { columns.dropHolder($0) } })
                rows.replace(index, with: target)
            }
            noteIfInfeasible(index)
        }
        if columnsOverflowing {
            columnsOverflowing = false
            compactColumns(of: definition.terms)
        }
        objective.substitute(symbol, by: definition)
    }

    /// Whether `definition` is substituted into a row of `targetCount` terms term by term, in
    /// place (each term an insertion: cheap when the definition is short, or short beside the
    /// target), rather than merged (linear in both, but a row to write). Up to 8 terms: each
    /// term's search starts past the one before (`Row.addInPlace`), and the stale rows refreshed
    /// at 10,000 views (7 terms on average) took definitions of 5 to 8 terms cheaper so.
    @inline(__always)
    private static func goesInPlace(_ definition: RowView, into targetCount: Int) -> Bool {
        definition.terms.count <= 8 || definition.terms.count * 8 <= targetCount
    }

    private mutating func noteIfInfeasible(_ index: Int) {
        peakMagnitude = max(peakMagnitude, abs(rows[index].constant))
        let basic = rowStates[index].basic
        guard basic >= 0 else { return }
        let constant = rows[index].constant
        switch kinds[basic] {
        case .external: return
        case .dummy: if abs(constant) > Tolerance.feasibility { infeasible.append(basic) }
        default: if constant < -Tolerance.feasibility { infeasible.append(basic) }
        }
    }

    /// Makes `entering` basic in row `index`, whose basic symbol becomes parametric.
    private mutating func pivot(_ entering: Int, _ index: Int) throws(SolverError) {
        try meter.charge()
        let leaving = rowStates[index].basic
        var row = Row()
        swap(&row, &pivoting)
        defer { swap(&row, &pivoting) }
        row.copy(rows[index])
        let a = row.solve(for: entering)
        row.add(1 / a, leaving)
        columns.dropHolder(entering)
        noteAdded(leaving, index)
        peakMagnitude = max(peakMagnitude, abs(row.constant))
        rows.replace(index, with: row)
        rowStates[index].basic = entering
        basicRow[entering] = index
        basicRow[leaving] = -1
        substitute(entering, by: row)
    }

    /// Whether `a`, a coefficient of `row`, is too small against the row's largest one to be a
    /// pivot element (`Tolerance.pivotNoise`): it is what is left of a cancellation, and dividing
    /// by it would blow the row up. Only small coefficients are checked against the row.
    @inline(__always)
    private func isNoise(_ a: Double, in row: RowView) -> Bool {
        guard abs(a) < 1e-6 else { return false }
        let largest = row.terms.reduce(0) { max($0, abs($1.coefficient)) }
        return abs(a) < Tolerance.pivotNoise * largest
    }

    /// The restricted row that first blocks `symbol` as it increases from 0, and whether it
    /// blocks at once (a degenerate pivot); nil if none does. Ties go to the shortest row (the
    /// pivot then fills in least), then the lowest basic id; with `bland`, to the lowest basic
    /// id only (Bland's rule, which cannot cycle).
    private func blockingRow(for symbol: Int, bland: Bool = false) -> (index: Int, degenerate: Bool)? {
        var best: Int?
        var bestRatio = Double.infinity
        var bestKey = (length: Int.max, basic: Int.max)
        for index in columns.rows(of: symbol) where isRestrictedRow(index) {
            let a = rows[index].coefficient(of: symbol)
            guard a < -Tolerance.zero, !isNoise(a, in: rows[index]) else { continue }
            let ratio = max(0, rows[index].constant) / -a
            let key = (length: bland ? 0 : rows[index].terms.count, basic: rowStates[index].basic)
            if ratio < bestRatio || (ratio == bestRatio && key < bestKey) {
                best = index
                bestRatio = ratio
                bestKey = key
            }
        }
        return best.map { ($0, bestRatio == 0) }
    }

    /// Consecutive degenerate pivots after which an optimisation breaks ratio ties by Bland's
    /// rule until a pivot makes progress.
    static let blandAfter = 64

    // MARK: Adding and removing constraints

    /// Adds `expression relation 0` at `priority` (1000: required). `edit` gives a required
    /// equality a dummy marker so its constant can change later; `subject`, when given, is the
    /// variable to make basic (one that is in no row). Throws `.unsatisfiable(conflict: [])` if
    /// a required constraint cannot hold, leaving the constraint set unchanged.
    ///
    /// `bounds` makes an optional equality a pair of bounds on one expression in one row,
    /// `expression = marker − other`: the marker (how far above 0, breaking `≤ 0`) is costed at
    /// `above`, the other error (how far below, breaking `≥ 0`) at `below`.
    ///
    /// A required constraint that the rows leave missing by more than `Tolerance.rounding` of
    /// what they were computed through, but within `Tolerance.consistency` of it, conflicts if it
    /// misses the precision contract at the current values: `asGiven` judges that from a value
    /// of each tableau variable for a caller that inlined definitions into `expression` (whose
    /// numbers can be far larger than the constraint's own: `x = 1000·y − 1.4e8` with x ≈
    /// 3.3e-4, and the contract allows a millionth of them); where it says nil, `expression` is
    /// judged itself. (Not an optional closure: that would escape, and be allocated at each call.)
    mutating func insert(
        _ expression: NormalizedExpression, _ relation: Relation, priority: Double,
        edit: Bool = false, subject forced: Int? = nil, bounds: (above: Double, below: Double)? = nil,
        asGiven: (_ value: (Int) -> Double) -> Bool? = { _ in nil }
    ) throws(SolverError) -> ConstraintTag {
        let firstNewSymbol = symbolCount
        let sign: Double = relation == .lessThanOrEqual ? -1 : 1
        var row = Row()
        swap(&row, &inserting)
        defer { swap(&row, &inserting) }
        row.reset(constant: sign * expression.constant, magnitude: expression.magnitude)
        var capacity = 2
        for variable in expression.variables {
            let symbol = variable < variableSymbol.count ? variableSymbol[variable] : -1
            capacity += symbol >= 0 && basicRow[symbol] >= 0 ? rows[basicRow[symbol]].terms.count : 1
        }
        // A long row is summed in `building`, whose storage is kept from one row to the next.
        let long = capacity > Tableau.sparseBuildAfter
        if !long { row.terms.reserveCapacity(capacity) }
        for i in expression.variables.indices {
            let symbol = externalSymbol(for: expression.variables[i])
            let coefficient = sign * expression.coefficients[i]
            let basic = basicRow[symbol]
            if basic >= 0 {
                if rowStates[basic].isStale { refreshRow(basic) }
                if long {
                    building.add(coefficient, rows[basic], into: &row)
                } else if row.terms.isEmpty {
                    row.addIntoEmpty(coefficient, rows[basic])
                } else {
                    row.addInPlace(coefficient, rows[basic], added: { _ in }, dropped: { _ in })
                }
            } else if long {
                building.add(symbol, coefficient)
            } else {
                row.add(coefficient, symbol)
            }
        }
        if long { building.drain(into: &row.terms) }
        // What the row was computed through, not only what it holds now: its rows' values
        // carry the rounding of the largest numbers they passed through.
        let scale = max(1, row.magnitude)
        var tag = ConstraintTag(priority: priority)
        // The levels at which the new marker and other error cost 1 (-1: no cost), added once
        // the subject is chosen.
        var levels = (marker: -1, other: -1)
        if priority >= 1000 {
            if relation != .equal {
                tag.marker = newSymbol(.slack)
                tag.markerCoefficient = -1
            } else if edit {
                tag.marker = newSymbol(.dummy)
                tag.markerCoefficient = 1
            }
            if tag.marker >= 0 { row.appendFresh(tag.markerCoefficient, tag.marker) }
        } else {
            let level = objective.level(for: priority)
            tag.marker = newSymbol(relation == .equal ? .error : .slack)
            tag.other = newSymbol(.error)
            tag.markerCoefficient = -1
            row.appendFresh(-1, tag.marker)
            row.appendFresh(1, tag.other)
            if let bounds {
                levels = (objective.level(for: bounds.above), objective.level(for: bounds.below))
            } else {
                levels = (relation == .equal ? level : -1, level)
            }
        }
        if row.constant < 0 { row.scale(by: -1) }

        var subject = -1
        if let forced, forced < variableSymbol.count, row.coefficient(of: variableSymbol[forced]) != 0 {
            subject = variableSymbol[forced]
        } else {
            subject = chooseSubject(row, tag)
        }
        if subject < 0 {
            if row.terms.allSatisfy({ kinds[$0.symbol] == .dummy }) {
                // A row left with no symbol fixes the constraint's value: it conflicts beyond
                // rounding, or when it misses as given (see above).
                if abs(row.constant) > Tolerance.consistency * scale
                    || row.terms.isEmpty && abs(row.constant) > Tolerance.rounding * scale
                    && misses(expression, relation, asGiven: asGiven) {
                    throw .unsatisfiable(conflict: [])
                }
                if tag.marker >= 0 {
                    subject = tag.marker
                } else if let dummy = row.terms.indices.max(by: { abs(row.terms[$0].coefficient) < abs(row.terms[$1].coefficient) }) {
                    // A dummy made basic must stay 0: moving the edit later breaks this row,
                    // and the dual simplex reports the conflict.
                    subject = row.terms[dummy].symbol
                    tag.onlyPinsEdits = true
                } else {
                    return tag
                }
            } else {
                addCosts(of: tag, at: levels, except: -1)
                try insertWithArtificial(row, scale: scale, holding: expression, relation, asGiven: asGiven)
                return tag
            }
        }
        addCosts(of: tag, at: levels, except: subject)
        row.solve(for: subject)
        if subject == tag.marker, levels.marker >= 0 {
            row.withView { objective.addCost(1, of: $0, level: levels.marker) }
        } else if subject == tag.other, levels.other >= 0 {
            row.withView { objective.addCost(1, of: $0, level: levels.other) }
        } else {
            substitute(subject, by: row, fresh: subject >= firstNewSymbol)
        }
        _ = storeRow(row, basic: subject)
        return tag
    }

    /// Costs the new errors of `tag` 1 at `levels` (-1: no cost), except `subject`: a new row's
    /// subject is basic from the start, so its cost goes straight into the objective through its
    /// row, as substituting it would put it there (the same numbers, without the cost made and
    /// taken out again).
    private mutating func addCosts(of tag: ConstraintTag, at levels: (marker: Int, other: Int), except subject: Int) {
        if levels.marker >= 0, tag.marker != subject { objective.addCost(1, to: tag.marker, level: levels.marker) }
        if levels.other >= 0, tag.other != subject { objective.addCost(1, to: tag.other, level: levels.other) }
    }

    /// The basic symbol for a new row `0 = row` (constant ≥ 0): an external whose coefficient is
    /// at least `Tolerance.pivotRatio` of the row's largest external one (a smaller pivot
    /// multiplies rounding errors: 1e-3 against 1 makes rows of 1e9), preferring one in no other
    /// row (no substitution, no fill-in), then the fewest rows, then the lowest id; else a new
    /// slack marker with a negative coefficient (an optional inequality holds as it stands);
    /// else, for an optional constraint, a parametric slack that can take up the row
    /// (`slackTakingUp`); else a new error with a negative coefficient; else -1 (phase one).
    ///
    /// The row is read a second time only when it holds two or more externals (the largest
    /// always qualifies): none (most rows of optional constraints) leaves the marker, a slack or
    /// an error, and one is the subject.
    ///
    /// It changes nothing; it is `mutating` so that `insert` passes the tableau by address:
    /// called as a non-mutating method from there, it was given a 352-byte copy (a `memcpy` per
    /// constraint).
    private mutating func chooseSubject(_ row: Row, _ tag: ConstraintTag) -> Int {
        var largest = 0.0
        var externals = 0
        var external = -1
        // Through the buffers of the row's terms and of `kinds`: every term is read, and each
        // read of `kinds` was bounds-checked.
        row.terms.withUnsafeBufferPointer { terms in
            kinds.withUnsafeBufferPointer { kinds in
                for term in terms where kinds[term.symbol] == .external {
                    largest = max(largest, abs(term.coefficient))
                    externals += 1
                    external = term.symbol
                }
            }
        }
        if externals == 1 { return external }
        if externals > 1 {
            var best = -1
            var bestCount = Int.max
            for term in row.terms where kinds[term.symbol] == .external
                && abs(term.coefficient) >= Tolerance.pivotRatio * largest {
                let symbol = term.symbol
                let count = columns.held(symbol)
                if count < bestCount {
                    best = symbol
                    bestCount = count
                    if count == 0 { break }
                }
            }
            return best
        }
        let markerEnters = tag.marker >= 0 && kinds[tag.marker].canEnter && row.coefficient(of: tag.marker) < 0
        if markerEnters, kinds[tag.marker] == .slack { return tag.marker }
        if tag.other >= 0, let slack = slackTakingUp(row) { return slack }
        if markerEnters { return tag.marker }
        if tag.other >= 0, row.coefficient(of: tag.other) < 0 { return tag.other }
        return -1
    }

    /// A parametric slack of `row` that can be its subject while every restricted row stays
    /// feasible, or nil. The row holds no external: one left parametric would stay at 0, as only
    /// slacks and errors enter (`SymbolKind.canEnter`). The candidates are the slacks with a
    /// negative coefficient at least `Tolerance.pivotRatio` of the row's largest (a smaller pivot
    /// multiplies rounding: a FuzzSolver input of coefficients 0.0005 and 1 was refused as
    /// imprecise through a slack taken so); each would take the value
    /// `row.constant / -coefficient`, and they are tried in order of the rows that hold them,
    /// fewest first (then the lowest id), as an external subject is chosen: fewer rows to check
    /// and rewrite, and a slack local to the view (taking the first that passed left 546 pivots
    /// at 10,000 nested views, and 5 % of the time checking long columns).
    ///
    /// An optional equality's own errors, made the subject instead, start at that value: the
    /// level's optimisation then pivots the slack in to bring them back to 0. Between the
    /// required rows of a view's position and the intrinsic sizes placed after them, that was
    /// most of the pivots: at 10,000 views all of the nested grid's 8,013 and the table cells'
    /// 3,615, and 10,684 of the priority soup's 13,522. A required row is left to phase one,
    /// which tells rounding residue from a row to hold (`insertWithArtificial`).
    private func slackTakingUp(_ row: Row) -> Int? {
        let least = Tolerance.pivotRatio * row.terms.reduce(0) { max($0, abs($1.coefficient)) }
        var tried = (held: -1, symbol: -1)
        while true {
            var next = (held: Int.max, symbol: Int.max)
            for term in row.terms where -term.coefficient >= least && kinds[term.symbol] == .slack {
                let key = (held: columns.held(term.symbol), symbol: term.symbol)
                if key > tried, key < next { next = key }
            }
            guard next.symbol != Int.max else { return nil }
            let coefficient = row.coefficient(of: next.symbol)
            if staysFeasible(raising: next.symbol, to: row.constant / -coefficient) { return next.symbol }
            tried = next
        }
    }

    /// Whether the parametric `symbol` can take `value` (≥ 0) with every row that holds it
    /// still feasible (as `noteIfInfeasible` judges): a row's constant moves by its coefficient
    /// times `value`, and a dummy's must stay 0.
    private func staysFeasible(raising symbol: Int, to value: Double) -> Bool {
        columns.rows(of: symbol).allSatisfy { index in
            guard isRestrictedRow(index) else { return true }
            let moved = rows[index].constant + rows[index].coefficient(of: symbol) * value
            return kinds[rowStates[index].basic] == .dummy ? abs(moved) <= Tolerance.feasibility : moved >= -Tolerance.feasibility
        }
    }

    /// Whether the constraint misses the precision contract at the current values: as
    /// `asGiven` judges it, else as `expression`.
    private func misses(
        _ expression: NormalizedExpression, _ relation: Relation, asGiven: (_ value: (Int) -> Double) -> Bool?
    ) -> Bool {
        asGiven { currentValue(of: $0) } ?? expression.missesBeyondPrecision(relation, at: { currentValue(of: $0) })
    }

    /// Phase one: adds `0 = row` through an artificial symbol and minimises it. On failure the
    /// artificial row is dropped, which leaves an equivalent basis of the previous constraints.
    ///
    /// The constraint, `expression relation 0`, conflicts when the artificial stays above what
    /// rounding could leave (`Tolerance.consistency` of `scale`, what the row was computed
    /// through, or of what the pivots brought in), and also, past `Tolerance.rounding` of it, when
    /// the constraint itself, evaluated at the values phase one reached, misses by more than
    /// `Tolerance.precision` of its own size: a row computed through large numbers can hide a
    /// small real conflict inside its rounding allowance, and accepted, it would only make the
    /// solve fail as `.imprecise` (a miss of 2e-6 between two constraints on x ≈ 0.001 allowed
    /// as rounding because a row through x had carried 2.9e5).
    private mutating func insertWithArtificial(
        _ row: borrowing Row, scale: Double, holding expression: NormalizedExpression, _ relation: Relation,
        asGiven: (_ value: (Int) -> Double) -> Bool?
    ) throws(SolverError) {
        let artificial = newSymbol(.artificial)
        _ = storeRow(row, basic: artificial)
        let goal = storeRow(row, basic: Tableau.phaseOneObjective)
        do {
            var steps = 0
            while let entering = phaseOneEntering(rows[goal], steepest: steps < Tableau.steepestSteps) {
                guard let (index, _) = blockingRow(for: entering, bland: steps >= Tableau.steepestSteps) else { break }
                try pivot(entering, index)
                steps += 1
            }
        } catch {
            freeRow(goal)
            removeMarker(artificial)
            objective.clear(artificial)
            throw error
        }
        let residual = rows[goal].constant
        // The pivots brought other rows, and the rounding of what they passed through, in.
        let size = max(scale, rows[goal].magnitude)
        freeRow(goal)
        if residual > Tolerance.consistency * size
            || residual > Tolerance.rounding * size && misses(expression, relation, asGiven: asGiven) {
            removeMarker(artificial)
            objective.clear(artificial)
            throw .unsatisfiable(conflict: [])
        }
        let index = basicRow[artificial]
        if index >= 0 {
            // The artificial is basic at 0: pivot it out on its largest coefficient, or, when
            // every coefficient is rounding noise, drop the row (0 = 0: the constraint was implied).
            // Noise is measured against what the row was computed through: a duplicate of an
            // equality built from rows that carried 1.6e7 keeps coefficients of 2e-10, and a
            // pivot on one of those multiplies the tableau by 5e9.
            var pivotable: Int?
            var largest = max(Tolerance.zero, Tolerance.consistency * rows[index].magnitude)
            for term in rows[index].terms where abs(term.coefficient) > largest {
                let symbol = term.symbol
                guard kinds[symbol] != .dummy && kinds[symbol] != .artificial else { continue }
                pivotable = symbol
                largest = abs(term.coefficient)
            }
            if let pivotable {
                unbudgeted { (t: inout Tableau) throws(SolverError) in try t.pivot(pivotable, index) }
            } else {
                freeRow(index)
            }
        }
        for index in columns.rows(of: artificial) { rows.remove(artificial, from: index) }
        clearColumn(artificial)
        objective.clear(artificial)
    }

    /// Phase one pivots this many times on the steepest descent of the artificial (a coefficient
    /// of 1e-5 beside ones of 1 would make rows of 1e11), then by Bland's rule, which cannot cycle.
    static let steepestSteps = 64

    /// The symbol to enter in phase one: one whose coefficient in `goal` is negative, the most
    /// negative when `steepest` (lowest id on ties), else the lowest id.
    private func phaseOneEntering(_ goal: RowView, steepest: Bool) -> Int? {
        var best: Int?
        var bestCoefficient = -Tolerance.zero
        for term in goal.terms where kinds[term.symbol].canEnter && term.coefficient < bestCoefficient {
            best = term.symbol
            guard steepest else { return best }
            bestCoefficient = term.coefficient
        }
        return best
    }

    /// Runs `body` with the budget off: used to restore a consistent state after an error.
    private mutating func unbudgeted(_ body: (inout Tableau) throws(SolverError) -> Void) {
        let enforcing = meter.enforcing
        meter.enforcing = false
        do { try body(&self) } catch {}
        meter.enforcing = enforcing
    }

    /// Removes the row that carries `marker`, pivoting it into the basis first if parametric,
    /// choosing the row that keeps every restricted symbol feasible, else the unrestricted row
    /// where the marker has its largest coefficient (a small pivot element multiplies rounding).
    private mutating func removeMarker(_ marker: Int) {
        if basicRow[marker] >= 0 {
            freeRow(basicRow[marker])
            return
        }
        var chosen: Int?
        var chosenKey = (rank: 3, ratio: Double.infinity, basic: Int.max)
        for index in columns.rows(of: marker) where rowStates[index].basic >= 0 {
            let a = rows[index].coefficient(of: marker)
            guard a != 0 else { continue }
            let basic = rowStates[index].basic
            let key: (rank: Int, ratio: Double, basic: Int)
            if !kinds[basic].isRestricted {
                key = (2, -abs(a), basic)
            } else if a < 0 {
                key = (0, -rows[index].constant / a, basic)
            } else {
                key = (1, rows[index].constant / a, basic)
            }
            if key < chosenKey {
                chosen = index
                chosenKey = key
            }
        }
        guard let chosen else { return }
        unbudgeted { (t: inout Tableau) throws(SolverError) in try t.pivot(marker, chosen) }
        freeRow(chosen)
    }

    /// Removes a constraint that has a marker, and its costs.
    mutating func remove(_ tag: ConstraintTag) {
        if tag.priority < 1000, let level = objective.existingLevel(for: tag.priority) {
            for error in [tag.marker, tag.other] where error >= 0 && kinds[error] == .error {
                if basicRow[error] >= 0 {
                    objective.addCost(-1, of: rows[basicRow[error]], level: level)
                } else {
                    objective.addCost(-1, to: error, level: level)
                }
            }
        }
        removeMarker(tag.marker)
        for symbol in [tag.marker, tag.other] where symbol >= 0 {
            if basicRow[symbol] >= 0 { freeRow(basicRow[symbol]) }
            for index in columns.rows(of: symbol) { rows.remove(symbol, from: index) }
            clearColumn(symbol)
            objective.clear(symbol)
        }
    }

    // MARK: Optimisation

    /// Primal simplex on the lexicographic objective: the entering symbol has the most negative
    /// cost vector (Dantzig's rule: far fewer pivots than the lowest id), the leaving row the
    /// smallest ratio, ties to the shortest row. After `blandAfter` degenerate pivots in a row
    /// both follow Bland's rule (lowest ids) until a pivot makes progress, so it cannot cycle.
    mutating func optimize() throws(SolverError) {
        var degenerateRun = 0
        while let entering = degenerateRun >= Tableau.blandAfter ? objective.popLowest() : objective.popBest() {
            guard basicRow[entering] < 0, kinds[entering].canEnter else { continue }
            guard let (index, degenerate) = blockingRow(for: entering, bland: degenerateRun >= Tableau.blandAfter) else { continue }
            degenerateRun = degenerate ? degenerateRun + 1 : 0
            do { try pivot(entering, index) } catch {
                objective.noteChanged(entering)
                throw error
            }
        }
    }

    /// Costs the slack of `tag`, a required inequality's, 1 at `priority` (through its row when
    /// it is basic): the error of an optional bound on the same expression.
    mutating func costSlack(of tag: ConstraintTag, priority: Double) {
        let level = objective.level(for: priority)
        let slack = tag.marker
        if basicRow[slack] >= 0 {
            objective.addCost(1, of: rows[basicRow[slack]], level: level)
        } else {
            objective.addCost(1, to: slack, level: level)
        }
    }

    /// Starts a batch (see `staleRows`); nothing if one is open.
    mutating func beginBatch() { deferringExternalRows = true }

    /// Ends a batch: every row is up to date again, and the column index is rebuilt (its entries
    /// for stale rows went with the columns of the symbols that became basic).
    mutating func endBatch() {
        guard deferringExternalRows else { return }
        deferringExternalRows = false
        guard !staleRows.isEmpty else { return }
        for index in staleRows { refreshRow(index) }
        for index in staleRows { rowStates[index].isStale = false }
        staleRows.removeAll(keepingCapacity: true)
        columns.removeAll()
        for index in rows.indices where rowStates[index].basic != Tableau.freeSlot {
            noteAdded(index)
        }
    }

    /// Brings the stale row `start` up to date, first the stale rows it depends on (rows of
    /// externals that became basic after it went stale: they never depend back on it). A row
    /// refreshed since the last change of `basicChanges` is up to date and is passed by, so a
    /// row read many times between pivots is scanned once. Within a batch the row stays
    /// marked stale: substitutions still pass it by, and a later read refreshes it again.
    ///
    /// Each row is scanned once: one that waits for others keeps its count of basic symbols on
    /// the stack (refreshing them makes no symbol basic), where it was scanned again after them.
    /// The dependencies form no cycle: a row depends only on rows whose symbols became basic
    /// after it was last brought up to date, and those rows were built without its own basic
    /// symbol. So the stack empties.
    private mutating func refreshRow(_ start: Int) {
        guard rowStates[start].refreshedAt != basicChanges else { return }
        var stack = refreshStack
        refreshStack = []
        // The loop ends with the stack empty: its storage goes back as it is.
        defer { refreshStack = stack }
        stack.append((start, -1))
        while let (top, scanned) = stack.last {
            if rowStates[top].refreshedAt == basicChanges {
                stack.removeLast()
                continue
            }
            var outdated = scanned
            if outdated < 0 {
                let depth = stack.count
                outdated = 0
                // Through the buffers of the row's terms and of `basicRow`: no bounds check at
                // each term of a row that may hold thousands.
                let terms = rows[top].terms
                basicRow.withUnsafeBufferPointer { basicRow in
                    for term in terms {
                        let index = basicRow[term.symbol]
                        guard index >= 0 else { continue }
                        outdated += 1
                        // Pushed even when it is further down the stack already (another row's
                        // dependency too): an entry there is refreshed only after this row,
                        // which would take its stale terms in. The lower entry is then passed by
                        // as up to date.
                        if !isUpToDate(index) {
                            stack.append((index, -1))
                        }
                    }
                }
                if stack.count > depth {
                    stack[depth - 1].outdated = outdated
                    continue
                }
            }
            if outdated > 0 {
                refresh(top, outdated: outdated)
                peakMagnitude = max(peakMagnitude, abs(rows[top].constant))
            }
            rowStates[top].refreshedAt = basicChanges
            stack.removeLast()
        }
    }

    /// Brings row `index` up to date: every symbol of it that is now basic (`outdated` of them)
    /// replaced by its row (which is up to date). With at most `mergedRefreshes` such symbols the
    /// row is merged with each of their rows in turn (linear, nothing to sort); with more,
    /// everything is summed in one pass through a `SparseSum`, where a chain of merges over a
    /// long row would be quadratic.
    private mutating func refresh(_ index: Int, outdated: Int) {
        var result = Row()
        swap(&result, &working)
        defer { swap(&result, &working) }
        if outdated > Tableau.mergedRefreshes {
            var sum = refreshing
            refreshing = SparseSum()
            let stale = rows[index]
            result.reset(constant: stale.constant, magnitude: stale.magnitude)
            for term in stale.terms {
                let basic = basicRow[term.symbol]
                guard basic >= 0 else {
                    sum.add(term.symbol, term.coefficient)
                    continue
                }
                sum.add(term.coefficient, rows[basic], into: &result)
            }
            sum.drain(into: &result.terms)
            refreshing = sum
        } else {
            result.copy(rows[index])
            mergeBasicRows(into: &result)
        }
        rows.replace(index, with: result)
    }

    /// A stale row with this many basic symbols or fewer is refreshed by merges.
    static let mergedRefreshes = 2

    /// Merges `row` with the row of each of its basic symbols in turn (`scratch` takes the merges).
    private mutating func mergeBasicRows(into row: inout Row) {
        var merged = Row()
        swap(&merged, &scratch)
        defer { swap(&merged, &scratch) }
        var position = 0
        while position < row.terms.count {
            let symbol = row.terms[position].symbol
            let basic = basicRow[symbol]
            guard basic >= 0 else {
                position += 1
                continue
            }
            let definition = rows[basic]
            let factor = row.terms[position].coefficient
            if Self.goesInPlace(definition, into: row.terms.count) {
                row.terms.remove(at: position)
                row.addInPlace(factor, definition, added: { _ in }, dropped: { _ in })
            } else {
                row.withView {
                    $0.merge(factor, definition, skipping: symbol, into: &merged, added: { _ in }, dropped: { _ in })
                }
                swap(&row, &merged)
            }
            // The row holds only parametric symbols below `symbol`'s place as before.
            position = row.position(of: symbol)
        }
    }

    /// Moves the constant of the edit constraint tagged `tag` by `delta`, noting rows that
    /// become infeasible. `dualOptimize()` then restores feasibility.
    mutating func shiftEdit(_ tag: ConstraintTag, by delta: Double) {
        let marker = tag.marker
        guard marker >= 0, tag.markerCoefficient != 0 else { return }
        let shift = delta / tag.markerCoefficient
        if basicRow[marker] >= 0 {
            let index = basicRow[marker]
            rows.shiftConstant(of: index, by: shift)
            noteIfInfeasible(index)
        }
        compactColumn(marker)
        for index in columns.rows(of: marker) where rowStates[index].basic >= 0 {
            rows.shiftConstant(of: index, by: -rows[index].coefficient(of: marker) * shift)
            noteIfInfeasible(index)
        }
    }

    /// Notes every infeasible row (after an aborted dual pass, before restoring).
    private mutating func noteAllInfeasible() {
        infeasible = []
        for index in rows.indices { noteIfInfeasible(index) }
    }

    /// Dual simplex: drives infeasible rows feasible while keeping the cost vectors
    /// lexicographically non-negative. Throws `.unsatisfiable(conflict: [])` when a row cannot
    /// be made feasible.
    mutating func dualOptimize() throws(SolverError) {
        while let leaving = infeasible.popLast() {
            let index = basicRow[leaving]
            guard index >= 0 else { continue }
            let row = rows[index]
            if kinds[leaving] == .dummy {
                if abs(row.constant) > Tolerance.feasibility {
                    infeasible.append(leaving)
                    throw .unsatisfiable(conflict: [])
                }
                continue
            }
            guard row.constant < -Tolerance.feasibility else { continue }
            var entering = -1
            var enteringCoefficient = 0.0
            for term in row.terms {
                let (symbol, a) = (term.symbol, term.coefficient)
                guard a > Tolerance.zero, kinds[symbol].canEnter, !isNoise(a, in: row) else { continue }
                if entering < 0 || objective.ratio(symbol, a, isBelow: entering, enteringCoefficient) == true {
                    entering = symbol
                    enteringCoefficient = a
                }
            }
            guard entering >= 0 else {
                infeasible.append(leaving)
                throw .unsatisfiable(conflict: [])
            }
            do { try pivot(entering, index) } catch {
                infeasible.append(leaving)
                throw error
            }
        }
    }

    /// Restores feasibility with no budget (after a suggestion was undone).
    mutating func restoreFeasibility() {
        noteAllInfeasible()
        unbudgeted { (t: inout Tableau) throws(SolverError) in try t.dualOptimize() }
        infeasible = []
    }

    // MARK: Reading

    /// What a row is worth under a linear functional, and the summed magnitude of what was added
    /// into it.
    struct Reading {
        var value: Double
        var magnitude: Double
    }

    /// Whether row `index` holds only parametric symbols: not stale, or refreshed since the
    /// last symbol became basic.
    @inline(__always)
    private func isUpToDate(_ index: Int) -> Bool {
        !rowStates[index].isStale || rowStates[index].refreshedAt == basicChanges
    }

    /// What row `start` is worth when its constant counts (if `constants`) and each parametric
    /// symbol is worth `parametric[symbol]` (0 when nil), read through stale rows without
    /// rewriting them: a stale row's basic symbols are worth what their rows are, which never
    /// lead back to it (see `refreshRow`); an up-to-date row holds only parametric symbols.
    /// Each row is read once, and `known` keeps what was read for later calls. `stack` is
    /// scratch for the rows waiting on others (empty before and after): a caller reading many
    /// rows passes the same one, so its storage is made once.
    ///
    /// Phase one reads values this way while its artificial is still in rows (a stale row brought
    /// up to date then would take the artificial in where the column index, which removes it
    /// afterwards, does not list it), and a solve reads every value this way instead of bringing
    /// every stale row up to date.
    func reading<Known: RowReadings>(
        _ start: Int, constants: Bool, parametric: [Double]?, known: inout Known, stack: inout [Int]
    ) -> Reading {
        if let reading = known[start] { return reading }
        stack.append(start)
        while let top = stack.last {
            guard known[top] == nil else {
                stack.removeLast()
                continue
            }
            let constant = constants ? rows[top].constant : 0
            if parametric == nil, isUpToDate(top) {
                known[top] = Reading(value: constant, magnitude: abs(constant))
                stack.removeLast()
                continue
            }
            var reading = Reading(value: constant, magnitude: abs(constant))
            var waiting = false
            // Through the buffers, as in `refreshRow`.
            let terms = rows[top].terms
            basicRow.withUnsafeBufferPointer { basicRow in
                for term in terms {
                    let row = basicRow[term.symbol]
                    if row >= 0 {
                        if parametric == nil, isUpToDate(row) {
                            // Worth its constant, as the loop above would find: read in place,
                            // where waiting for it scanned this row a second time.
                            let worth = constants ? rows[row].constant : 0
                            reading.value += term.coefficient * worth
                            reading.magnitude += abs(term.coefficient * worth)
                        } else if let worth = known[row] {
                            reading.value += term.coefficient * worth.value
                            reading.magnitude += abs(term.coefficient) * worth.magnitude
                        } else {
                            stack.append(row)
                            waiting = true
                        }
                    } else if let parametric {
                        let step = term.coefficient * parametric[term.symbol]
                        reading.value += step
                        reading.magnitude += abs(step)
                    }
                }
            }
            if waiting { continue }
            known[top] = reading
            stack.removeLast()
        }
        return known[start] ?? Reading(value: 0, magnitude: 0)
    }

    /// The row of `variable`'s symbol when it is basic, else -1.
    func row(of variable: Int) -> Int {
        guard variable < variableSymbol.count, variableSymbol[variable] >= 0 else { return -1 }
        return basicRow[variableSymbol[variable]]
    }

    /// The value of `variable` at the current basis (0 if it is in no row), read through stale
    /// rows (see `reading`).
    func currentValue(of variable: Int) -> Double {
        let index = row(of: variable)
        guard index >= 0 else { return 0 }
        var known: [Int: Reading] = [:]
        var stack: [Int] = []
        return reading(index, constants: true, parametric: nil, known: &known, stack: &stack).value
    }

    /// Writes the value of every variable at the current basis over `values` (0 for one in no
    /// row), read through stale rows (see `reading`): the batch stays open, and a stale row is
    /// brought up to date only if a later call needs it. The reading stack is reserved for 16
    /// rows, which a small solve's chains of rows grew to from empty one doubling at a time.
    func readValues(into values: inout [Double]) {
        var known = RowReadingTable(rows: rows.count)
        var stack: [Int] = []
        stack.reserveCapacity(16)
        for variable in values.indices {
            let index = row(of: variable)
            values[variable] = index >= 0 ? reading(index, constants: true, parametric: nil, known: &known, stack: &stack).value + 0 : 0
        }
    }
}

/// Where `Tableau.reading` keeps the rows it has read.
protocol RowReadings {
    subscript(_ row: Int) -> Tableau.Reading? { get set }
}

extension Dictionary: RowReadings where Key == Int, Value == Tableau.Reading {}

/// Readings for every row of a tableau, by row index.
struct RowReadingTable: RowReadings {
    private var readings: [Tableau.Reading?]

    init(rows: Int) { readings = Array(repeating: nil, count: rows) }

    subscript(_ row: Int) -> Tableau.Reading? {
        get { readings[row] }
        set { readings[row] = newValue }
    }
}

extension SparseSum {
    /// Adds `factor` times the terms of `row` to the sum, and its constant (and what that was
    /// computed through, `Row.magnitude`) to `target`'s, whose terms are the sum's.
    @inline(__always)
    mutating func add(_ factor: Double, _ row: RowView, into target: inout Row) {
        add(factor, row.terms)
        target.constant += factor * row.constant
        target.magnitude = max(target.magnitude, abs(factor) * row.magnitude, abs(target.constant))
    }
}
