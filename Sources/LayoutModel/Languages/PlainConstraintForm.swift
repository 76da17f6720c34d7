import JSON

/// The plain form, NSLayoutConstraint field for field:
/// `{"id", "firstItem", "firstAttribute", "relation", "secondItem", "secondAttribute", "multiplier", "constant", "priority"}`.
///
/// `relation` is `==`/`<=`/`>=` or `equal`/`lessThanOrEqual`/`greaterThanOrEqual` (default `==`);
/// `secondAttribute` defaults to `firstAttribute` when `secondItem` is given; `multiplier` 1; `constant` 0;
/// `priority` a number 1…1000 or `required|high|medium|low|fittingSize` (default 1000).
/// A location with no `secondItem` means the superview's attribute (`secondAttribute`, default the same) plus
/// `constant`; a size with no `secondItem` is a constant.
enum PlainConstraintForm {
    /// The fields, in `Field` order.
    static let fieldNames = [
        "id", "firstItem", "firstAttribute", "relation", "secondItem", "secondAttribute",
        "multiplier", "constant", "priority",
    ]
    enum Field: Int {
        case id, firstItem, firstAttribute, relation, secondItem, secondAttribute, multiplier, constant, priority

        /// The number of fields (a constant, where `fieldNames.count` reads the array).
        static var count: Int { priority.rawValue + 1 }
    }

    /// Appends the constraint of a plain-form element, whose members were matched against
    /// `keys.element`, to `constraints` (nothing when it throws); its id is its `id` field or
    /// else `defaultID`.
    ///
    /// The members are read in place from `fields`. A reader, which holds the keys and the
    /// pointer (each retained for it and released with it, with the document, some 140
    /// instructions a constraint), is made only for a member the fields do not read as wanted,
    /// and reads it again: it returns what the fields would not (a `null` item) or reports the
    /// problem, as a reader made for the whole element did.
    static func parse(
        _ fields: JSONFields, keys: ConstraintKeys, pointer: JSONPointer, hierarchy: some ViewHierarchy, defaultID: ConstraintName,
        into constraints: inout [LayoutConstraint]
    ) throws(LayoutProblem) {
        func reader() throws(LayoutProblem) -> ObjectReader {
            try ObjectReader(fields, keys: keys.element, allowed: Field.count, at: pointer, maxMagnitude: nil)
        }
        func has(_ field: Field) -> Bool { fields.has(field.rawValue) }
        // A reader fails for an unknown member.
        if fields.unknownKey != nil { _ = try reader() }
        var id = fields.string(Field.id.rawValue)
        if id == nil, has(.id) { id = try reader().string(Field.id.rawValue) }
        let (first, firstFound, firstIndex) = try item(.firstItem, of: fields, reader: reader, hierarchy: hierarchy)
        let firstItem = first ?? ""
        guard has(.firstAttribute) else {
            throw .schema("'firstAttribute' is required", at: pointer)
        }
        let firstAttribute = try attribute(.firstAttribute, of: fields, names: keys.attributes, reader: reader)
        var relation = LayoutRelation.equal
        if has(.relation) {
            guard let index = fields.string(Field.relation.rawValue, in: keys.relations) else {
                let r = try reader().string(Field.relation.rawValue) ?? ""
                throw .invalid("invalid-relation", "Unknown relation '\(r)'; use ==, <=, >= or equal, lessThanOrEqual, greaterThanOrEqual", at: pointer / "relation")
            }
            relation = LayoutRelation(wireName: index)
        }
        let (givenSecondItem, secondFound, secondIndex) = try item(.secondItem, of: fields, reader: reader, hierarchy: hierarchy)
        let itemsFound = firstFound && (givenSecondItem == nil || secondFound)
        var secondItem = givenSecondItem
        var secondAttribute = LayoutAttribute.notAnAttribute
        if let index = fields.string(Field.secondAttribute.rawValue, in: keys.attributes) {
            secondAttribute = LayoutAttribute(wireName: index)
        } else if has(.secondAttribute), try reader().member(Field.secondAttribute.rawValue, nullable: true) != nil {
            secondAttribute = try attribute(.secondAttribute, of: fields, names: keys.attributes, reader: reader)
        } else if secondItem != nil {
            secondAttribute = firstAttribute
        }
        // Masonry's superview rule for a location with no second item (the second attribute may be named).
        if secondAttribute == .notAnAttribute || secondAttribute.isLocation {
            (secondItem, secondAttribute) = ConstraintForms.implicitSuperview(
                firstItem, firstAttribute, secondItem, secondAttribute, hierarchy: hierarchy)
        }
        let multiplier = try number(.multiplier, of: fields, reader: reader) ?? 1
        let constant = try number(.constant, of: fields, reader: reader) ?? 0
        var priority = LayoutPriority.required
        if has(.priority) {
            if let accepted = fields.acceptedPriority(Field.priority.rawValue) {
                priority = accepted
            } else {
                priority = try reader().priority(Field.priority.rawValue) ?? .required
            }
        }

        let given = (secondItem: has(.secondItem), secondAttribute: has(.secondAttribute), multiplier: has(.multiplier))
        // The id and the items are moved in: copies were retained for the constraint, which is
        // validated before it is appended, and the originals released after.
        let c = LayoutConstraint(
            id: (consume id).map { ConstraintName($0) } ?? defaultID, firstItem: consume firstItem, firstAttribute: firstAttribute, relation: relation,
            secondItem: consume secondItem, secondAttribute: secondAttribute,
            multiplier: multiplier, constant: constant, priority: priority, pointer: pointer,
            resolvedItems: ResolvedItems(first: firstIndex, second: secondIndex))
        try ConstraintValidation.validate(c, hierarchy: hierarchy, fields: fieldPointers(pointer, given: given), itemsFound: itemsFound)
        constraints.append(c)
    }

