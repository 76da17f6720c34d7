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
    static let fields: [String] = [
        "id", "firstItem", "firstAttribute", "relation", "secondItem", "secondAttribute",
        "multiplier", "constant", "priority",
    ]

    static func parse(_ element: JSONValue, pointer: JSONPointer, hierarchy: some ViewHierarchy) throws(LayoutProblem) -> (LayoutConstraint, String?) {
        let f = try ObjectReader(element, at: pointer, allowed: fields, maxMagnitude: nil)
        let id = try f.string("id")
        let firstItem = try f.string("firstItem", nullable: true) ?? ""
        guard let firstName = try f.string("firstAttribute") else {
            throw .schema("'firstAttribute' is required", at: pointer)
        }
        let firstAttribute = try attribute(firstName, at: pointer / "firstAttribute")
        var relation = LayoutRelation.equal
        if let r = try f.string("relation") {
            guard let parsed = LayoutRelation(token: r) else {
                throw .invalid("invalid-relation", "Unknown relation '\(r)'; use ==, <=, >= or equal, lessThanOrEqual, greaterThanOrEqual", at: pointer / "relation")
            }
            relation = parsed
        }
        let secondItem = try f.string("secondItem", nullable: true)
        var secondAttribute = LayoutAttribute.notAnAttribute
        if let name = try f.string("secondAttribute", nullable: true) {
            secondAttribute = try attribute(name, at: pointer / "secondAttribute")
        } else if secondItem != nil {
            secondAttribute = firstAttribute
        }
        let multiplier = try f.number("multiplier") ?? 1
        let constant = try f.number("constant") ?? 0
        let priority = try f.priority("priority") ?? .required

        var c = LayoutConstraint(
            id: id ?? "", firstItem: firstItem, firstAttribute: firstAttribute, relation: relation,
            secondItem: secondItem, secondAttribute: secondAttribute,
            multiplier: multiplier, constant: constant, priority: priority, pointer: pointer)
        // Masonry's superview rule for a location with no second item (the second attribute may be named).
        if secondItem == nil, firstAttribute.isLocation, !firstItem.isEmpty, hierarchy.contains(firstItem) {
            if secondAttribute == .notAnAttribute || secondAttribute.isLocation {
                c = ConstraintForms.applyingImplicitSuperview(c, hierarchy: hierarchy)
            }
        }
        var pointers = ConstraintValidation.FieldPointers.fields(of: pointer)
        if !f.has("secondItem") { pointers.secondItem = .base }
        if !f.has("secondAttribute") { pointers.secondAttribute = f.has("secondItem") ? .member("secondItem") : .base }
        if !f.has("multiplier") { pointers.multiplier = .base }
        try ConstraintValidation.validate(c, hierarchy: hierarchy, fields: pointers)
        return (c, id)
    }

    static func attribute(_ name: String, at pointer: @autoclosure () -> JSONPointer) throws(LayoutProblem) -> LayoutAttribute {
        guard let a = LayoutAttribute(name: name) else {
            throw .invalid("unknown-attribute", "Unknown layout attribute '\(name)'", at: pointer())
        }
        return a
    }
}
