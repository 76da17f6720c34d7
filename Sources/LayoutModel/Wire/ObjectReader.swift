import JSON

/// Reads the fields of one JSON object of the request — the top level, a view, a size, and every
/// constraint form — with the checks every field needs: the object has no unknown members, each
/// field has the right type, numbers are finite (and, where a limit applies, within it).
/// Every problem points at the culprit.
public struct ObjectReader {
    /// The object read.
    public var value: JSONValue { fields.object }
    /// Where the object is in the request.
    public var pointer: JSONPointer { Self.pointer(base, memberName) }
    /// The pointer given, or for an object read by ``object(_:allowed:)-(Int,_)`` its parent's,
    /// with the member's name in `memberName`: the pointer is made only when a problem needs
    /// it (making it for every `intrinsicSize`, `hugging`, … cost two allocations).
    private let base: JSONPointer
    private let memberName: String?

    private static func pointer(_ base: JSONPointer, _ memberName: String?) -> JSONPointer {
        memberName.map { base / $0 } ?? base
    }
    /// The largest |number| accepted (422 `limit-magnitude` past it, and for a non-finite one);
    /// `nil` for constraint forms, whose numbers are checked once expanded (a non-finite one is
    /// then 422 `invalid-number`).
    private let maxMagnitude: Double?
    /// The names matched, of which the first `allowed` are allowed, and the members matched
    /// against them in one pass over the object.
    private let keys: JSONKeys
    private let allowed: Int
    private let fields: JSONFields

    /// Fails unless `value` is an object whose members are all among `allowed`.
    ///
    /// Every accessor takes a field by name or, in hot paths, by its index in `allowed`.
    ///
    /// The value and the keys are borrowed: an initializer's arguments are otherwise passed
    /// retained, to be released once read (the reader keeps its own reference to the keys).
    public init(_ value: borrowing JSONValue, at pointer: JSONPointer, allowed: borrowing JSONKeys, maxMagnitude: Double? = LayoutLimits.default.maxMagnitude) throws(LayoutProblem) {
        try self.init(value, base: pointer, memberName: nil, allowed: allowed, maxMagnitude: maxMagnitude)
    }

    /// Reads `value`, which is at `base`, or at its member `memberName` when there is one.
    private init(_ value: borrowing JSONValue, base: JSONPointer, memberName: String?, allowed: borrowing JSONKeys, maxMagnitude: Double?) throws(LayoutProblem) {
        guard value.kind == .object else {
            throw .schema("expected an object, found \(value.kind.article)", at: Self.pointer(base, memberName))
        }
        try self.init(value.fields(allowed), keys: copy allowed, allowed: allowed.names.count, base: base, memberName: memberName, maxMagnitude: maxMagnitude)
    }

    /// Reads an object already matched against `keys` (``JSONValue/fields(_:allowed:)``), which
    /// fails unless its members are all among the first `allowed` names; the others are then absent.
    init(_ fields: consuming JSONFields, keys: JSONKeys, allowed: Int, at pointer: JSONPointer, maxMagnitude: Double?) throws(LayoutProblem) {
        try self.init(fields, keys: keys, allowed: allowed, base: pointer, memberName: nil, maxMagnitude: maxMagnitude)
    }

    private init(_ fields: consuming JSONFields, keys: JSONKeys, allowed: Int, base: JSONPointer, memberName: String?, maxMagnitude: Double?) throws(LayoutProblem) {
        if let unknown = fields.unknownKey {
            throw .schema("unknown field '\(unknown)'; expected one of: \(keys.names.prefix(allowed).joined(separator: ", "))", at: Self.pointer(base, memberName) / unknown)
        }
        self.base = base
        self.memberName = memberName
        self.maxMagnitude = maxMagnitude
        self.keys = keys
        self.allowed = allowed
        self.fields = fields
    }