    /// Where validation points for each field: the member when given, else what stands for it.
    private static func fieldPointers(
        _ pointer: JSONPointer, given: (secondItem: Bool, secondAttribute: Bool, multiplier: Bool)
    ) -> ConstraintValidation.FieldPointers {
        var pointers = ConstraintValidation.FieldPointers.fields(of: pointer)
        if !given.secondItem { pointers.secondItem = .base }
        if !given.secondAttribute { pointers.secondAttribute = given.secondItem ? .member("secondItem") : .base }
        if !given.multiplier { pointers.multiplier = .base }
        return pointers
    }

    /// An item field (`null` counts as absent): the id as the hierarchy stores it when it knows
    /// the bytes (`found`: a declared, non-empty id, at `index` in the hierarchy), else a new
    /// string (`index` -1).
    @inline(__always)
    private static func item(
        _ field: Field, of fields: JSONFields, reader: () throws(LayoutProblem) -> ObjectReader, hierarchy: some ViewHierarchy
    ) throws(LayoutProblem) -> (id: String?, found: Bool, index: Int) {
        if let stored = fields.withStringUTF8(field.rawValue, { hierarchy.storedItem(utf8: $0) }) ?? nil {
            return (stored.id, !stored.id.isEmpty, stored.index)
        }
        if let id = fields.string(field.rawValue) { return (id, false, -1) }
        return (fields.has(field.rawValue) ? try reader().string(field.rawValue, nullable: true) : nil, false, -1)
    }

    /// The attribute a string member names, matched against `names` (``LayoutAttribute/wireNames``)
    /// without making a string (one is made for the error).
    @inline(__always)
    private static func attribute(
        _ field: Field, of fields: JSONFields, names: JSONKeys, reader: () throws(LayoutProblem) -> ObjectReader
    ) throws(LayoutProblem) -> LayoutAttribute {
        if let index = fields.string(field.rawValue, in: names) { return LayoutAttribute(wireName: index) }
        let f = try reader()
        return try attribute(f.requiredString(field.rawValue), at: f.pointer / fieldNames[field.rawValue])
    }

    /// A finite number member, `nil` when absent (tested first: reading a number is a call
    /// across modules, and most constraints give no multiplier).
    @inline(__always)
    private static func number(_ field: Field, of fields: JSONFields, reader: () throws(LayoutProblem) -> ObjectReader) throws(LayoutProblem) -> Double? {
        guard fields.has(field.rawValue) else { return nil }
        if let number = fields.acceptedNumber(field.rawValue, maxMagnitude: nil) { return number }
        return try reader().number(field.rawValue)
    }

    static func attribute(_ name: String, at pointer: @autoclosure () -> JSONPointer) throws(LayoutProblem) -> LayoutAttribute {
        guard let a = LayoutAttribute(name: name) else {
            throw .invalid("unknown-attribute", "Unknown layout attribute '\(name)'", at: pointer())
        }
        return a
    }
}
