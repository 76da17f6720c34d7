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
    static func parse(
        _ fields: consuming JSONFields, keys: ConstraintKeys, pointer: JSONPointer, hierarchy: some ViewHierarchy, defaultID: @autoclosure () -> String,
        into constraints: inout [LayoutConstraint]
    ) throws(LayoutProblem) {
        let f = try ObjectReader(fields, keys: keys.element, allowed: Field.count, at: pointer, maxMagnitude: nil)
        let id = try f.string(Field.id.rawValue)
        let (first, firstFound, firstIndex) = try item(.firstItem, of: f, hierarchy: hierarchy)
        let firstItem = first ?? ""
        guard f.has(Field.firstAttribute.rawValue) else {
            throw .schema("'firstAttribute' is required", at: pointer)
        }
        let firstAttribute = try attribute(.firstAttribute, of: f, names: keys.attributes)
        var relation = LayoutRelation.equal
        if f.has(Field.relation.rawValue) {
            guard let index = f.string(Field.relation.rawValue, in: keys.relations) else {
                let r = try f.string(Field.relation.rawValue) ?? ""
                throw .invalid("invalid-relation", "Unknown relation '\(r)'; use ==, <=, >= or equal, lessThanOrEqual, greaterThanOrEqual", at: pointer / "relation")
            }
            relation = LayoutRelation(wireName: index)
        }
        let (givenSecondItem, secondFound, secondIndex) = try item(.secondItem, of: f, hierarchy: hierarchy)
        var secondItem = givenSecondItem
        var secondAttribute = LayoutAttribute.notAnAttribute
        if f.member(Field.secondAttribute.rawValue, nullable: true) != nil {
            secondAttribute = try attribute(.secondAttribute, of: f, names: keys.attributes)
        } else if secondItem != nil {
            secondAttribute = firstAttribute
        }
        // Masonry's superview rule for a location with no second item (the second attribute may be named).
        if secondAttribute == .notAnAttribute || secondAttribute.isLocation {
            (secondItem, secondAttribute) = ConstraintForms.implicitSuperview(
                firstItem, firstAttribute, secondItem, secondAttribute, hierarchy: hierarchy)
        }
        let multiplier = try f.number(Field.multiplier.rawValue) ?? 1
        let constant = try f.number(Field.constant.rawValue) ?? 0
        let priority = try f.priority(Field.priority.rawValue) ?? .required

        let given = (secondItem: f.has(Field.secondItem.rawValue), secondAttribute: f.has(Field.secondAttribute.rawValue),
                     multiplier: f.has(Field.multiplier.rawValue))
        let itemsFound = firstFound && (givenSecondItem == nil || secondFound)
        let c = LayoutConstraint(
            id: id ?? defaultID(), firstItem: firstItem, firstAttribute: firstAttribute, relation: relation,
            secondItem: secondItem, secondAttribute: secondAttribute,
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
    private static func item(_ field: Field, of f: ObjectReader, hierarchy: some ViewHierarchy) throws(LayoutProblem) -> (id: String?, found: Bool, index: Int32) {
        if let stored = f.withStringUTF8(field.rawValue, { hierarchy.storedItem(utf8: $0) }) ?? nil {
            return (stored.id, !stored.id.isEmpty, Int32(truncatingIfNeeded: stored.index))
        }
        return (try f.string(field.rawValue, nullable: true), false, -1)
    }

    /// The attribute a string member names, matched against `names` (``LayoutAttribute/wireNames``)
    /// without making a string (one is made for the error).
    @inline(__always)
    private static func attribute(_ field: Field, of f: ObjectReader, names: JSONKeys) throws(LayoutProblem) -> LayoutAttribute {
        if let index = f.string(field.rawValue, in: names) { return LayoutAttribute(wireName: index) }
        let key = fieldNames[field.rawValue]
        return try attribute(f.requiredString(field.rawValue), at: f.pointer / key)
    }

    static func attribute(_ name: String, at pointer: @autoclosure () -> JSONPointer) throws(LayoutProblem) -> LayoutAttribute {
        guard let a = LayoutAttribute(name: name) else {
            throw .invalid("unknown-attribute", "Unknown layout attribute '\(name)'", at: pointer())
        }
        return a
    }
}