    /// Fails unless `value` is an object whose members are all among `allowed`.
    public init(_ value: JSONValue, at pointer: JSONPointer, allowed: [String], maxMagnitude: Double? = LayoutLimits.default.maxMagnitude) throws(LayoutProblem) {
        try self.init(value, at: pointer, allowed: JSONKeys(allowed), maxMagnitude: maxMagnitude)
    }

    /// The index of an allowed field's name (`-1`, a field never present, for any other name).
    private func field(_ key: String) -> Int {
        guard let index = keys.index(of: key), index < allowed else { return -1 }
        return index
    }

    /// The member, `nil` when absent (an explicit `null` counts as absent only where `nullable`).
    public func member(_ key: String, nullable: Bool = false) -> JSONValue? {
        member(field(key), nullable: nullable)
    }

    /// The member at `field`, the index of its name in the allowed names.
    public func member(_ field: Int, nullable: Bool = false) -> JSONValue? {
        guard field >= 0, let member = fields[field] else { return nil }
        if nullable, member.kind == .null { return nil }
        return member
    }

    /// Of the fields at `indices` (indices in the allowed names), those the object has, in the
    /// order it lists them.
    public func presentFields(_ indices: [Int]) -> [Int] {
        fields.present(indices)
    }

    /// Whether the object has the member (even `null`).
    public func has(_ key: String) -> Bool { has(field(key)) }

    /// Whether the object has the member at `field` (even `null`).
    @inline(__always)
    public func has(_ field: Int) -> Bool { field >= 0 && fields.has(field) }

    public func string(_ key: String, nullable: Bool = false) throws(LayoutProblem) -> String? {
        try string(field(key), nullable: nullable)
    }

    /// The string at `field`, the index of its name in the allowed names.
    @inline(__always)
    public func string(_ field: Int, nullable: Bool = false) throws(LayoutProblem) -> String? {
        guard has(field) else { return nil }
        if let string = fields.string(field) { return string }
        return try notString(field, nullable: nullable)
    }

    /// `nil` for a `null` at `field` where `nullable`; a problem for any other value that is not a string.
    private func notString(_ field: Int, nullable: Bool) throws(LayoutProblem) -> String? {
        guard let member = member(field, nullable: nullable) else { return nil }
        throw .schema("'\(keys.names[field])' must be a string, found \(member.kind.article)", at: pointer / keys.names[field])
    }

    /// The index among `words` of the string at `field` (no string is made), `nil` when it is
    /// absent, not a string or none of the words.
    @inline(__always)
    public func string(_ field: Int, in words: JSONKeys) -> Int? {
        has(field) ? fields.string(field, in: words) : nil
    }

    /// Calls `body` with the UTF-8 bytes of the string at `field` (no string is made), `nil`
    /// when it is absent or not a string.
    @inline(__always)
    public func withStringUTF8<Result>(_ field: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        has(field) ? fields.withStringUTF8(field, body) : nil
    }

    public func requiredString(_ key: String) throws(LayoutProblem) -> String {
        try requiredString(field(key), name: key)
    }

    /// The string at `field`; a problem when it is missing.
    public func requiredString(_ field: Int) throws(LayoutProblem) -> String {
        try requiredString(field, name: keys.names[field])
    }

    private func requiredString(_ field: Int, name: String) throws(LayoutProblem) -> String {
        guard let string = try string(field) else { throw .schema("missing required field '\(name)'", at: pointer / name) }
        return string
    }

    public func bool(_ key: String) throws(LayoutProblem) -> Bool? {
        try bool(field(key))
    }

    /// The boolean at `field`, the index of its name in the allowed names.
    public func bool(_ field: Int) throws(LayoutProblem) -> Bool? {
        guard let member = member(field) else { return nil }
        guard let bool = member.bool else {
            let key = keys.names[field]
            throw .schema("'\(key)' must be true or false, found \(member.kind.article)", at: pointer / key)
        }
        return bool
    }

