import JSON

/// `{"visualFormat": "H:|-[a]-[b(==a)]-|", "metrics": {"pad": 20}, "options": ["alignAllTop"], "id": "row"}`:
/// Apple's Visual Format Language (auto-layout.md §6).
enum VisualFormatForm {
    static let fields = JSONKeys(["visualFormat", "metrics", "options", "id"])

    static func parse(_ element: JSONValue, pointer: JSONPointer, hierarchy: some ViewHierarchy) throws(LayoutProblem) -> ([LayoutConstraint], String?) {
        let f = try ObjectReader(element, at: pointer, allowed: fields, maxMagnitude: nil)
        let id = try f.string("id")
        guard let format = try f.string("visualFormat") else {
            throw .schema("'visualFormat' must be a string", at: pointer / "visualFormat")
        }
        var metrics: [String: Double] = [:]
        if let m = f.member("metrics") {
            guard m.kind == .object else {
                throw .schema("'metrics' must be an object of numbers, not \(m.kind.article)", at: pointer / "metrics")
            }
            for (name, value) in m.members {
                metrics[name] = try ObjectReader.number(value, at: pointer / "metrics" / name, name: "metrics.\(name)")
            }
        }
        var options: [(name: String, pointer: JSONPointer)] = []
        if let o = f.member("options") {
            switch o.kind {
            case .string:
                options = [(o.string ?? "", pointer / "options")]
            case .array:
                for (k, e) in o.elements.enumerated() {
                    guard e.kind == .string, let s = e.string else {
                        throw .schema("'options' must be an array of option names", at: pointer / "options" / k)
                    }
                    options.append((s, pointer / "options" / k))
                }
            default:
                throw .schema("'options' must be an array of option names, not \(o.kind.article)", at: pointer / "options")
            }
        }
        let parsedOptions = try VisualFormatOptions(options)
        let constraints = try VisualFormatParser.constraints(
            format: format, metrics: metrics, options: parsedOptions, hierarchy: hierarchy, elementPointer: pointer)
        return (constraints, id)
    }
}

/// `NSLayoutFormatOptions`, by name.
struct VisualFormatOptions {
    enum Direction { case leadingToTrailing, leftToRight, rightToLeft }
    var alignments: [(attribute: LayoutAttribute, name: String, pointer: JSONPointer)] = []
    var direction = Direction.leadingToTrailing
    var directionPointer: JSONPointer? = nil
    var baselineToBaseline: JSONPointer? = nil

    static let alignmentNames: [String: LayoutAttribute] = [
        "alignAllLeft": .left, "alignAllRight": .right, "alignAllTop": .top, "alignAllBottom": .bottom,
        "alignAllLeading": .leading, "alignAllTrailing": .trailing,
        "alignAllCenterX": .centerX, "alignAllCenterY": .centerY,
        "alignAllLastBaseline": .lastBaseline, "alignAllBaseline": .lastBaseline,
        "alignAllFirstBaseline": .firstBaseline,
    ]

    init() {}

    init(_ list: [(name: String, pointer: JSONPointer)]) throws(LayoutProblem) {
        for (name, pointer) in list {
            if let attr = Self.alignmentNames[name] {
                alignments.append((attr, name, pointer))
                continue
            }
            let newDirection: Direction
            switch name {
            case "directionLeadingToTrailing": newDirection = .leadingToTrailing
            case "directionLeftToRight": newDirection = .leftToRight
            case "directionRightToLeft": newDirection = .rightToLeft
            case "spacingEdgeToEdge": continue
            case "spacingBaselineToBaseline": baselineToBaseline = pointer; continue
            default:
                let known = (Array(Self.alignmentNames.keys) + ["directionLeadingToTrailing", "directionLeftToRight", "directionRightToLeft", "spacingEdgeToEdge", "spacingBaselineToBaseline"]).sorted()
                throw .invalid("invalid-options", "Unknown format option '\(name)'; expected one of \(known.joined(separator: ", "))", at: pointer)
            }
            if directionPointer != nil, newDirection != direction {
                throw .invalid("invalid-options", "Only one direction option (directionLeadingToTrailing, directionLeftToRight, directionRightToLeft) may be given", at: pointer)
            }
            direction = newDirection
            directionPointer = pointer
        }
    }
}

