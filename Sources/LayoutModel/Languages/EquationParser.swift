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
enum ConstraintEquationParser {
    struct Token {
        enum Kind: Equatable { case ident, number, relation, star, slash, plus, minus, at, bad, end }
        var kind: Kind
        var text: String
        /// Byte offset in the UTF-8 text.
        var offset: Int
    }

    static func parse(_ text: String, hierarchy: some ViewHierarchy, pointer: JSONPointer, id: String) throws(LayoutProblem) -> LayoutConstraint {
        var p = Parser(text: text, pointer: pointer)
        p.tokenize()
        return try p.parseEquation(hierarchy: hierarchy, id: id)
    }

    private struct Parser {
        let text: String
        let bytes: [UInt8]
        let pointer: JSONPointer
        var tokens: [Token] = []
        var index = 0

        init(text: String, pointer: JSONPointer) {
            self.text = text
            self.bytes = Array(text.utf8)
            self.pointer = pointer
        }

        /// The 1-based column (in characters) of a byte offset.
        func column(_ offset: Int) -> Int {
            let prefix = bytes[..<min(offset, bytes.count)]
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

        func string(_ a: Int, _ b: Int) -> String { String(decoding: bytes[a..<b], as: UTF8.self) }

        mutating func tokenize() {
            var i = 0
            let n = bytes.count
            while i < n {
                let c = bytes[i]
                if c == 32 || c == 9 || c == 10 || c == 13 { i += 1; continue }
                if Self.isIdentStart(c) {
                    // ident ('.' ident)*; a dot not followed by a name ends the token (the parser reports it).
                    var j = i
                    while j < n, Self.isIdentChar(bytes[j]) { j += 1 }
                    while j + 1 < n, bytes[j] == 46, Self.isIdentStart(bytes[j + 1]) {
                        j += 1
                        while j < n, Self.isIdentChar(bytes[j]) { j += 1 }
                    }
                    if j < n, bytes[j] == 46 {
                        // A trailing or doubled dot: keep it in the token so the parser can point past it.
                        tokens.append(Token(kind: .bad, text: string(i, j + 1), offset: i))
                        tokens.append(Token(kind: .end, text: "", offset: j + 1))
                        return
                    }
                    tokens.append(Token(kind: .ident, text: string(i, j), offset: i))
                    i = j
                    continue
                }
                if Self.isDigit(c) || (c == 46 && i + 1 < n && Self.isDigit(bytes[i + 1])) {
                    var j = i
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
                    tokens.append(Token(kind: .number, text: string(i, j), offset: i))
                    i = j
                    continue
                }
                switch c {
                case 61, 60, 62:  // = < >
                    if i + 1 < n, bytes[i + 1] == 61 {
                        tokens.append(Token(kind: .relation, text: string(i, i + 2), offset: i))
                        i += 2
                    } else {
                        tokens.append(Token(kind: .bad, text: string(i, i + 1), offset: i))
                        i += 1
                    }
                    continue
                case 42: tokens.append(Token(kind: .star, text: "*", offset: i))
                case 47: tokens.append(Token(kind: .slash, text: "/", offset: i))
                case 43: tokens.append(Token(kind: .plus, text: "+", offset: i))
                case 45: tokens.append(Token(kind: .minus, text: "-", offset: i))
                case 64: tokens.append(Token(kind: .at, text: "@", offset: i))
                default:
                    var j = i + 1
                    if c >= 0x80 { while j < n, bytes[j] & 0xC0 == 0x80 { j += 1 } }
                    tokens.append(Token(kind: .bad, text: string(i, j), offset: i))
                    i = j
                    continue
                }
                i += 1
            }
            tokens.append(Token(kind: .end, text: "", offset: n))
        }

        var current: Token { tokens[index] }
        mutating func advance() -> Token { let t = tokens[index]; if index < tokens.count - 1 { index += 1 }; return t }

        func describe(_ t: Token) -> String { t.kind == .end ? "the end of the string" : "'\(t.text)'" }

        /// An `item.attribute` token: the item's id (as the hierarchy stores it when it has these
        /// bytes), its index in the hierarchy (-1 when not recorded), and the attribute.
        mutating func itemAttribute(hierarchy: some ViewHierarchy, what: String) throws(LayoutProblem) -> (String, Int32, LayoutAttribute) {
            let t = current
            if t.kind == .bad, t.text.hasSuffix(".") {
                throw fail(t.offset + t.text.utf8.count, "expected a name after '.'")
            }
            guard t.kind == .ident else {
                throw fail(t.offset, "expected \(what), found \(describe(t))")
            }
            _ = advance()
            guard let dot = t.text.lastIndex(of: ".") else {
                throw fail(t.offset, "expected item.attribute, found '\(t.text)'")
            }
            let name = t.text[..<dot]
            let attrName = String(t.text[t.text.index(after: dot)...])
            let stored = name.utf8.withContiguousStorageIfAvailable { hierarchy.storedItem(utf8: $0) } ?? nil
            let item = stored?.id ?? String(name)
            guard stored != nil || hierarchy.contains(item) else {
                throw fail(t.offset, "unknown item '\(item)'", type: "unknown-view")
            }
            guard let attr = LayoutAttribute(name: attrName), attr != .notAnAttribute else {
                let attrColumn = t.offset + t.text.distance(from: t.text.startIndex, to: dot) + 1
                throw fail(attrColumn, "unknown attribute '\(attrName)'", type: "unknown-attribute")
            }
            return (item, Int32(truncatingIfNeeded: stored?.index ?? -1), attr)
        }

        /// A number with an optional leading sign.
        mutating func signedNumber(after what: String) throws(LayoutProblem) -> Double {
            var sign = 1.0
            if current.kind == .minus || current.kind == .plus {
                if current.kind == .minus { sign = -1 }
                _ = advance()
            }
            let t = current
            guard t.kind == .number else {
                throw fail(t.offset, "expected a number after \(what), found \(describe(t))")
            }
            _ = advance()
            return sign * (try value(of: t))
        }

        /// The finite value of a number token.
        func value(of t: Token) throws(LayoutProblem) -> Double {
            guard let v = Double(t.text), v.isFinite else {
                throw fail(t.offset, "number '\(t.text)' is out of range", type: "invalid-number")
            }
            return v
        }

        mutating func parseEquation(hierarchy: some ViewHierarchy, id: String) throws(LayoutProblem) -> LayoutConstraint {
            let (firstItem, firstIndex, firstAttribute) = try itemAttribute(hierarchy: hierarchy, what: "item.attribute at the start")
            let relToken = current
            if relToken.kind == .bad, "=<>".contains(relToken.text) {
                throw fail(relToken.offset, "unknown relation '\(relToken.text)'; expected ==, <= or >=")
            }
            guard relToken.kind == .relation, let relation = LayoutRelation(token: relToken.text) else {
                throw fail(relToken.offset, "expected a relation (==, <= or >=) after '\(firstItem).\(firstAttribute.rawValue)', found \(describe(relToken))")
            }
            _ = advance()
            var c = LayoutConstraint(id: id, firstItem: firstItem, firstAttribute: firstAttribute, relation: relation, pointer: pointer)
            c.resolvedItems.first = firstIndex

            let start = current
            var multiplier: Double? = nil
            switch start.kind {
            case .number, .minus, .plus:
                let value = try signedNumber(after: "'\(relToken.text)'")
                if current.kind == .star {
                    _ = advance()
                    multiplier = value
                } else {
                    c.constant = value
                }
            case .ident:
                break
            default:
                if start.kind == .bad, start.text.hasSuffix(".") {
                    throw fail(start.offset + start.text.utf8.count, "expected a name after '.'")
                }
                throw fail(start.offset, "expected an item or a number after '\(relToken.text)' at column \(column(relToken.offset)), found \(describe(start))")
            }
            if multiplier != nil || start.kind == .ident {
                let (item, index, attr) = try itemAttribute(hierarchy: hierarchy, what: "item.attribute after '*'")
                c.secondItem = item
                c.resolvedItems.second = index
                c.secondAttribute = attr
                if current.kind == .star || current.kind == .slash {
                    let op = advance()
                    guard multiplier == nil else {
                        throw fail(op.offset, "the multiplier is already given")
                    }
                    let value = try signedNumber(after: "'\(op.text)'")
                    if op.kind == .slash {
                        guard value != 0 else { throw fail(op.offset, "division by zero", type: "invalid-multiplier") }
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
                        throw fail(t.offset, "expected a number after '\(op.text)', found \(describe(t))")
                    }
                    _ = advance()
                    let v = try value(of: t)
                    c.constant = op.kind == .minus ? -v : v
                }
                guard c.multiplier.isFinite else {
                    throw fail(start.offset, "the multiplier is out of range", type: "invalid-number")
                }
            }
            if current.kind == .at {
                let at = advance()
                let t = current
                switch t.kind {
                case .number:
                    _ = advance()
                    let v = try value(of: t)
                    if let message = ObjectReader.priorityProblem(v) { throw fail(t.offset, message, type: "invalid-priority") }
                    c.priority = LayoutPriority(v) ?? .required
                case .minus:
                    let v = try signedNumber(after: "'@'")
                    throw fail(t.offset, ObjectReader.priorityProblem(v) ?? "invalid priority", type: "invalid-priority")
                case .ident:
                    _ = advance()
                    guard let p = LayoutPriority(name: t.text) else {
                        throw fail(t.offset, "unknown priority '\(t.text)'; use a number 1…1000 or required, high, medium, low, fittingSize", type: "invalid-priority")
                    }
                    c.priority = p
                default:
                    throw fail(t.offset, "expected a priority after '\(at.text)', found \(describe(t))")
                }
            }
            guard current.kind == .end else {
                throw fail(current.offset, "expected the end of the equation, found \(describe(current))")
            }
            ConstraintForms.applyImplicitSuperview(to: &c, hierarchy: hierarchy)
            return c
        }
    }
}