    /// A finite number (within the magnitude limit, when the reader has one).
    public func number(_ key: String, nullable: Bool = false) throws(LayoutProblem) -> Double? {
        try number(field(key), nullable: nullable)
    }

    /// A finite number at `field` (within the magnitude limit, when the reader has one).
    @inline(__always)
    public func number(_ field: Int, nullable: Bool = false) throws(LayoutProblem) -> Double? {
        guard has(field) else { return nil }
        // The common case without building the checker's arguments; it reports any other.
        if let number = fields.acceptedNumber(field, maxMagnitude: maxMagnitude) { return number }
        return try checkedNumber(field, nullable: nullable)
    }

    /// The number at `field` that is not a finite number within the magnitude limit: `nil` for
    /// a `null` where `nullable`, else a problem.
    private func checkedNumber(_ field: Int, nullable: Bool) throws(LayoutProblem) -> Double? {
        guard let member = member(field, nullable: nullable) else { return nil }
        let key = keys.names[field]
        return try Self.number(member, at: pointer / key, name: key, maxMagnitude: maxMagnitude)
    }

    public func requiredNumber(_ key: String) throws(LayoutProblem) -> Double {
        try requiredNumber(field(key), name: key)
    }

    /// The number at `field`; a problem when it is missing.
    public func requiredNumber(_ field: Int) throws(LayoutProblem) -> Double {
        try requiredNumber(field, name: keys.names[field])
    }

    private func requiredNumber(_ field: Int, name: String) throws(LayoutProblem) -> Double {
        guard let number = try number(field) else { throw .schema("missing required field '\(name)'", at: pointer / name) }
        return number
    }

    /// A priority: a number in 1…1000 or one of `required`, `high`, `medium`, `low`, `fittingSize`.
    public func priority(_ key: String) throws(LayoutProblem) -> LayoutPriority? {
        try priority(field(key))
    }

    /// A priority at `field`.
    @inline(__always)
    public func priority(_ field: Int) throws(LayoutProblem) -> LayoutPriority? {
        guard has(field) else { return nil }
        // A number in range without building the checker's pointer; it reads names and reports problems.
        if let priority = fields.acceptedPriority(field) { return priority }
        return try checkedPriority(field)
    }

    /// The priority at `field` that is not a number in range: a name, else a problem.
    private func checkedPriority(_ field: Int) throws(LayoutProblem) -> LayoutPriority? {
        guard let member = member(field) else { return nil }
        return try Self.priority(member, at: pointer / keys.names[field])
    }

    public func object(_ key: String, allowed: JSONKeys) throws(LayoutProblem) -> ObjectReader? {
        try object(field(key), allowed: allowed)
    }

    /// The object at `field`, read against `allowed`, which is evaluated only when the member is
    /// there (a key set is a lazily made static: each access is a `swift_once` call).
    public func object(_ field: Int, allowed: @autoclosure () -> JSONKeys) throws(LayoutProblem) -> ObjectReader? {
        guard let member = member(field) else { return nil }
        return try ObjectReader(member, base: pointer, memberName: keys.names[field], allowed: allowed(), maxMagnitude: maxMagnitude)
    }

    /// The elements of the array at `key`, read in place as they are iterated; `nil` when absent.
    public func array(_ key: String) throws(LayoutProblem) -> JSONElements? {
        try array(field(key))
    }

    /// The elements of the array at `field`, the index of its name in the allowed names.
    public func array(_ field: Int) throws(LayoutProblem) -> JSONElements? {
        guard let member = member(field) else { return nil }
        guard member.kind == .array else {
            let key = keys.names[field]
            throw .schema("'\(key)' must be an array, found \(member.kind.article)", at: pointer / key)
        }
        return member.elementSequence
    }