/// The VFL parser and constraint builder.
///
/// Semantics: empty connection = flush (0); bare `-` = 8 between siblings; `|-` / `-|` bind to the superview's
/// layout margins with constant 0 (UIKit since iOS 8); no relation = `==`; default priority 1000.
/// A connection `[x]-g-[y]` gives `y.start REL x.end + g` (the superview is first for a trailing `|`).
/// `H:` uses leading/trailing (directionLeadingToTrailing), left/right for directionLeftToRight, and for
/// directionRightToLeft lays the views out right to left: `x.left REL y.right + g`.
/// The superview of `|` is the closest common ancestor of the views' parents.
/// Extension: whitespace between tokens is ignored, and view names may be dotted (layout guides).
enum VisualFormatParser {
    struct Predicate {
        enum Object { case constant(Double), view(String) }
        var relation: LayoutRelation
        var object: Object
        var priority: LayoutPriority
    }

    struct Connection {
        /// Empty with `standard` false: flush.
        var predicates: [Predicate] = []
        var standard = false
        var position: Int
    }

    struct View {
        var name: String
        var predicates: [Predicate]
        var position: Int
    }

    static func constraints(
        format: String, metrics: [String: Double], options: VisualFormatOptions, hierarchy: some ViewHierarchy,
        elementPointer: JSONPointer
    ) throws(LayoutProblem) -> [LayoutConstraint] {
        var p = Parser(format: format, metrics: metrics, elementPointer: elementPointer)
        let parsed = try p.parse(hierarchy: hierarchy)
        return try build(parsed, format: format, options: options, hierarchy: hierarchy, parser: p, elementPointer: elementPointer)
    }

    struct Parsed {
        var vertical = false
        var leading: Connection? = nil
        var leadingBarPosition = 0
        var views: [View] = []
        var gaps: [Connection] = []
        var trailing: Connection? = nil
        var trailingBarPosition = 0
    }

    struct Parser {
        let format: String
        let bytes: [UInt8]
        let metrics: [String: Double]
        let elementPointer: JSONPointer
        var i = 0

        init(format: String, metrics: [String: Double], elementPointer: JSONPointer) {
            self.format = format
            self.bytes = Array(format.utf8)
            self.metrics = metrics
            self.elementPointer = elementPointer
        }

        /// `/constraints/i/visualFormat`, where parse errors point.
        var pointer: JSONPointer { elementPointer / "visualFormat" }

        func fail(_ message: String, at position: Int? = nil, type: String = "parse-error") -> LayoutProblem {
            let at = position ?? i
            let shown = String(decoding: bytes.map { $0 == 10 || $0 == 13 || $0 == 9 ? 32 : $0 }, as: UTF8.self)
            let caretOffset = String(decoding: bytes[..<min(at, bytes.count)], as: UTF8.self).count
            let detail = "Unable to parse constraint format: \n\(message) \n\(shown) \n\(String(repeating: " ", count: caretOffset))^\n(at character \(caretOffset))"
            if type == "parse-error" { return .parse(detail, at: pointer) }
            return .invalid(type, detail, at: pointer)
        }

        var atEnd: Bool { i >= bytes.count }
        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
        }

        /// Whether the byte ahead is the ASCII character `c` (a scalar, not a `Character`, whose
        /// ASCII value is worked out at run time, a few hundred instructions per look).
        func check(_ c: Unicode.Scalar) -> Bool { peek == UInt8(ascii: c) }

        static func isIdentStart(_ b: UInt8) -> Bool { b == 95 || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }
        static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
        static func isIdentChar(_ b: UInt8) -> Bool { isIdentStart(b) || isDigit(b) }

