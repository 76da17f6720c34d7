import JSON

/// Equation strings:
/// ```
/// equation ::= itemAttr REL rhs ('@' priority)?
/// rhs      ::= number                                       -- a.width == 100, a.left == 20 (superview.left + 20)
///            | (number '*')? itemAttr (('*' | '/') number)? (('+' | '-') number)?
/// REL      ::= '==' | '<=' | '>='
/// itemAttr ::= ident ('.' ident)+                           -- item = everything before the last dot
/// priority ::= number | required | high | medium | low | fittingSize
/// ```
/// Identifiers are C identifiers; numbers are decimal (`-10`, `0.5`, `1e3`). Whitespace is free.
/// A location compared with a number means the superview's same attribute plus the number (Masonry).
/// Errors are 422 with the 1-based column, the string and a caret line.
///
/// The string is read in place as UTF-8 bytes, one token ahead: tokens are byte ranges, items and
/// attributes are matched on their bytes, and a `String` is made only for an item the hierarchy
/// does not store (an owned guide such as `root.margins`), a priority name, or a problem.
enum ConstraintEquationParser {
    struct Token {
        enum Kind: Equatable { case ident, number, relation, star, slash, plus, minus, at, bad, end }
        var kind: Kind
        /// Byte offsets of the token in the UTF-8 text: `start..<end`.
        var start: Int
        var end: Int
    }

