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
        let defaultBase = ConstraintName.position(index)
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
            append(result.constraints, base: result.base.map { ConstraintName($0) } ?? defaultBase, to: &constraints)
        default:
            throw .schema("A constraint must be an object or an equation string, not \(element.kind.article)", at: pointer)
        }
    }

    /// Appends the constraints one element expanded to, named from `base`
    /// (see ``ConstraintName/part(_:of:)``).
    static func append(_ expanded: consuming [LayoutConstraint], base: ConstraintName, to constraints: inout [LayoutConstraint]) {
        var expanded = expanded
        let count = expanded.count
        for k in expanded.indices { expanded[k].id = base.part(k, of: count) }
        constraints.append(contentsOf: expanded)
    }
}

/// `{"equation": "a.left == b.left", "id": "x"}`: an equation string with an id.
enum EquationObjectForm {
    static func parse(_ element: JSONValue, pointer: JSONPointer, hierarchy: some ViewHierarchy) throws(LayoutProblem) -> ([LayoutConstraint], String?) {
        let reader = try ObjectReader(element, at: pointer, allowed: ["equation", "id"], maxMagnitude: nil)
        let id = try reader.string("id")
        guard let text = try reader.string("equation") else { throw .schema("equation must be a string", at: pointer / "equation") }
        let c = try ConstraintEquationParser.parse(text, hierarchy: hierarchy, pointer: pointer / "equation", id: ConstraintName(id ?? ""))
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
