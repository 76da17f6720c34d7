import JSON

/// The layout direction of the request: how `leading`/`trailing` resolve (done by the compiler).
public enum LayoutDirection: String, Sendable {
    case leftToRight, rightToLeft
}

/// Every way a request may write a constraint, expanded into plain `LayoutConstraint`s.
///
/// One element of the request's `constraints` array is one of:
/// - a **plain** constraint, an object with `firstItem` (NSLayoutConstraint field for field);
/// - an **equation** string, `"a.left == b.right * 2 + 8 @750"`;
/// - a **visual format**, an object with `visualFormat` (and `metrics`, `options`);
/// - a **Masonry make-chain**, an object with `view` and `make`;
/// - a **distribution**, an object with `distribute` (`mas_distributeViewsAlongAxis`).
///
/// ## Ids
/// An element that expands to exactly one constraint gives it its `id` (plain form, or any form's
/// `id`; Masonry's `key`), else `constraints[i]`. An element that expands to several numbers them
/// from 0: `constraints[i].0`, `constraints[i].1`, … or, with an `id`/`key`, `KEY.0`, `KEY.1`, ….
/// Every constraint's `pointer` is the element's (`/constraints/i`).
///
/// ## Problems (`LayoutProblem.type`)
/// 400 `schema` (wrong type, unknown or missing field); 422 `parse-error` (equation or visual format),
/// `unknown-view`, `unknown-attribute`, `unknown-metric`, `invalid-number`, `invalid-priority`,
/// `invalid-multiplier`, `invalid-pairing`, `location-constant`, `missing-item`,
/// `no-common-ancestor`, `no-superview`, `invalid-options`, `invalid-distribution`.
public enum ConstraintForms {
    /// Expands one element of `constraints` (at `index`, `pointer` = /constraints/index).
    ///
    /// Every returned constraint has passed `ConstraintValidation.validate`.
    public static func expand(
        _ element: JSONValue, index: Int, pointer: JSONPointer,
        hierarchy: some ViewHierarchy, layoutDirection: LayoutDirection
    ) throws(LayoutProblem) -> [LayoutConstraint] {
        let defaultBase = "constraints[\(index)]"
        switch element.kind {
        case .string:
            let text = element.string ?? ""
            var c = try ConstraintEquationParser.parse(text, hierarchy: hierarchy, pointer: pointer, id: defaultBase)
            try ConstraintValidation.validate(c, hierarchy: hierarchy)
            c.id = defaultBase
            return [c]
        case .object:
            let fields = element.members
            func has(_ key: String) -> Bool { fields.contains { $0.key == key } }
            let result: (constraints: [LayoutConstraint], base: String?)
            if has("firstItem") {
                let (c, id) = try PlainConstraintForm.parse(element, pointer: pointer, hierarchy: hierarchy)
                result = ([c], id)
            } else if has("visualFormat") {
                result = try VisualFormatForm.parse(element, pointer: pointer, hierarchy: hierarchy)
            } else if has("make") || has("view") {
                result = try MasonryMakeForm.parse(element, pointer: pointer, hierarchy: hierarchy)
            } else if has("distribute") {
                result = try MasonryDistributionForm.parse(element, pointer: pointer, hierarchy: hierarchy)
            } else if has("equation") {
                result = try EquationObjectForm.parse(element, pointer: pointer, hierarchy: hierarchy)
            } else {
                throw .schema(
                    "A constraint object needs one of firstItem (plain), visualFormat, view/make (Masonry), distribute or equation",
                    at: pointer)
            }
            return assignIds(result.constraints, base: result.base ?? defaultBase)
        default:
            throw .schema("A constraint must be an object or an equation string, not \(FormFields.kindName(element))", at: pointer)
        }
    }

    static func assignIds(_ constraints: [LayoutConstraint], base: String) -> [LayoutConstraint] {
        if constraints.count == 1 {
            var c = constraints[0]
            c.id = base
            return [c]
        }
        return constraints.enumerated().map { (k, c) in
            var c = c
            c.id = "\(base).\(k)"
            return c
        }
    }
}

/// `{"equation": "a.left == b.left", "id": "x"}`: an equation string with an id.
enum EquationObjectForm {
    static func parse(_ element: JSONValue, pointer: JSONPointer, hierarchy: some ViewHierarchy) throws(LayoutProblem) -> ([LayoutConstraint], String?) {
        let reader = try FormFields(element, pointer: pointer, allowed: ["equation", "id"])
        let id = try reader.string("id")
        guard let text = try reader.string("equation") else { throw .schema("equation must be a string", at: pointer / "equation") }
        let c = try ConstraintEquationParser.parse(text, hierarchy: hierarchy, pointer: pointer / "equation", id: id ?? "")
        var validated = c
        validated.pointer = pointer
        try ConstraintValidation.validate(validated, hierarchy: hierarchy, fields: .init(all: "equation", of: pointer))
        return ([validated], id)
    }
}

