import JSON
import Synchronization

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
        var constraints: [LayoutConstraint] = []
        try expand(element, index: index, pointer: pointer, hierarchy: hierarchy, layoutDirection: layoutDirection, into: &constraints)
        return constraints
    }

    /// The members of a constraint object, matched in one pass: the plain form's fields (in
    /// `PlainConstraintForm.Field` order), then those that tell the other forms apart.
    static let elementKeys = JSONKeys(PlainConstraintForm.fieldNames + ["visualFormat", "make", "view", "distribute", "equation"])
    private enum FormField: Int {
        case visualFormat = 9, make, view, distribute, equation
    }

    /// Expands one element of `constraints` as `expand(_:index:pointer:hierarchy:layoutDirection:)`
    /// does, appending the constraints to `constraints` (nothing is appended when it throws).
    /// An equation string or a visual format longer than `maxStringLength` bytes is refused
    /// (422 `limit-string`) before it is parsed.
    public static func expand(
        _ element: JSONValue, index: Int, pointer: JSONPointer,
        hierarchy: some ViewHierarchy, layoutDirection: LayoutDirection, maxStringLength: Int = .max,
        into constraints: inout [LayoutConstraint]
    ) throws(LayoutProblem) {
        let keys = ConstraintKeys.current
        try expand(element, fields: element.fields(keys.element, allowed: PlainConstraintForm.Field.count), index: index,
                   pointer: pointer, hierarchy: hierarchy, layoutDirection: layoutDirection,
                   maxStringLength: maxStringLength, keys: keys, into: &constraints)
    }

    /// Expands one element as `expand(_:index:pointer:hierarchy:layoutDirection:maxStringLength:into:)`
    /// does, with `keys` read once by a caller that expands many elements, and `fields`, the
    /// element's members matched against `keys.element`, the plain form's fields allowed
    /// (`JSONElements.forEachElement(matching:allowed:_:)` matches each element so).
    static func expand(
        _ element: JSONValue, fields: borrowing JSONFields, index: Int, pointer: JSONPointer,
        hierarchy: some ViewHierarchy, layoutDirection: LayoutDirection, maxStringLength: Int,
        keys: ConstraintKeys, into constraints: inout [LayoutConstraint]
    ) throws(LayoutProblem) {
        var defaultBase: String { defaultID(index) }
        switch element.kind {
        case .string:
            let base = defaultBase
            // Parsed in place from the document's bytes: no `String` of the whole equation is made.
            let parsed = element.withStringUTF8 { bytes in
                Result { () throws(LayoutProblem) in
                    if bytes.count > maxStringLength {
                        throw .invalid("limit-string", "the constraint string is \(bytes.count) bytes long; the limit is \(maxStringLength)", at: pointer)
                    }
                    return try ConstraintEquationParser.parse(utf8: bytes, hierarchy: hierarchy, pointer: pointer, id: base)
                }
            } ?? .failure(.schema("A constraint must be an object or an equation string, not \(element.kind.article)", at: pointer))
            let c = try parsed.get()
            // The parser found both items in the hierarchy (or threw).
            try ConstraintValidation.validate(c, hierarchy: hierarchy, fields: .init(all: pointer), itemsFound: true)
            constraints.append(c)
        case .object:
            if let format = fields.string(FormField.visualFormat.rawValue), format.utf8.count > maxStringLength {
                throw .invalid("limit-string", "the visual format is \(format.utf8.count) bytes long; the limit is \(maxStringLength)", at: pointer / "visualFormat")
            }
            func has(_ field: FormField) -> Bool { fields.has(field.rawValue) }
            let result: (constraints: [LayoutConstraint], base: String?)
            if fields.has(PlainConstraintForm.Field.firstItem.rawValue) {
                try PlainConstraintForm.parse(fields, keys: keys, pointer: pointer, hierarchy: hierarchy, defaultID: defaultBase, into: &constraints)
                return
            } else if has(.visualFormat) {
                result = try VisualFormatForm.parse(element, pointer: pointer, hierarchy: hierarchy)
            } else if has(.make) || has(.view) {
                try MasonryMakeForm.parse(element, pointer: pointer, hierarchy: hierarchy, defaultID: defaultBase, into: &constraints)
                return
            } else if has(.distribute) {
                result = try MasonryDistributionForm.parse(element, pointer: pointer, hierarchy: hierarchy)
            } else if has(.equation) {
                result = try EquationObjectForm.parse(element, pointer: pointer, hierarchy: hierarchy)
            } else {
                throw .schema(
                    "A constraint object needs one of firstItem (plain), visualFormat, view/make (Masonry), distribute or equation",
                    at: pointer)
            }
            append(result.constraints, base: result.base ?? defaultBase, to: &constraints)
        default:
            throw .schema("A constraint must be an object or an equation string, not \(element.kind.article)", at: pointer)
        }
    }

    /// `constraints[index]`, the id of a constraint without one: shared from
    /// ``ConstraintForms/commonDefaultIDs`` for every index a request within the default limits
    /// can have (below `LayoutLimits.default.maxConstraints`), else made.
    static func defaultID(_ index: Int) -> String {
        index >= 0 && index < SharedDefaultIDs.capacity ? commonDefaultIDs.id(index) : makeDefaultID(index)
    }

    /// The default ids `constraints[0]` … `constraints[199999]`, shared by every request: from
    /// index 100 an id is a heap allocation, some 550 instructions each, and a 1,000-view request
    /// has 3,600 to 5,000 constraints, a 10,000-view one 36,000 to 50,000.
    private static let commonDefaultIDs = SharedDefaultIDs()

    /// Default ids made when first needed, 256 at a time, so that a process holds only as many as
    /// its largest request needed: 80 bytes an id (16 in the table, 64 on the heap), about 16 MB
    /// were a request ever to use all 200,000. The ids made so far are a prefix of `ids`, never
    /// changed once made: a reader takes one below `made` (loaded acquiring) without the lock; a
    /// writer makes more under the lock, then publishes them by storing `made` (releasing). The
    /// ids live as long as the process; the table's untouched pages take no memory.
    private final class SharedDefaultIDs: @unchecked Sendable {
        static let capacity = LayoutLimits.default.maxConstraints
        private static let block = 256
        private let ids = UnsafeMutablePointer<String>.allocate(capacity: capacity)
        private let made = Atomic<Int>(0)
        private let growing = Mutex<Void>(())

        /// The id at `index`, which is below ``capacity``.
        func id(_ index: Int) -> String {
            if index >= made.load(ordering: .acquiring) {
                growing.withLock { _ in
                    let count = made.load(ordering: .relaxed)
                    guard index >= count else { return }
                    let end = min(Self.capacity, (index / Self.block + 1) * Self.block)
                    for k in count..<end {
                        (ids + k).initialize(to: makeDefaultID(k))
                    }
                    made.store(end, ordering: .releasing)
                }
            }
            return ids[index]
        }
    }

    /// `constraints[index]` written byte by byte into a buffer on the stack and decoded once
    /// (interpolation costs a few hundred instructions more, and so does
    /// `String(unsafeUninitializedCapacity:)`, whose closure is not specialized), so that ids up
    /// to 15 bytes are small strings (no allocation).
    private static func makeDefaultID(_ index: Int) -> String {
        let prefix: StaticString = "constraints["
        return text(UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount), "", index, "]")
    }

    /// Appends the constraints one element expanded to, named from `base` (see ``id(_:_:of:)``).
    static func append(_ expanded: consuming [LayoutConstraint], base: String, to constraints: inout [LayoutConstraint]) {
        var expanded = expanded
        let count = expanded.count
        for k in expanded.indices { expanded[k].id = id(base, k, of: count) }
        constraints.append(contentsOf: expanded)
    }

    /// The id of the `k`th of the `count` constraints an element expands to: `base` for the only
    /// one, else `base.k`, written as ``makeDefaultID(_:)`` writes its ids (interpolated, an id
    /// cost some 1,200 instructions).
    static func id(_ base: String, _ k: Int, of count: Int) -> String {
        guard count != 1 else { return base }
        var base = base
        return base.withUTF8 { text($0, ".", k, "") }
    }

    /// `prefix`, `separator`, `number` in decimal and `suffix`, decoded from a buffer on the stack.
    private static func text(_ prefix: UnsafeBufferPointer<UInt8>, _ separator: StaticString, _ number: Int, _ suffix: StaticString) -> String {
        var digits = 1
        var rest = number.magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        // A sign and at most 20 digits.
        let length = prefix.count + separator.utf8CodeUnitCount + 21 + suffix.utf8CodeUnitCount
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { raw in
            var count = 0
            func append(_ bytes: UnsafeBufferPointer<UInt8>) {
                for byte in bytes {
                    raw[count] = byte
                    count += 1
                }
            }
            append(prefix)
            append(UnsafeBufferPointer(start: separator.utf8Start, count: separator.utf8CodeUnitCount))
            if number < 0 {
                raw[count] = UInt8(ascii: "-")
                count += 1
            }
            rest = number.magnitude
            for k in stride(from: count + digits - 1, through: count, by: -1) {
                raw[k] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            count += digits
            append(UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
            return String(decoding: UnsafeMutableBufferPointer(rebasing: raw[..<count]), as: UTF8.self)
        }
    }
}

/// `{"equation": "a.left == b.left", "id": "x"}`: an equation string with an id.
enum EquationObjectForm {
    static func parse(_ element: JSONValue, pointer: JSONPointer, hierarchy: some ViewHierarchy) throws(LayoutProblem) -> ([LayoutConstraint], String?) {
        let reader = try ObjectReader(element, at: pointer, allowed: ["equation", "id"], maxMagnitude: nil)
        let id = try reader.string("id")
        guard let text = try reader.string("equation") else { throw .schema("equation must be a string", at: pointer / "equation") }
        let c = try ConstraintEquationParser.parse(text, hierarchy: hierarchy, pointer: pointer / "equation", id: id ?? "")
        var validated = c
        validated.pointer = pointer
        try ConstraintValidation.validate(validated, hierarchy: hierarchy, fields: .init(all: "equation", of: pointer))
        return ([validated], id)
    }
}

extension ConstraintForms {
    /// Masonry's implicit superview: a location compared with a number is compared with the
    /// superview's same attribute. Leaves the constraint alone when the item has no parent
    /// (validation then reports Apple's "location equal to a constant").
    static func applyImplicitSuperview(to c: inout LayoutConstraint, hierarchy: some ViewHierarchy) {
        (c.secondItem, c.secondAttribute) = implicitSuperview(
            c.firstItem, c.firstAttribute, c.secondItem, c.secondAttribute, hierarchy: hierarchy)
    }

    /// The second item and attribute of a constraint after Masonry's implicit superview rule.
    static func implicitSuperview(
        _ firstItem: String, _ firstAttribute: LayoutAttribute, _ secondItem: String?, _ secondAttribute: LayoutAttribute,
        hierarchy: some ViewHierarchy
    ) -> (String?, LayoutAttribute) {
        guard secondItem == nil, firstAttribute.isLocation, let parent = hierarchy.parent(of: firstItem) else {
            return (secondItem, secondAttribute)
        }
        return (parent, secondAttribute == .notAnAttribute ? firstAttribute : secondAttribute)
    }
}