    static func parse(_ text: String, hierarchy: some ViewHierarchy, pointer: JSONPointer, id: ConstraintName) throws(LayoutProblem) -> LayoutConstraint {
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(LayoutProblem) in try parse(utf8: bytes, hierarchy: hierarchy, pointer: pointer, id: id) }
        }.get()
    }

    /// Parses the UTF-8 bytes of an equation string, as `parse(_:hierarchy:pointer:id:)`.
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, hierarchy: some ViewHierarchy, pointer: JSONPointer, id: ConstraintName) throws(LayoutProblem) -> LayoutConstraint {
        var p = Parser(bytes: bytes, pointer: pointer)
        return try p.parseEquation(hierarchy: hierarchy, id: id)
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        let pointer: JSONPointer
        /// Where the next token is read.
        var position = 0
        /// After a name with a trailing or doubled dot, the offset of the end token that follows
        /// it: the rest of the string is not read.
        var stoppedAt: Int?
        /// The token ahead.
        var current = Token(kind: .end, start: 0, end: 0)

        init(bytes: UnsafeBufferPointer<UInt8>, pointer: JSONPointer) {
            self.bytes = bytes
            self.pointer = pointer
            current = nextToken()
        }

        /// The text of the string (for a problem).
        var text: String { String(decoding: bytes, as: UTF8.self) }

        /// The text of a token (for a problem, or a priority name).
        func text(_ t: Token) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[t.start..<t.end]), as: UTF8.self) }

        /// The 1-based column (in characters) of a byte offset.
        func column(_ offset: Int) -> Int {
            let prefix = UnsafeBufferPointer(rebasing: bytes[..<min(offset, bytes.count)])
            if !prefix.contains(where: { $0 >= 0x80 }) { return offset + 1 }
            return String(decoding: prefix, as: UTF8.self).count + 1 + max(0, offset - bytes.count)
        }

        /// A problem at a byte offset: `column N: message`, the string and a caret line.
        func fail(_ offset: Int, _ message: String, type: String = "parse-error") -> LayoutProblem {
            let column = column(offset)
            let line = String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
            let caret = String(repeating: " ", count: max(0, column - 1)) + "^"
            let detail = "column \(column): \(message)\n\(line)\n\(caret)"
            if type == "parse-error" { return .parse(detail, at: pointer) }
            return .invalid(type, detail, at: pointer)
        }

        static func isIdentStart(_ b: UInt8) -> Bool { b == 95 || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }
        static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
        static func isIdentChar(_ b: UInt8) -> Bool { isIdentStart(b) || isDigit(b) }

        /// Reads the token at `position` and moves past it.
        mutating func nextToken() -> Token {
            if let stoppedAt { return Token(kind: .end, start: stoppedAt, end: stoppedAt) }
            let n = bytes.count
            var i = position
            while i < n, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
            guard i < n else {
                position = n
                return Token(kind: .end, start: n, end: n)
            }
            let c = bytes[i]
            var kind = Token.Kind.bad
            var j = i + 1
            if Self.isIdentStart(c) {
                // ident ('.' ident)*; a dot not followed by a name ends the token (the parser reports it).
                while j < n, Self.isIdentChar(bytes[j]) { j += 1 }
                while j + 1 < n, bytes[j] == 46, Self.isIdentStart(bytes[j + 1]) {
                    j += 1
                    while j < n, Self.isIdentChar(bytes[j]) { j += 1 }
                }
                if j < n, bytes[j] == 46 {
                    // A trailing or doubled dot: keep it in the token so the parser can point past it.
                    stoppedAt = j + 1
                    return Token(kind: .bad, start: i, end: j + 1)
                }
                kind = .ident
            } else if Self.isDigit(c) || (c == 46 && i + 1 < n && Self.isDigit(bytes[i + 1])) {
                j = i
                while j < n, Self.isDigit(bytes[j]) { j += 1 }
                if j < n, bytes[j] == 46 {
                    j += 1
                    while j < n, Self.isDigit(bytes[j]) { j += 1 }
                }
                if j < n, bytes[j] == 101 || bytes[j] == 69 {
                    var k = j + 1
                    if k < n, bytes[k] == 43 || bytes[k] == 45 { k += 1 }
                    if k < n, Self.isDigit(bytes[k]) {
                        while k < n, Self.isDigit(bytes[k]) { k += 1 }
                        j = k
                    }
                }
                kind = .number
            } else {
                switch c {
                case 61, 60, 62:  // = < >
                    if j < n, bytes[j] == 61 {
                        kind = .relation
                        j += 1
                    }
                case 42: kind = .star
                case 47: kind = .slash
                case 43: kind = .plus
                case 45: kind = .minus
                case 64: kind = .at
                default:
                    if c >= 0x80 { while j < n, bytes[j] & 0xC0 == 0x80 { j += 1 } }
                }
            }
            position = j
            return Token(kind: kind, start: i, end: j)
        }

        /// Moves to the next token; returns the one it was at (the end stays the end).
        mutating func advance() -> Token {
            let t = current
            if t.kind != .end { current = nextToken() }
            return t
        }

        func describe(_ t: Token) -> String { t.kind == .end ? "the end of the string" : "'\(text(t))'" }

        /// Whether a token is a name with a trailing or doubled dot (or a lone dot).
        func endsWithDot(_ t: Token) -> Bool { t.kind == .bad && bytes[t.end - 1] == 46 }

        /// An `item.attribute` token: the item's id (as the hierarchy stores it when it has these
        /// bytes), its index in the hierarchy (-1 when not recorded), and the attribute.
        mutating func itemAttribute(hierarchy: some ViewHierarchy, what: @autoclosure () -> String) throws(LayoutProblem) -> (String, Int, LayoutAttribute) {
            let t = current
            if endsWithDot(t) {
                throw fail(t.end, "expected a name after '.'")
            }
            guard t.kind == .ident else {
                throw fail(t.start, "expected \(what()), found \(describe(t))")
            }
            _ = advance()
            guard let dot = bytes[t.start..<t.end].lastIndex(of: 46) else {
                throw fail(t.start, "expected item.attribute, found '\(text(t))'")
            }
            let name = UnsafeBufferPointer(rebasing: bytes[t.start..<dot])
            let stored = hierarchy.storedItem(utf8: name)
            let item = stored?.id ?? String(decoding: name, as: UTF8.self)
            guard stored != nil || hierarchy.contains(item) else {
                throw fail(t.start, "unknown item '\(item)'", type: "unknown-view")
            }
            let attributeName = UnsafeBufferPointer(rebasing: bytes[(dot + 1)..<t.end])
            guard let attribute = LayoutAttribute(utf8: attributeName), attribute != .notAnAttribute else {
                throw fail(dot + 1, "unknown attribute '\(String(decoding: attributeName, as: UTF8.self))'", type: "unknown-attribute")
            }
            return (item, stored?.index ?? -1, attribute)
        }

        /// A number with an optional leading sign, after the token `after`.
        mutating func signedNumber(after: Token) throws(LayoutProblem) -> Double {
            var sign = 1.0
            if current.kind == .minus || current.kind == .plus {
                if current.kind == .minus { sign = -1 }
                _ = advance()
            }
            let t = current
            guard t.kind == .number else {
                throw fail(t.start, "expected a number after '\(text(after))', found \(describe(t))")
            }
            _ = advance()
            return sign * (try value(of: t))
        }

        /// The finite value of a number token.
        func value(of t: Token) throws(LayoutProblem) -> Double {
            let v = decodeNumber(UnsafeBufferPointer(rebasing: bytes[t.start..<t.end]))
            guard v.isFinite else {
                throw fail(t.start, "number '\(text(t))' is out of range", type: "invalid-number")
            }
            return v
        }

        /// The relation of a `.relation` token (`==`, `<=` or `>=`).
        func relation(_ t: Token) -> LayoutRelation {
            switch bytes[t.start] {
            case 60: return .lessThanOrEqual
            case 62: return .greaterThanOrEqual
            default: return .equal
            }
        }

        mutating func parseEquation(hierarchy: some ViewHierarchy, id: ConstraintName) throws(LayoutProblem) -> LayoutConstraint {
            let (firstItem, firstIndex, firstAttribute) = try itemAttribute(hierarchy: hierarchy, what: "item.attribute at the start")
            let relToken = current
            if relToken.kind == .bad, relToken.end - relToken.start == 1, [61, 60, 62].contains(bytes[relToken.start]) {
                throw fail(relToken.start, "unknown relation '\(text(relToken))'; expected ==, <= or >=")
            }
            guard relToken.kind == .relation else {
                throw fail(relToken.start, "expected a relation (==, <= or >=) after '\(firstItem).\(firstAttribute.rawValue)', found \(describe(relToken))")
            }
            _ = advance()
            var c = LayoutConstraint(id: id, firstItem: firstItem, firstAttribute: firstAttribute, relation: relation(relToken), pointer: pointer)
            c.resolvedItems.first = firstIndex

            let start = current
            var multiplier: Double? = nil
            switch start.kind {
            case .number, .minus, .plus:
                let value = try signedNumber(after: relToken)
                if current.kind == .star {
                    _ = advance()
                    multiplier = value
                } else {
                    c.constant = value
                }
            case .ident:
                break
            default:
                if endsWithDot(start) {
                    throw fail(start.end, "expected a name after '.'")
                }
                throw fail(start.start, "expected an item or a number after '\(text(relToken))' at column \(column(relToken.start)), found \(describe(start))")
            }
            if multiplier != nil || start.kind == .ident {
                let (item, index, attr) = try itemAttribute(hierarchy: hierarchy, what: "item.attribute after '*'")
                c.secondItem = item
                c.resolvedItems.second = index
                c.secondAttribute = attr
                if current.kind == .star || current.kind == .slash {
                    let op = advance()
                    guard multiplier == nil else {
                        throw fail(op.start, "the multiplier is already given")
                    }
                    let value = try signedNumber(after: op)
                    if op.kind == .slash {
                        guard value != 0 else { throw fail(op.start, "division by zero", type: "invalid-multiplier") }
                        multiplier = 1 / value
                    } else {
                        multiplier = value
                    }
                }
                c.multiplier = multiplier ?? 1
                if current.kind == .plus || current.kind == .minus {
                    let op = advance()
                    let t = current
                    guard t.kind == .number else {
                        throw fail(t.start, "expected a number after '\(text(op))', found \(describe(t))")
                    }
                    _ = advance()
                    let v = try value(of: t)
                    c.constant = op.kind == .minus ? -v : v
                }
                guard c.multiplier.isFinite else {
                    throw fail(start.start, "the multiplier is out of range", type: "invalid-number")
                }
            }
            if current.kind == .at {
                let at = advance()
                let t = current
                switch t.kind {
                case .number:
                    _ = advance()
                    let v = try value(of: t)
                    if let message = ObjectReader.priorityProblem(v) { throw fail(t.start, message, type: "invalid-priority") }
                    c.priority = LayoutPriority(v) ?? .required
                case .minus:
                    let v = try signedNumber(after: at)
                    throw fail(t.start, ObjectReader.priorityProblem(v) ?? "invalid priority", type: "invalid-priority")
                case .ident:
                    _ = advance()
                    let name = text(t)
                    guard let p = LayoutPriority(name: name) else {
                        throw fail(t.start, "unknown priority '\(name)'; use a number 1…1000 or required, high, medium, low, fittingSize", type: "invalid-priority")
                    }
                    c.priority = p
                default:
                    throw fail(t.start, "expected a priority after '\(text(at))', found \(describe(t))")
                }
            }
            guard current.kind == .end else {
                throw fail(current.start, "expected the end of the equation, found \(describe(current))")
            }
            ConstraintForms.applyImplicitSuperview(to: &c, hierarchy: hierarchy)
            return c
        }
    }
}