        mutating func parse(hierarchy: some ViewHierarchy) throws(LayoutProblem) -> Parsed {
            if let bad = bytes.firstIndex(where: { $0 >= 0x80 }) {
                throw fail("Non-ASCII characters are not allowed in a visual format string", at: bad)
            }
            var out = Parsed()
            skipSpace()
            if check("H") || check("V") {
                let vertical = check("V")
                i += 1
                skipSpace()
                guard check(":") else {
                    throw fail(vertical ? "Expected ':' after 'V' to specify vertical arrangement"
                                        : "Expected ':' after 'H' to specify horizontal arrangement")
                }
                i += 1
                out.vertical = vertical
            }
            skipSpace()
            if check("|") {
                out.leadingBarPosition = i
                i += 1
                skipSpace()
                if check("[") {
                    out.leading = Connection(position: i)
                } else if check("-") {
                    out.leading = try connection(hierarchy: hierarchy)
                    skipSpace()
                    guard check("[") else { throw fail("Expected a view") }
                } else if atEnd {
                    throw fail("Expected a view")
                } else {
                    throw fail("Expected a connection after the '|' character")
                }
            } else if !check("[") {
                throw fail("Expected a view or '|'")
            }
            out.views.append(try view(hierarchy: hierarchy))
            while true {
                skipSpace()
                guard let c = peek else { break }
                var gap: Connection
                if c == UInt8(ascii: "[") || c == UInt8(ascii: "|") {
                    gap = Connection(position: i)
                } else if c == UInt8(ascii: "-") {
                    gap = try connection(hierarchy: hierarchy)
                    skipSpace()
                } else {
                    throw fail("Expected a view or '|'")
                }
                if check("[") {
                    out.gaps.append(gap)
                    out.views.append(try view(hierarchy: hierarchy))
                } else if check("|") {
                    out.trailing = gap
                    out.trailingBarPosition = i
                    i += 1
                    skipSpace()
                    guard atEnd else { throw fail("Expected the end of the format string") }
                    break
                } else {
                    throw fail("Expected a view or '|'")
                }
            }
            return out
        }

        /// At a '-': a connection, consuming its closing '-' (if any).
        mutating func connection(hierarchy: some ViewHierarchy) throws(LayoutProblem) -> Connection {
            let start = i
            i += 1  // '-'
            skipSpace()
            guard let c = peek else { throw fail("Expected a view or '|'") }
            if c == UInt8(ascii: "[") || c == UInt8(ascii: "|") {
                return Connection(standard: true, position: start)
            }
            if c == UInt8(ascii: "-") {
                throw fail("Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.")
            }
            var predicates: [Predicate]
            if c == UInt8(ascii: "(") {
                predicates = try predicateList(inViewNamed: nil, hierarchy: hierarchy)
            } else if Self.isDigit(c) || c == UInt8(ascii: ".") {
                let value = try number()
                predicates = [Predicate(relation: .equal, object: .constant(value), priority: .required)]
            } else if Self.isIdentStart(c) {
                let namePosition = i
                let name = identifier(allowDots: false)
                let value = try metric(name, at: namePosition, inView: false, hierarchy: hierarchy)
                guard case .constant = value else { throw fail("unreachable", at: namePosition) }
                predicates = [Predicate(relation: .equal, object: value, priority: .required)]
            } else {
                throw fail("Expected a number or key from the metrics dictionary, but encountered something else")
            }
            skipSpace()
            guard check("-") else { throw fail("Expected a '-' here") }
            i += 1
            return Connection(predicates: predicates, position: start)
        }

        /// At a '[': a view with its optional predicates.
        mutating func view(hierarchy: some ViewHierarchy) throws(LayoutProblem) -> View {
            i += 1  // '['
            skipSpace()
            let namePosition = i
            guard let c = peek, Self.isIdentStart(c) else { throw fail("Expected a view") }
            let name = identifier(allowDots: true)
            guard hierarchy.contains(name) else {
                throw fail("\(name) is not a key in the views dictionary.", at: namePosition, type: "unknown-view")
            }
            skipSpace()
            var predicates: [Predicate] = []
            if check("(") {
                predicates = try predicateList(inViewNamed: name, hierarchy: hierarchy)
                skipSpace()
            }
            guard check("]") else {
                throw fail("A predicate on a view's thickness must end with ')' and the view must end with ']'")
            }
            i += 1
            return View(name: name, predicates: predicates, position: namePosition)
        }

        mutating func identifier(allowDots: Bool) -> String {
            let start = i
            while i < bytes.count {
                if Self.isIdentChar(bytes[i]) { i += 1; continue }
                if allowDots, bytes[i] == UInt8(ascii: "."), i + 1 < bytes.count, Self.isIdentStart(bytes[i + 1]) { i += 1; continue }
                break
            }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }

