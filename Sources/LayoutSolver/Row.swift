/// A sparse linear row `constant + Σ terms[i].coefficient · terms[i].symbol`, symbols ascending.
///
/// In the tableau a row is the definition of its basic symbol; while a constraint is being
/// built it is the equation `0 = row`. Each symbol sits beside its coefficient, in one block of
/// storage per row: what a merge or a lookup reads together is fetched together.
struct Row: Sendable {
    struct Term: Sendable {
        var symbol: Int
        var coefficient: Double
    }

    var terms: [Term] = []
    var constant: Double = 0
    /// The largest |number| summed into the constant so far, scaled as the row was: the constant
    /// carries about 1e-16 of it in rounding per operation, however small it is now.
    var magnitude: Double = 0

    init(constant: Double = 0) {
        self.constant = constant
        magnitude = abs(constant)
    }

    /// A copy of `row` in storage of its own size.
    init(fitting row: Row) {
        terms.reserveCapacity(row.terms.count)
        terms.append(contentsOf: row.terms)
        constant = row.constant
        magnitude = row.magnitude
    }

    /// Makes the row equal to `other` in its own storage, which must have room for `other`'s
    /// terms: a merge written into the tableau's spare row comes back this way when it fits, so
    /// the spare keeps its size, where trading it for the row's (often shorter) storage had a
    /// later merge grow it again, or a long one leave it oversized, to be copied into storage
    /// of its own size. Out of line: inlined at its two callers, the solve took 0.4M more
    /// instructions at 10,000 views.
    @inline(never)
    mutating func copy(_ other: Row) {
        terms.removeAll(keepingCapacity: true)
        terms.append(contentsOf: other.terms)
        constant = other.constant
        magnitude = other.magnitude
    }

    /// Whether `terms` holds far more storage than terms (reserved for rows that then
    /// cancelled): such a row is copied into storage of its own size before it is kept.
    var isOversized: Bool { terms.capacity > 2 * terms.count + 32 }

