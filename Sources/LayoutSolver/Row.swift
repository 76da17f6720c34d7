/// A sparse linear row `constant + Σ coefficients[i] · symbols[i]`, symbols ascending.
///
/// In the tableau a row is the definition of its basic symbol; while a constraint is being
/// built it is the equation `0 = row`.
struct Row: Sendable {
    var symbols: [Int] = []
    var coefficients: [Double] = []
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
        symbols.reserveCapacity(row.symbols.count)
        symbols.append(contentsOf: row.symbols)
        coefficients.reserveCapacity(row.coefficients.count)
        coefficients.append(contentsOf: row.coefficients)
        constant = row.constant
        magnitude = row.magnitude
    }

    /// The position of `symbol` in `symbols`, or where it would be inserted.
    @inline(__always)
    func position(of symbol: Int) -> Int {
        var low = 0
        var high = symbols.count
        while low < high {
            let mid = (low + high) &>> 1
            if symbols[mid] < symbol { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The coefficient of `symbol`, 0 if absent.
    @inline(__always)
    func coefficient(of symbol: Int) -> Double {
        let i = position(of: symbol)
        return i < symbols.count && symbols[i] == symbol ? coefficients[i] : 0
    }

    /// Adds `coefficient · symbol`, dropping the term if it cancels.
    mutating func add(_ coefficient: Double, _ symbol: Int) {
        let i = position(of: symbol)
        if i < symbols.count && symbols[i] == symbol {
            let sum = coefficients[i] + coefficient
            if Tolerance.cancels(sum, scale: max(abs(coefficients[i]), abs(coefficient))) {
                symbols.remove(at: i)
                coefficients.remove(at: i)
            } else {
                coefficients[i] = sum
            }
        } else if coefficient != 0 {
            insert(symbol, coefficient, at: i)
        }
    }

    /// Inserts a term at position `i`; at the end (a symbol made last: a new marker or error,
    /// the common case) it is a plain append, not the general insertion.
    @inline(__always)
    private mutating func insert(_ symbol: Int, _ coefficient: Double, at i: Int) {
        if i == symbols.count {
            symbols.append(symbol)
            coefficients.append(coefficient)
        } else {
            symbols.insert(symbol, at: i)
            coefficients.insert(coefficient, at: i)
        }
    }

    /// Removes the term of `symbol` if present.
    mutating func remove(_ symbol: Int) {
        let i = position(of: symbol)
        if i < symbols.count && symbols[i] == symbol {
            symbols.remove(at: i)
            coefficients.remove(at: i)
        }
    }

    /// Multiplies every coefficient and the constant by `factor`.
    mutating func scale(by factor: Double) {
        constant *= factor
        magnitude *= abs(factor)
        for i in coefficients.indices { coefficients[i] *= factor }
    }

    /// `self += factor · other` term by term (binary search, in place, no allocation): cheaper
    /// than a merge when `other` is short. Reports appearing and vanishing symbols like `merge`.
    mutating func addInPlace(
        _ factor: Double, _ other: Row, added: (Int) -> Void, dropped: (Int) -> Void
    ) {
        constant += factor * other.constant
        magnitude = max(magnitude, abs(factor) * other.magnitude, abs(constant))
        for j in other.symbols.indices {
            let symbol = other.symbols[j]
            let addend = factor * other.coefficients[j]
            let i = position(of: symbol)
            if i < symbols.count && symbols[i] == symbol {
                let sum = coefficients[i] + addend
                if Tolerance.cancels(sum, scale: max(abs(coefficients[i]), abs(addend))) {
                    symbols.remove(at: i)
                    coefficients.remove(at: i)
                    dropped(symbol)
                } else {
                    coefficients[i] = sum
                }
            } else if addend != 0 {
                insert(symbol, addend, at: i)
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
        result.symbols.removeAll(keepingCapacity: true)
        result.coefficients.removeAll(keepingCapacity: true)
        result.constant = constant + factor * other.constant
        result.magnitude = max(magnitude, abs(factor) * other.magnitude, abs(result.constant))
        result.symbols.reserveCapacity(symbols.count + other.symbols.count)
        result.coefficients.reserveCapacity(symbols.count + other.symbols.count)
        var i = 0
        var j = 0
        let n = symbols.count
        let m = other.symbols.count
        while i < n || j < m {
            if j == m || (i < n && symbols[i] < other.symbols[j]) {
                if symbols[i] != skip {
                    result.symbols.append(symbols[i])
                    result.coefficients.append(coefficients[i])
                } else {
                    dropped(skip)
                }
                i += 1
            } else if i == n || other.symbols[j] < symbols[i] {
                let value = factor * other.coefficients[j]
                if value != 0 && other.symbols[j] != skip {
                    result.symbols.append(other.symbols[j])
                    result.coefficients.append(value)
                    added(other.symbols[j])
                }
                j += 1
            } else {
                let addend = factor * other.coefficients[j]
                let sum = coefficients[i] + addend
                if symbols[i] == skip || Tolerance.cancels(sum, scale: max(abs(coefficients[i]), abs(addend))) {
                    dropped(symbols[i])
                } else {
                    result.symbols.append(symbols[i])
                    result.coefficients.append(sum)
                }
                i += 1
                j += 1
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
