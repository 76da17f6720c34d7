import JSON

/// `mas_distributeViewsAlongAxis` (auto-layout.md §8.5):
/// `{"distribute": ["a", "b", "c"], "axis": "horizontal"|"vertical", "fixedSpacing": s | "fixedItemLength": l,
///   "leadSpacing": a, "tailSpacing": b, "id": "row"}` (lead and tail spacing default to 0).
///
/// Exactly Masonry's constraints, in Masonry's order, against S = the views' closest common superview
/// (horizontal shown; vertical uses top/bottom/height):
/// - fixed spacing g: `v0.left == S.left + a`; for i ≥ 1: `vi.width == v(i−1).width`, `vi.left == v(i−1).right + g`,
///   and for the last `vn.right == S.right − b`.
/// - fixed item length L: for every view `vi.width == L`, then `v0.left == S.left + a`; for 1 ≤ i ≤ n−2 with
///   t = i/(n−1): `vi.right == S.right × t + (1 − t)(L + a) − t·b`; and `v(n−1).right == S.right − b`.
enum MasonryDistributionForm {
    static let fields = JSONKeys(["distribute", "axis", "fixedSpacing", "fixedItemLength", "leadSpacing", "tailSpacing", "id"])

    static func parse(_ element: JSONValue, pointer: JSONPointer, hierarchy: some ViewHierarchy) throws(LayoutProblem) -> ([LayoutConstraint], String?) {
        let f = try ObjectReader(element, at: pointer, allowed: fields, maxMagnitude: nil)
        let id = try f.string("id")
        guard let list = f.member("distribute") else {
            throw .schema("missing required field 'distribute'", at: pointer / "distribute")
        }
        guard list.kind == .array else {
            throw .schema("'distribute' must be an array of view ids, not \(list.kind.article)", at: pointer / "distribute")
        }
        var views: [String] = []
        for (k, e) in list.elements.enumerated() {
            guard e.kind == .string, let s = e.string else {
                throw .schema("'distribute' must be an array of view ids", at: pointer / "distribute" / k)
            }
            guard hierarchy.contains(s) else {
                throw .invalid("unknown-view", "Unknown view '\(s)'", at: pointer / "distribute" / k)
            }
            views.append(s)
        }
        guard views.count >= 2 else {
            throw .invalid("invalid-distribution", "views to distribute need to bigger than one (mas_distributeViewsAlongAxis needs at least 2 views, got \(views.count))", at: pointer / "distribute")
        }
        guard let axisName = try f.string("axis") else {
            throw .schema("'axis' is required: horizontal or vertical", at: pointer)
        }
        let horizontal: Bool
        switch axisName {
        case "horizontal": horizontal = true
        case "vertical": horizontal = false
        default: throw .invalid("invalid-distribution", "Unknown axis '\(axisName)'; use horizontal or vertical", at: pointer / "axis")
        }
        let spacing = try f.number("fixedSpacing")
        let length = try f.number("fixedItemLength")
        if spacing != nil, length != nil {
            throw .schema("Give either fixedSpacing or fixedItemLength, not both", at: pointer / "fixedItemLength")
        }
        let lead = try f.number("leadSpacing") ?? 0
        let tail = try f.number("tailSpacing") ?? 0
        guard let superview = hierarchy.closestCommonAncestor(of: views) else {
            throw .invalid("no-common-ancestor", "couldn't find a common superview for \(views.joined(separator: ", "))", at: pointer / "distribute")
        }

        let (start, end, size): (LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            horizontal ? (.left, .right, .width) : (.top, .bottom, .height)
        var out: [LayoutConstraint] = []
        func make(_ v: String, _ a: LayoutAttribute, _ second: String?, _ b: LayoutAttribute, multiplier: Double = 1, _ constant: Double) {
            out.append(LayoutConstraint(id: "", firstItem: v, firstAttribute: a, secondItem: second,
                                        secondAttribute: second == nil ? .notAnAttribute : b,
                                        multiplier: multiplier, constant: constant, pointer: pointer))
        }
        let n = views.count
        if let g = spacing {
            for (i, v) in views.enumerated() {
                if i == 0 {
                    make(v, start, superview, start, lead)
                } else {
                    make(v, size, views[i - 1], size, 0)
                    make(v, start, views[i - 1], end, g)
                    if i == n - 1 { make(v, end, superview, end, -tail) }
                }
            }
        } else if let length {
            for (i, v) in views.enumerated() {
                make(v, size, nil, .notAnAttribute, length)
                if i == 0 {
                    make(v, start, superview, start, lead)
                } else if i == n - 1 {
                    make(v, end, superview, end, -tail)
                } else {
                    let t = Double(i) / Double(n - 1)
                    let offset = (1 - t) * (length + lead) - Double(i) * tail / Double(n - 1)
                    make(v, end, superview, end, multiplier: t, offset)
                }
            }
        } else {
            throw .schema("A distribution needs fixedSpacing or fixedItemLength", at: pointer)
        }
        // Made only for a problem, as the visual formats' are.
        func pointers() -> ConstraintValidation.FieldPointers {
            var pointers = ConstraintValidation.FieldPointers(all: pointer)
            pointers.firstItem = .member("distribute")
            pointers.secondItem = .member("distribute")
            return pointers
        }
        for c in out {
            try ConstraintValidation.validate(c, hierarchy: hierarchy, fields: pointers())
        }
        return (out, id)
    }
}