    /// Checks a JSON number named `name` in messages: finite (1e309 and 400-digit literals are out
    /// of range) and, given a `maxMagnitude`, within it.
    public static func number(_ value: JSONValue, at pointer: @autoclosure () -> JSONPointer, name: String, maxMagnitude: Double? = nil) throws(LayoutProblem) -> Double {
        guard let number = value.number else { throw .schema("'\(name)' must be a number, found \(value.kind.article)", at: pointer()) }
        guard number.isFinite else {
            let detail = "'\(name)' is out of range (\(value.numberText.map { String($0.prefix(40)) } ?? "non-finite"))"
            throw .invalid(maxMagnitude == nil ? "invalid-number" : "limit-magnitude", detail, at: pointer())
        }
        if let maxMagnitude, abs(number) > maxMagnitude {
            throw .invalid("limit-magnitude", "\(number.constraintText) is larger in magnitude than the limit \(maxMagnitude.constraintText)", at: pointer())
        }
        return number
    }

    /// Checks a priority value: a number 0 < p ≤ 1000 or a priority name.
    public static func priority(_ value: JSONValue, at pointer: @autoclosure () -> JSONPointer) throws(LayoutProblem) -> LayoutPriority {
        switch value.kind {
        case .string:
            let name = value.string ?? ""
            guard let priority = LayoutPriority(name: name) else {
                throw .invalid("invalid-priority", "unknown priority name '\(name)'; use a number 1…1000 or required, high, medium, low, fittingSize", at: pointer())
            }
            return priority
        case .number:
            return try checkedPriority(number(value, at: pointer(), name: "priority"), at: pointer())
        default:
            throw .schema("a priority must be a number or a name, found \(value.kind.article)", at: pointer())
        }
    }

    /// Apple's wording for a priority out of range, `nil` for a valid one.
    static func priorityProblem(_ value: Double) -> String? {
        if !(value > 0) {
            return "Invalid priority specified: \(value.constraintText). Priority must be greater than 0"
        }
        if !(value <= 1000) {
            return "Invalid priority specified: \(value.constraintText). Priority cannot be higher than NSLayoutPriorityRequired, which is 1000."
        }
        return nil
    }

    static func checkedPriority(_ value: Double, at pointer: JSONPointer) throws(LayoutProblem) -> LayoutPriority {
        guard let priority = LayoutPriority(value) else {
            throw .invalid("invalid-priority", priorityProblem(value) ?? "Invalid priority specified", at: pointer)
        }
        return priority
    }
}

extension JSONFields {
    /// The number at `field` when it is finite and at most `maxMagnitude` in magnitude (any finite
    /// number for `nil`): what a reader returns without building a problem, also read where a
    /// reader is made only for problems (``PlainConstraintForm``).
    @inline(__always)
    func acceptedNumber(_ field: Int, maxMagnitude: Double?) -> Double? {
        guard let number = number(field), number.isFinite, abs(number) <= maxMagnitude ?? .infinity else { return nil }
        return number
    }

    /// The priority at `field` when it is a number in range, as ``acceptedNumber(_:maxMagnitude:)``.
    @inline(__always)
    func acceptedPriority(_ field: Int) -> LayoutPriority? {
        number(field).flatMap { LayoutPriority($0) }
    }

    /// The number at `field` as a reader takes an optional one: `.some(nil)` when absent, the
    /// number when accepted (``acceptedNumber(_:maxMagnitude:)``), `nil` for any other value,
    /// which a reader must read (a `null` where one is allowed, else a problem).
    @inline(__always)
    func optionalNumber(_ field: Int, maxMagnitude: Double?) -> Double?? {
        has(field) ? acceptedNumber(field, maxMagnitude: maxMagnitude).map { .some($0) } : .some(nil)
    }

    /// The priority at `field` as ``optionalNumber(_:maxMagnitude:)`` takes a number: `nil` for
    /// any value but a number in range (a priority's name is read by a reader).
    @inline(__always)
    func optionalPriority(_ field: Int) -> LayoutPriority?? {
        has(field) ? acceptedPriority(field).map { .some($0) } : .some(nil)
    }
}

extension JSONValue.Kind {
    /// "an object", "a string", … for error messages.
    public var article: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