        /// strtod-like: `[+-]? digits [. digits] [e [+-] digits]`.
        mutating func number() throws(LayoutProblem) -> Double {
            let start = i
            if check("+") || check("-") { i += 1 }
            var digits = 0
            while let c = peek, Self.isDigit(c) { i += 1; digits += 1 }
            if check(".") {
                i += 1
                while let c = peek, Self.isDigit(c) { i += 1; digits += 1 }
            }
            guard digits > 0 else {
                i = start
                throw fail("Expected a number or key from the metrics dictionary, but encountered something else")
            }
            if check("e") || check("E") {
                let mark = i
                i += 1
                if check("+") || check("-") { i += 1 }
                if let c = peek, Self.isDigit(c) {
                    while let c = peek, Self.isDigit(c) { i += 1 }
                } else {
                    i = mark
                }
            }
            // The JSON reader's decimal conversion takes a leading minus, not a plus.
            let unsigned = bytes[start] == UInt8(ascii: "+") ? start + 1 : start
            let value = bytes[unsigned..<i].withUnsafeBufferPointer { decodeNumber($0) }
            guard value.isFinite else {
                throw fail("The number \(String(decoding: bytes[start..<i], as: UTF8.self)) is out of range", at: start, type: "invalid-number")
            }
            return value
        }

        func metric(_ name: String, at position: Int, inView: Bool, hierarchy: some ViewHierarchy) throws(LayoutProblem) -> Predicate.Object {
            if let value = metrics[name] { return .constant(value) }
            if hierarchy.contains(name) {
                if inView { return .view(name) }
                throw fail("It's not possible to set a space equal to the width or height of a view. Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]", at: position)
            }
            throw fail("Encountered metric with name \"\(name)\", but value was not specified in metrics or views dictionaries", at: position, type: "unknown-metric")
        }

        /// At a '(': `(predicate (, predicate)*)`.
        mutating func predicateList(inViewNamed viewName: String?, hierarchy: some ViewHierarchy) throws(LayoutProblem) -> [Predicate] {
            i += 1  // '('
            var list: [Predicate] = []
            while true {
                list.append(try predicate(inView: viewName != nil, hierarchy: hierarchy))
                skipSpace()
                if check(",") { i += 1; continue }
                if check(")") { i += 1; return list }
                if viewName != nil {
                    throw fail("A predicate on a view's thickness must end with ')' and the view must end with ']'")
                }
                throw fail("A predicate list must be separated by ',' and end with ')'")
            }
        }