/// Reads the members of one constraint object, rejecting unknown fields and wrong types (400).
struct FormFields {
    let pointer: JSONPointer
    private(set) var members: [(key: String, value: JSONValue)]

    /// `allowed` is a short list; duplicate keys are already rejected by the JSON reader.
    init(_ object: JSONValue, pointer: JSONPointer, allowed: [String]) throws(LayoutProblem) {
        self.pointer = pointer
        self.members = object.members
        for (key, _) in members {
            guard allowed.contains(key) else {
                let list = allowed.sorted().joined(separator: ", ")
                throw .schema("Unknown field '\(key)'; expected one of \(list)", at: pointer / key)
            }
        }
    }

    func value(_ key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    func has(_ key: String) -> Bool { value(key) != nil }

    /// A string field; `nil` when absent (or `null` if `nullable`).
    func string(_ key: String, nullable: Bool = false) throws(LayoutProblem) -> String? {
        guard let v = value(key) else { return nil }
        if nullable, v.kind == .null { return nil }
        guard v.kind == .string, let s = v.string else {
            throw .schema("'\(key)' must be a string, not \(Self.kindName(v))", at: pointer / key)
        }
        return s
    }

    /// A finite number field.
    func number(_ key: String) throws(LayoutProblem) -> Double? {
        guard let v = value(key) else { return nil }
        return try Self.number(v, at: pointer / key, name: key)
    }

    static func number(_ v: JSONValue, at pointer: @autoclosure () -> JSONPointer, name: String) throws(LayoutProblem) -> Double {
        guard v.kind == .number, let d = v.number else {
            throw .schema("'\(name)' must be a number, not \(kindName(v))", at: pointer())
        }
        guard d.isFinite else {
            throw .invalid("invalid-number", "'\(name)' is out of range (\(v.numberText.map(String.init) ?? "non-finite"))", at: pointer())
        }
        return d
    }

    /// A priority: a number 0 < p ≤ 1000 or a name (`required`, `high`, `medium`, `low`, `fittingSize`).
    func priority(_ key: String) throws(LayoutProblem) -> LayoutPriority? {
        guard let v = value(key) else { return nil }
        return try Self.priority(v, at: pointer / key)
    }

    static func priority(_ v: JSONValue, at pointer: @autoclosure () -> JSONPointer) throws(LayoutProblem) -> LayoutPriority {
        switch v.kind {
        case .number:
            return try checkedPriority(number(v, at: pointer(), name: "priority"), at: pointer())
        case .string:
            let name = v.string ?? ""
            guard let p = LayoutPriority(name: name) else {
                throw .invalid("invalid-priority", "Unknown priority '\(name)'; use a number 1…1000 or required, high, medium, low, fittingSize", at: pointer())
            }
            return p
        default:
            throw .schema("'priority' must be a number or a priority name, not \(kindName(v))", at: pointer())
        }
    }

    /// Apple's VFL wording for a priority out of range.
    static func priorityProblem(_ value: Double) -> String? {
        if !(value > 0) {
            return "Invalid priority specified: \(ConstraintForms.formatNumber(value)). Priority must be greater than 0"
        }
        if !(value <= 1000) {
            return "Invalid priority specified: \(ConstraintForms.formatNumber(value)). Priority cannot be higher than NSLayoutPriorityRequired, which is 1000."
        }
        return nil
    }

    static func checkedPriority(_ value: Double, at pointer: @autoclosure () -> JSONPointer) throws(LayoutProblem) -> LayoutPriority {
        if let message = priorityProblem(value) { throw .invalid("invalid-priority", message, at: pointer()) }
        return LayoutPriority(value) ?? .required
    }

    static func kindName(_ v: JSONValue) -> String {
        switch v.kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension ConstraintForms {
    /// Shortest decimal text of a number: `20`, `-10`, `0.5`, `1e-05`.
    static func formatNumber(_ d: Double) -> String {
        if d.isFinite, abs(d) < 1e15, d == Double(Int64(d)) {
            return String(Int64(d))
        }
        return "\(d)"
    }

    /// Masonry's implicit superview: a location compared with a number is compared with the
    /// superview's same attribute. Leaves the constraint alone when the item has no parent
    /// (validation then reports Apple's "location equal to a constant").
    static func applyingImplicitSuperview(_ c: LayoutConstraint, hierarchy: some ViewHierarchy) -> LayoutConstraint {
        guard c.secondItem == nil, c.firstAttribute.isLocation, let parent = hierarchy.parent(of: c.firstItem) else { return c }
        var out = c
        out.secondItem = parent
        if out.secondAttribute == .notAnAttribute { out.secondAttribute = c.firstAttribute }
        return out
    }
}
