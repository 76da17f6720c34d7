/// A sparse linear row `constant + Σ terms[i].coefficient · terms[i].symbol`, symbols ascending,
/// being built or changed: a new constraint's `0 = row`, a stored row copied out of the
/// tableau's ``RowStore`` to be rewritten, or a merge's result. Its storage is kept from one use
/// to the next (the tableau holds a few such rows); the rows the tableau keeps live in the
/// store, and are read there as ``RowView``s. Each symbol sits beside its coefficient: what a
/// merge or a lookup reads together is fetched together.
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

    /// Empties the row for reuse, keeping its storage.
    mutating func reset(constant: Double, magnitude: Double) {
        terms.removeAll(keepingCapacity: true)
        self.constant = constant
        self.magnitude = magnitude
    }

    /// Makes the row equal to `view`, in its own storage (grown only if `view` does not fit).
    mutating func copy(_ view: RowView) {
        terms.removeAll(keepingCapacity: true)
        terms.append(contentsOf: view.terms)
        constant = view.constant
        magnitude = view.magnitude
    }

    /// Calls `body` with the row read in place.
    @inline(__always)
    func withView<Result>(_ body: (RowView) -> Result) -> Result {
        terms.withUnsafeBufferPointer { body(RowView(terms: $0, constant: constant, magnitude: magnitude)) }
    }

    /// The position of `symbol` in `terms`, or where it would be inserted; `from` is a position
    /// known to be at or before it.
    @inline(__always)
    func position(of symbol: Int, from start: Int = 0) -> Int {
        terms.withUnsafeBufferPointer { $0.position(of: symbol, from: start) }
    }

    /// The coefficient of `symbol`, 0 if absent.
    @inline(__always)
    func coefficient(of symbol: Int) -> Double {
        terms.withUnsafeBufferPointer { $0.coefficient(of: symbol) }
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
    mutating func addIntoEmpty(_ factor: Double, _ other: RowView) {
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
        _ factor: Double, _ other: RowView, added: (Int) -> Void, dropped: (Int) -> Void
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
}

extension RowView {
    /// Writes `self + factor · other`, with `skip` left out, into `result` (emptied first, its
    /// capacity reused), calling `added`/`dropped` for symbols that appear in or vanish from
    /// the result, so the caller can keep its column index exact.
    func merge(
        _ factor: Double, _ other: RowView, skipping skip: Int, into result: inout Row,
        added: (Int) -> Void, dropped: (Int) -> Void
    ) {
        result.terms.removeAll(keepingCapacity: true)
        result.constant = constant + factor * other.constant
        result.magnitude = max(magnitude, abs(factor) * other.magnitude, abs(result.constant))
        result.terms.reserveCapacity(terms.count + other.terms.count)
        // Both rows are read through their buffers: no bounds check at each of the three reads a
        // step makes.
        let otherTerms = other.terms
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
                    result.terms.append(Row.Term(symbol: otherTerms[j].symbol, coefficient: value))
                    added(otherTerms[j].symbol)
                }
                j += 1
            } else {
                let addend = factor * otherTerms[j].coefficient
                let sum = terms[i].coefficient + addend
                if terms[i].symbol == skip || Tolerance.cancels(sum, scale: max(abs(terms[i].coefficient), abs(addend))) {
                    dropped(terms[i].symbol)
                } else {
                    result.terms.append(Row.Term(symbol: terms[i].symbol, coefficient: sum))
                }
                i += 1
                j += 1
            }
        }
    }
}

extension UnsafeBufferPointer where Element == Row.Term {
    /// The position of `symbol` among these terms (a row's, symbols ascending), or where it
    /// would be inserted; `from` is a position known to be at or before it.
    @inline(__always)
    func position(of symbol: Int, from start: Int = 0) -> Int {
        var low = start
        var high = count
        while low < high {
            let mid = (low + high) &>> 1
            if self[mid].symbol < symbol { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The coefficient of `symbol` among these terms, 0 if absent.
    @inline(__always)
    func coefficient(of symbol: Int) -> Double {
        let i = position(of: symbol)
        return i < count && self[i].symbol == symbol ? self[i].coefficient : 0
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