        mutating func predicate(inView: Bool, hierarchy: some ViewHierarchy) throws(LayoutProblem) -> Predicate {
            skipSpace()
            var relation = LayoutRelation.equal
            if let c = peek, c == UInt8(ascii: "=") || c == UInt8(ascii: "<") || c == UInt8(ascii: ">") {
                let start = i
                guard i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "="),
                      let r = LayoutRelation(token: String(decoding: bytes[i...(i + 1)], as: UTF8.self)) else {
                    throw fail("Unknown relation. Must be ==, >=, or <=", at: start)
                }
                relation = r
                i += 2
                skipSpace()
            }
            let object: Predicate.Object
            if let c = peek, Self.isIdentStart(c) {
                let position = i
                let name = identifier(allowDots: inView)
                object = try metric(name, at: position, inView: inView, hierarchy: hierarchy)
            } else {
                object = .constant(try number())
            }
            skipSpace()
            var priority = LayoutPriority.required
            if check("@") {
                i += 1
                skipSpace()
                let position = i
                let value: Double
                if let c = peek, Self.isIdentStart(c) {
                    let name = identifier(allowDots: false)
                    guard let v = metrics[name] else {
                        throw fail("Encountered metric with name \"\(name)\", but value was not specified in metrics or views dictionaries", at: position, type: "unknown-metric")
                    }
                    value = v
                } else {
                    value = try number()
                }
                if let message = ObjectReader.priorityProblem(value) {
                    throw fail(message, at: position, type: "invalid-priority")
                }
                priority = LayoutPriority(value) ?? .required
            }
            return Predicate(relation: relation, object: object, priority: priority)
        }
    }

    static let standardSpacing = 8.0

    static func build(
        _ parsed: Parsed, format: String, options: VisualFormatOptions, hierarchy: some ViewHierarchy,
        parser: Parser, elementPointer: JSONPointer
    ) throws(LayoutProblem) -> [LayoutConstraint] {
        let vertical = parsed.vertical
        // Options that the orientation forbids.
        for (attr, _, pointer) in options.alignments where attr.axis == (vertical ? .vertical : .horizontal) {
            let message = vertical
                ? "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical."
                : "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal."
            throw .invalid("invalid-options", message, at: pointer)
        }
        if !vertical, let pointer = options.baselineToBaseline {
            throw .invalid("invalid-options", "BaselineToBaseline format option not valid for horizontal layout", at: pointer)
        }

        // The superview of '|'.
        var superview = ""
        if parsed.leading != nil || parsed.trailing != nil {
            let barPosition = parsed.leading != nil ? parsed.leadingBarPosition : parsed.trailingBarPosition
            var parents: [String] = []
            for view in parsed.views {
                guard let parent = hierarchy.parent(of: view.name) else {
                    throw parser.fail("Unable to interpret '|' character, because the related view doesn't have a superview", at: barPosition, type: "no-superview")
                }
                parents.append(parent)
            }
            guard let common = hierarchy.closestCommonAncestor(of: parents) else {
                throw parser.fail("Unable to interpret '|' character, because the related views have no common superview", at: barPosition, type: "no-superview")
            }
            superview = common
        }

        let rtl = !vertical && options.direction == .rightToLeft
        let start: LayoutAttribute, end: LayoutAttribute, startMargin: LayoutAttribute, endMargin: LayoutAttribute
        if vertical {
            (start, end, startMargin, endMargin) = (.top, .bottom, .topMargin, .bottomMargin)
        } else if options.direction == .leadingToTrailing {
            (start, end, startMargin, endMargin) = (.leading, .trailing, .leadingMargin, .trailingMargin)
        } else {
            (start, end, startMargin, endMargin) = (.left, .right, .leftMargin, .rightMargin)
        }
        let size: LayoutAttribute = vertical ? .height : .width
        let baselines = vertical && options.baselineToBaseline != nil

        var out: [LayoutConstraint] = []
        func make(_ first: String, _ a1: LayoutAttribute, _ rel: LayoutRelation, _ second: String?, _ a2: LayoutAttribute, _ constant: Double, _ p: LayoutPriority) {
            out.append(LayoutConstraint(id: "", firstItem: first, firstAttribute: a1, relation: rel,
                                        secondItem: second, secondAttribute: second == nil ? .notAnAttribute : a2,
                                        constant: constant, priority: p, pointer: elementPointer))
        }

        /// `x` before `y` in the string; `nil` = the superview.
        func connect(_ x: String?, _ y: String?, _ connection: Connection) {
            let toSuper = x == nil || y == nil
            var predicates = connection.predicates
            var margins = false
            if predicates.isEmpty {
                let gap = connection.standard ? (toSuper ? 0 : standardSpacing) : 0
                margins = connection.standard && toSuper
                predicates = [Predicate(relation: .equal, object: .constant(gap), priority: .required)]
            }
            for predicate in predicates {
                guard case .constant(let gap) = predicate.object else { continue }
                let xName = x ?? superview, yName = y ?? superview
                if rtl {
                    let ax: LayoutAttribute = x == nil ? (margins ? .rightMargin : .right) : .left
                    let ay: LayoutAttribute = y == nil ? (margins ? .leftMargin : .left) : .right
                    make(xName, ax, predicate.relation, yName, ay, gap, predicate.priority)
                } else {
                    var ay: LayoutAttribute = y == nil ? (margins ? endMargin : end) : start
                    var ax: LayoutAttribute = x == nil ? (margins ? startMargin : start) : end
                    if baselines, !toSuper { (ay, ax) = (.firstBaseline, .lastBaseline) }
                    make(yName, ay, predicate.relation, xName, ax, gap, predicate.priority)
                }
            }
        }

        if let leading = parsed.leading { connect(nil, parsed.views[0].name, leading) }
        for (k, view) in parsed.views.enumerated() {
            for predicate in view.predicates {
                switch predicate.object {
                case .constant(let c): make(view.name, size, predicate.relation, nil, .notAnAttribute, c, predicate.priority)
                case .view(let other): make(view.name, size, predicate.relation, other, size, 0, predicate.priority)
                }
            }
            if k + 1 < parsed.views.count { connect(view.name, parsed.views[k + 1].name, parsed.gaps[k]) }
        }
        if let trailing = parsed.trailing { connect(parsed.views[parsed.views.count - 1].name, nil, trailing) }
        for (attr, _, _) in options.alignments {
            for k in parsed.views.indices.dropFirst() {
                make(parsed.views[k].name, attr, .equal, parsed.views[k - 1].name, attr, 0, .required)
            }
        }
        for c in out {
            // Made only for a problem: a copy of the pointers for each constraint cost a few
            // hundred instructions.
            try ConstraintValidation.validate(c, hierarchy: hierarchy, fields: .init(all: "visualFormat", of: elementPointer))
        }
        return out
    }
}
