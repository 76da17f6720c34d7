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
        var column: Int  // 1-based, in characters
    }

    static func parse(_ text: String, hierarchy: some ViewHierarchy, pointer: JSONPointer, id: String) throws(LayoutProblem) -> LayoutConstraint {
        var p = Parser(text: text, pointer: pointer)
        try p.tokenize()
        return try p.parseEquation(hierarchy: hierarchy, id: id)
    }

    private struct Parser {
        let text: String
        let chars: [Character]
        let pointer: JSONPointer
        var tokens: [Token] = []
        var index = 0

        init(text: String, pointer: JSONPointer) {
            self.text = text
            self.chars = Array(text)
            self.pointer = pointer
        }

        func fail(_ column: Int, _ message: String, type: String = "parse-error") -> LayoutProblem {
            let line = text.contains("\n") ? String(text.map { $0 == "\n" ? " " : $0 }) : text
            let caret = String(repeating: " ", count: max(0, column - 1)) + "^"
            let detail = "column \(column): \(message)\n\(line)\n\(caret)"
            if type == "parse-error" { return .parse(detail, at: pointer) }
            return .invalid(type, detail, at: pointer)
        }

        static func isIdentStart(_ c: Character) -> Bool { c == "_" || (c.isASCII && c.isLetter) }
        static func isIdentChar(_ c: Character) -> Bool { isIdentStart(c) || (c.isASCII && c.isNumber) }
        static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }

        mutating func tokenize() throws(LayoutProblem) {
            var i = 0
            while i < chars.count {
                let c = chars[i]
                let column = i + 1
                if c == " " || c == "\t" || c == "\n" || c == "\r" { i += 1; continue }
                if Self.isIdentStart(c) {
                    var j = i
                    while true {
                        guard j < chars.count, Self.isIdentStart(chars[j]) else {
                            throw fail(j + 1, j < chars.count ? "expected a name after '.', found '\(chars[j])'" : "expected a name after '.'")
                        }
                        while j < chars.count, Self.isIdentChar(chars[j]) { j += 1 }
                        if j < chars.count, chars[j] == "." { j += 1; continue }
                        break
                    }
                    tokens.append(Token(kind: .ident, text: String(chars[i..<j]), column: column))
                    i = j
                    continue
                }
                if Self.isDigit(c) || (c == "." && i + 1 < chars.count && Self.isDigit(chars[i + 1])) {
                    var j = i
                    while j < chars.count, Self.isDigit(chars[j]) { j += 1 }
                    if j < chars.count, chars[j] == "." {
                        j += 1
                        while j < chars.count, Self.isDigit(chars[j]) { j += 1 }
                    }
                    if j < chars.count, chars[j] == "e" || chars[j] == "E" {
                        var k = j + 1
                        if k < chars.count, chars[k] == "+" || chars[k] == "-" { k += 1 }
                        if k < chars.count, Self.isDigit(chars[k]) {
                            while k < chars.count, Self.isDigit(chars[k]) { k += 1 }
                            j = k
                        }
                    }
                    let numberText = String(chars[i..<j])
                    guard let value = Double(numberText), value.isFinite else {
                        throw fail(column, "number '\(numberText)' is out of range", type: "invalid-number")
                    }
                    tokens.append(Token(kind: .number, text: numberText, column: column))
                    i = j
                    continue
                }
                switch c {
                case "=", "<", ">":
                    if i + 1 < chars.count, chars[i + 1] == "=" {
                        tokens.append(Token(kind: .relation, text: String(chars[i...(i + 1)]), column: column))
                        i += 2
                    } else {
                        tokens.append(Token(kind: .bad, text: String(c), column: column))
                        i += 1
                    }
                    continue
                case "*": tokens.append(Token(kind: .star, text: "*", column: column))
                case "/": tokens.append(Token(kind: .slash, text: "/", column: column))
                case "+": tokens.append(Token(kind: .plus, text: "+", column: column))
                case "-": tokens.append(Token(kind: .minus, text: "-", column: column))
                case "@": tokens.append(Token(kind: .at, text: "@", column: column))
                default:
                    tokens.append(Token(kind: .bad, text: String(c), column: column))
                }
                i += 1
            }
            tokens.append(Token(kind: .end, text: "", column: chars.count + 1))
        }

        var current: Token { tokens[index] }
        mutating func advance() -> Token { let t = tokens[index]; if index < tokens.count - 1 { index += 1 }; return t }

        func describe(_ t: Token) -> String { t.kind == .end ? "the end of the string" : "'\(t.text)'" }

        mutating func itemAttribute(hierarchy: some ViewHierarchy, what: String) throws(LayoutProblem) -> (String, LayoutAttribute) {
            let t = current
            guard t.kind == .ident else {
                throw fail(t.column, "expected \(what), found \(describe(t))")
            }
            _ = advance()
            guard let dot = t.text.lastIndex(of: ".") else {
                throw fail(t.column, "expected item.attribute, found '\(t.text)'")
            }
            let item = String(t.text[..<dot])
            let attrName = String(t.text[t.text.index(after: dot)...])
            guard hierarchy.contains(item) else {
                throw fail(t.column, "unknown item '\(item)'", type: "unknown-view")
            }
            guard let attr = LayoutAttribute(name: attrName), attr != .notAnAttribute else {
                let attrColumn = t.column + t.text.distance(from: t.text.startIndex, to: dot) + 1
                throw fail(attrColumn, "unknown attribute '\(attrName)'", type: "unknown-attribute")
            }
            return (item, attr)
        }

        /// A number with an optional leading sign.
        mutating func signedNumber(after what: String) throws(LayoutProblem) -> Double {
            var sign = 1.0
            if current.kind == .minus || current.kind == .plus {
                if current.kind == .minus { sign = -1 }
                _ = advance()
            }
            let t = current
            guard t.kind == .number, let v = Double(t.text) else {
                throw fail(t.column, "expected a number after \(what), found \(describe(t))")
            }
            _ = advance()
            return sign * v
        }

        mutating func parseEquation(hierarchy: some ViewHierarchy, id: String) throws(LayoutProblem) -> LayoutConstraint {
            let (firstItem, firstAttribute) = try itemAttribute(hierarchy: hierarchy, what: "item.attribute at the start")
            let relToken = current
            if relToken.kind == .bad, "=<>".contains(relToken.text) {
                throw fail(relToken.column, "unknown relation '\(relToken.text)'; expected ==, <= or >=")
            }
            guard relToken.kind == .relation, let relation = LayoutRelation(token: relToken.text) else {
                throw fail(relToken.column, "expected a relation (==, <= or >=) after '\(firstItem).\(firstAttribute.rawValue)', found \(describe(relToken))")
            }
            _ = advance()
            var c = LayoutConstraint(id: id, firstItem: firstItem, firstAttribute: firstAttribute, relation: relation, pointer: pointer)

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
                throw fail(start.column, "expected an item or a number after '\(relToken.text)' at column \(relToken.column), found \(describe(start))")
            }
            if multiplier != nil || current.kind == .ident {
                let (item, attr) = try itemAttribute(hierarchy: hierarchy, what: "item.attribute after '*'")
                c.secondItem = item
                c.secondAttribute = attr
                if current.kind == .star || current.kind == .slash {
                    let op = advance()
                    guard multiplier == nil else {
                        throw fail(op.column, "the multiplier is already given")
                    }
                    let value = try signedNumber(after: "'\(op.text)'")
                    if op.kind == .slash {
                        guard value != 0 else { throw fail(op.column, "division by zero", type: "invalid-multiplier") }
                        multiplier = 1 / value
                    } else {
                        multiplier = value
                    }
                }
                c.multiplier = multiplier ?? 1
                if current.kind == .plus || current.kind == .minus {
                    let op = advance()
                    let t = current
                    guard t.kind == .number, let v = Double(t.text) else {
                        throw fail(t.column, "expected a number after '\(op.text)', found \(describe(t))")
                    }
                    _ = advance()
                    c.constant = op.kind == .minus ? -v : v
                }
                guard c.multiplier.isFinite else {
                    throw fail(start.column, "the multiplier is out of range", type: "invalid-number")
                }
            }
            if current.kind == .at {
                let at = advance()
                let t = current
                switch t.kind {
                case .number:
                    _ = advance()
                    let v = Double(t.text) ?? 0
                    if let message = FormFields.priorityProblem(v) { throw fail(t.column, message, type: "invalid-priority") }
                    c.priority = LayoutPriority(v) ?? .required
                case .minus:
                    let v = try signedNumber(after: "'@'")
                    throw fail(t.column, FormFields.priorityProblem(v) ?? "invalid priority", type: "invalid-priority")
                case .ident:
                    _ = advance()
                    guard let p = LayoutPriority(name: t.text) else {
                        throw fail(t.column, "unknown priority '\(t.text)'; use a number 1…1000 or required, high, medium, low, fittingSize", type: "invalid-priority")
                    }
                    c.priority = p
                default:
                    throw fail(t.column, "expected a priority after '\(at.text)', found \(describe(t))")
                }
            }
            guard current.kind == .end else {
                throw fail(current.column, "expected the end of the equation, found \(describe(current))")
            }
            return applyingImplicitSuperview(c, hierarchy: hierarchy)
        }
    }
}