    /// The position of `symbol` in `terms`, or where it would be inserted; `from` is a position
    /// known to be at or before it.
    @inline(__always)
    func position(of symbol: Int, from start: Int = 0) -> Int {
        var low = start
        var high = terms.count
        while low < high {
            let mid = (low + high) &>> 1
            if terms[mid].symbol < symbol { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The coefficient of `symbol`, 0 if absent.
    @inline(__always)
    func coefficient(of symbol: Int) -> Double {
        let i = position(of: symbol)
        return i < terms.count && terms[i].symbol == symbol ? terms[i].coefficient : 0
    }

    /// Adds `coefficient · symbol`, dropping the term if it cancels.
    mutating func add(_ coefficient: Double, _ symbol: Int) {
        let i = position(of: symbol)
        if i < terms.count && terms[i].symbol == symbol {
            let sum = terms[i].coefficient + coefficient
            if Tolerance.cancels(sum, scale: max(abs(terms[i].coefficient), abs(coefficient))) {
                terms.remove(at: i)
            } else {
                terms[i].coefficient = sum
            }
        } else if coefficient != 0 {
            insert(Term(symbol: symbol, coefficient: coefficient), at: i)
        }
    }

    /// Appends `coefficient · symbol` for a symbol above every symbol of the row (one just
    /// made): its place is the end, found without a search.
    @inline(__always)
    mutating func appendFresh(_ coefficient: Double, _ symbol: Int) {
        terms.append(Term(symbol: symbol, coefficient: coefficient))
    }

    /// Inserts a term at position `i`; at the end (a symbol made last: a new marker or error,
    /// the common case) it is a plain append, not the general insertion.
    @inline(__always)
    private mutating func insert(_ term: Term, at i: Int) {
        if i == terms.count {
            terms.append(term)
        } else {
            terms.insert(term, at: i)
        }
    }

    /// Removes the term of `symbol` if present.
    mutating func remove(_ symbol: Int) {
        let i = position(of: symbol)
        if i < terms.count && terms[i].symbol == symbol { terms.remove(at: i) }
    }

    /// Solves `0 = row` for `symbol`, one of its terms with coefficient `a`: the row becomes
    /// `symbol`'s definition, every other term and the constant times `-1 / a`, in one pass
    /// (the same numbers as removing the term and then scaling). Returns `a`; 0, with the row
    /// unchanged, when `symbol` is not in it.
    @discardableResult
    mutating func solve(for symbol: Int) -> Double {
        let at = position(of: symbol)
        guard at < terms.count, terms[at].symbol == symbol else { return 0 }
        let a = terms[at].coefficient
        let factor = -1 / a
        constant *= factor
        magnitude *= abs(factor)
        let last = terms.count - 1
        terms.withUnsafeMutableBufferPointer { terms in
            for i in 0..<at { terms[i].coefficient *= factor }
            for i in at..<last { terms[i] = Term(symbol: terms[i + 1].symbol, coefficient: terms[i + 1].coefficient * factor) }
        }
        terms.removeLast()
        return a
    }

    /// Multiplies every coefficient and the constant by `factor`.
    mutating func scale(by factor: Double) {
        constant *= factor
        magnitude *= abs(factor)
        for i in terms.indices { terms[i].coefficient *= factor }
    }

    /// `self += factor · other` for a row without terms yet (a new row's first basic variable):
    /// the terms are appended as they come, with no search, as `other`'s symbols are ascending
    /// and none is there to meet; the same numbers as `addInPlace`.
    mutating func addIntoEmpty(_ factor: Double, _ other: Row) {
        constant += factor * other.constant
        magnitude = max(magnitude, abs(factor) * other.magnitude, abs(constant))
        terms.reserveCapacity(other.terms.count)
        for term in other.terms {
            let addend = factor * term.coefficient
            if addend != 0 { terms.append(Term(symbol: term.symbol, coefficient: addend)) }
        }
    }

    /// `self += factor · other` term by term (binary search, in place, no allocation): cheaper
    /// than a merge when `other` is short. Reports appearing and vanishing symbols like `merge`.
    /// `other`'s symbols ascend, so each is searched for only past the place of the one before.
    mutating func addInPlace(
        _ factor: Double, _ other: Row, added: (Int) -> Void, dropped: (Int) -> Void
    ) {
        constant += factor * other.constant
        magnitude = max(magnitude, abs(factor) * other.magnitude, abs(constant))
        var i = 0
        for term in other.terms {
            let symbol = term.symbol
            let addend = factor * term.coefficient
            i = position(of: symbol, from: i)
            if i < terms.count && terms[i].symbol == symbol {
                let sum = terms[i].coefficient + addend
                if Tolerance.cancels(sum, scale: max(abs(terms[i].coefficient), abs(addend))) {
                    terms.remove(at: i)
                    dropped(symbol)
                } else {
                    terms[i].coefficient = sum
                }
            } else if addend != 0 {
                insert(Term(symbol: symbol, coefficient: addend), at: i)
                added(symbol)
            }
        }
    }

    /// Writes `self + factor · other`, with `skip` left out, into `result` (emptied first, its
    /// capacity reused), calling `added`/`dropped` for symbols that appear in or vanish from
    /// the result, so the caller can keep its column index exact.
    func merge(
        _ factor: Double, _ other: Row, skipping skip: Int, into result: inout Row,
        added: (Int) -> Void, dropped: (Int) -> Void
    ) {
        result.terms.removeAll(keepingCapacity: true)
        result.constant = constant + factor * other.constant
        result.magnitude = max(magnitude, abs(factor) * other.magnitude, abs(result.constant))
        result.terms.reserveCapacity(terms.count + other.terms.count)
        // Both rows are read through their buffers: no bounds check at each of the three reads a
        // step makes.
        terms.withUnsafeBufferPointer { terms in
            other.terms.withUnsafeBufferPointer { otherTerms in
                var i = 0
                var j = 0
                let n = terms.count
                let m = otherTerms.count
                while i < n || j < m {
                    if j == m || (i < n && terms[i].symbol < otherTerms[j].symbol) {
                        if terms[i].symbol != skip {
                            result.terms.append(terms[i])
                        } else {
                            dropped(skip)
                        }
                        i += 1
                    } else if i == n || otherTerms[j].symbol < terms[i].symbol {
                        let value = factor * otherTerms[j].coefficient
                        if value != 0 && otherTerms[j].symbol != skip {
                            result.terms.append(Term(symbol: otherTerms[j].symbol, coefficient: value))
                            added(otherTerms[j].symbol)
                        }
                        j += 1
                    } else {
                        let addend = factor * otherTerms[j].coefficient
                        let sum = terms[i].coefficient + addend
                        if terms[i].symbol == skip || Tolerance.cancels(sum, scale: max(abs(terms[i].coefficient), abs(addend))) {
                            dropped(terms[i].symbol)
                        } else {
                            result.terms.append(Term(symbol: terms[i].symbol, coefficient: sum))
                        }
                        i += 1
                        j += 1
                    }
                }
            }
        }
    }
}

extension Tolerance {
    /// `a + b`, snapped to 0 when it is cancellation noise.
    @inline(__always)
    static func sum(_ a: Double, _ b: Double) -> Double {
        let s = a + b
        return cancels(s, scale: max(abs(a), abs(b))) ? 0 : s
    }
}
