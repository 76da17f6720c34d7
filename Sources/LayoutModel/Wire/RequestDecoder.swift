import JSON

/// Reads a `POST /solve` body into a validated `LayoutRequest`.
///
/// 400 for a body that is not JSON or not of the schema; 422 for a request that is well-formed
/// but meaningless or over a limit. Every problem carries a JSON pointer to the culprit.
public enum RequestDecoder {
    /// The top-level fields, in `TopField` order.
    static let topLevelFields = JSONKeys(["size", "sizes", "layoutDirection", "views", "constraints", "displayScale", "strict", "explain"])
    /// The top-level fields, read by index (a name is looked up among the names one by one).
    private enum TopField: Int {
        case size, sizes, layoutDirection, views, constraints, displayScale, strict, explain
    }
    /// The fields of a view, in `ViewField` order.
    static let viewFields = JSONKeys(["id", "parent", "kind", "intrinsicSize", "hugging", "compressionResistance", "margins",
                                      "directionalMargins", "safeAreaInsets", "baseline", "frame"])
    private enum ViewField: Int {
        case id, parent, kind, intrinsicSize, hugging, compressionResistance, margins, directionalMargins, safeAreaInsets, baseline, frame
    }
    /// The fields of a size, in `SizeField` order.
    private static let sizeFields = JSONKeys(["width", "height"])
    private enum SizeField: Int { case width, height }
    /// The fields of per-axis priorities, in `AxisField` order.
    private static let axisFields = JSONKeys(["horizontal", "vertical"])
    private enum AxisField: Int { case horizontal, vertical }
    /// The fields of insets, and of directional insets, in `EdgeField` order.
    private static let insetFields = JSONKeys(["top", "left", "bottom", "right"])
    private static let directionalFields = JSONKeys(["top", "leading", "bottom", "trailing"])
    private enum EdgeField: Int { case top, leadingOrLeft, bottom, trailingOrRight }
    /// The fields of baselines, in `BaselineField` order.
    private static let baselineFields = JSONKeys(["firstFromTop", "lastFromBottom"])
    private enum BaselineField: Int { case firstFromTop, lastFromBottom }
    /// The fields of a frame, in `FrameField` order.
    private static let frameFields = JSONKeys(["x", "y", "width", "height"])
    private enum FrameField: Int { case x, y, width, height }

    public static func decode(_ body: [UInt8], limits: LayoutLimits = .default) throws(LayoutProblem) -> LayoutRequest {
        try decode(document(body).root, limits: limits)
    }

    /// Parses a body as JSON; 400 `invalid-json` with the line, column and pointer where it is not.
    public static func document(_ body: [UInt8]) throws(LayoutProblem) -> JSONDocument {
        do {
            return try JSONDocument(parsing: body)
        } catch {
            throw LayoutProblem(status: 400, type: "invalid-json", title: "Body is not valid JSON",
                                detail: error.description, pointer: JSONPointer(escaped: error.pointer))
        }
    }

    public static func decode(_ root: JSONValue, limits: LayoutLimits = .default) throws(LayoutProblem) -> LayoutRequest {
        let top = try ObjectReader(root, at: .root, allowed: topLevelFields, maxMagnitude: limits.maxMagnitude)
        let direction = try layoutDirection(top)
        let (sizes, isMultiSize) = try rootSizes(top, limits: limits)

        guard let viewValues = try top.array(TopField.views.rawValue) else { throw .schema("missing required field 'views'", at: .root / "views") }
        guard !viewValues.isEmpty else { throw .invalid("no-root", "'views' must list at least the root view", at: .root / "views") }
        guard viewValues.count <= limits.maxViews else {
            throw .invalid("limit-views", "\(viewValues.count) views; the limit is \(limits.maxViews)", at: .root / "views")
        }
        var views: [ViewSpec] = []
        views.reserveCapacity(viewValues.count)
        let viewsPointer = JSONPointer(member: .views)
        var nested = JSONFields(scratchIn: root)
        try viewValues.forEachElement(matching: viewFields) { (index, value, fields) throws(LayoutProblem) in
            views.append(try view(value, fields: fields, nested: &nested, at: viewsPointer / index, direction: direction, limits: limits))
        }
        let tree = try ViewTree(views: views, limits: limits)

        var constraints: [LayoutConstraint] = []
        if let elements = try top.array(TopField.constraints.rawValue) {
            constraints = try Self.constraints(elements, tree: tree, direction: direction, limits: limits)
        }

        var displayScale: Double?
        if let scale = try top.number(TopField.displayScale.rawValue) {
            guard [1, 2, 3].contains(scale) else {
                throw .invalid("invalid-display-scale", "displayScale must be 1, 2 or 3, not \(scale.constraintText)", at: .root / "displayScale")
            }
            displayScale = scale
        }
        return LayoutRequest(
            sizes: sizes, isMultiSize: isMultiSize, layoutDirection: direction,
            tree: tree, constraints: constraints,
            displayScale: displayScale, strict: try top.bool(TopField.strict.rawValue) ?? false,
            explain: try explain(top, tree: tree, limits: limits))
    }

    /// The elements of `constraints`, expanded and checked against the limits in order.
    private static func constraints(_ elements: JSONElements, tree: ViewTree, direction: LayoutDirection, limits: LayoutLimits) throws(LayoutProblem) -> [LayoutConstraint] {
        var constraints: [LayoutConstraint] = []
        constraints.reserveCapacity(elements.count)
        // A constraint compiles to at most 2 + 2 × the deepest depth terms. While the sum of those
        // bounds is within the limit the exact count cannot pass it, so the items are looked up
        // only from the constraint where the bounds would (those before it are counted then).
        let termsBound = 2 + 2 * (tree.depth.max() ?? 0)
        var terms = 0
        var counted = 0
        let constraintsPointer = JSONPointer(member: .constraints)
        let keys = ConstraintKeys.current
        try elements.forEachElement(matching: keys.element, allowed: PlainConstraintForm.Field.count) { (index, element, fields) throws(LayoutProblem) in
            let pointer = constraintsPointer / index
            let first = constraints.count
            try ConstraintForms.expand(element, fields: fields, index: index, pointer: pointer, hierarchy: tree, layoutDirection: direction,
                                       maxStringLength: limits.maxStringLength, keys: keys, into: &constraints)
            for k in first..<constraints.count {
                try checkNumbers(constraints[k], limits: limits)
                guard k < limits.maxConstraints else {
                    throw .invalid("limit-constraints", "more than \(limits.maxConstraints) constraints after expanding shorthands", at: pointer)
                }
                let (bound, overflow) = (k + 1).multipliedReportingOverflow(by: termsBound)
                guard overflow || bound > limits.maxTerms else { continue }
                while counted <= k {
                    terms += tree.terms(constraints[counted])
                    counted += 1
                }
                guard terms <= limits.maxTerms else {
                    throw .invalid("limit-terms", "the constraints reach through more than \(limits.maxTerms) view levels in all (each counts its items and the views between them and their closest common ancestor); flatten the hierarchy or constrain nearer views", at: pointer)
                }
            }
        }
        return constraints
    }

    /// `explain`: ids of declared views or guides (each at most once in the answer), at most `limits.maxExplain`.
    private static func explain(_ top: ObjectReader, tree: ViewTree, limits: LayoutLimits) throws(LayoutProblem) -> [String] {
        guard let values = try top.array(TopField.explain.rawValue) else { return [] }
        guard values.count <= limits.maxExplain else {
            throw .invalid("limit-explain", "\(values.count) views to explain; the limit is \(limits.maxExplain)", at: .root / "explain")
        }
        var ids: [String] = []
        for (index, value) in values.enumerated() {
            let pointer = JSONPointer.root / "explain" / index
            guard let id = value.string else { throw .schema("expected a view id, found \(value.kind.article)", at: pointer) }
            guard case .view? = tree.item(id) else {
                throw .invalid("unknown-view", tree.contains(id)
                    ? "'\(id)' is an owned guide; explain its view '\(tree.parent(of: id) ?? id)' instead"
                    : "'\(id)' is not a view or a guide in the request", at: pointer)
            }
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    private static func layoutDirection(_ top: ObjectReader) throws(LayoutProblem) -> LayoutDirection {
        guard let name = try top.string(TopField.layoutDirection.rawValue) else { return .leftToRight }
        guard let direction = LayoutDirection(rawValue: name) else {
            throw .schema("layoutDirection must be 'leftToRight' or 'rightToLeft', not '\(name)'", at: .root / "layoutDirection")
        }
        return direction
    }

    private static func rootSizes(_ top: ObjectReader, limits: LayoutLimits) throws(LayoutProblem) -> ([RootSize], Bool) {
        if let sizes = try top.array(TopField.sizes.rawValue) {
            guard top.member(TopField.size.rawValue) == nil else {
                throw .schema("give either 'size' or 'sizes', not both", at: .root / "sizes")
            }
            guard !sizes.isEmpty else { throw .schema("'sizes' must list at least one size", at: .root / "sizes") }
            guard sizes.count <= limits.maxSizes else {
                throw .invalid("limit-sizes", "\(sizes.count) sizes; the limit is \(limits.maxSizes)", at: .root / "sizes")
            }
            var result: [RootSize] = []
            for (index, value) in sizes.enumerated() {
                result.append(try rootSize(value, at: .root / "sizes" / index, limits: limits))
            }
            return (result, true)
        }
        guard let size = top.member(TopField.size.rawValue) else { return ([RootSize(width: nil, height: nil)], false) }
        return ([try rootSize(size, at: .root / "size", limits: limits)], false)
    }

    private static func rootSize(_ value: JSONValue, at pointer: JSONPointer, limits: LayoutLimits) throws(LayoutProblem) -> RootSize {
        let size = try ObjectReader(value, at: pointer, allowed: sizeFields, maxMagnitude: limits.maxMagnitude)
        let width = try size.number(SizeField.width.rawValue, nullable: true)
        let height = try size.number(SizeField.height.rawValue, nullable: true)
        for (key, dimension) in [("width", width), ("height", height)] {
            if let dimension, dimension < 0 {
                throw .invalid("negative-size", "the root \(key) cannot be negative", at: pointer / key)
            }
        }
        return RootSize(width: width, height: height)
    }

    /// Reads a view from its members, matched against `viewFields`. The members views usually
    /// have are read in place from `fields`, and the objects nested in them through `nested`
    /// (scratch fields of the document). A reader, which holds the document and the keys (each
    /// retained for it and released with it), is made only for a member the fields do not read
    /// as wanted (a `null`, a priority's name, a value out of range or of the wrong type: it
    /// reads it, or reports the problem, as a reader made for the whole view did) and for the
    /// members views rarely have (margins, a baseline, a frame).
    private static func view(
        _ value: JSONValue, fields: borrowing JSONFields, nested: inout JSONFields, at pointer: JSONPointer,
        direction: LayoutDirection, limits: LayoutLimits
    ) throws(LayoutProblem) -> ViewSpec {
        func reader() throws(LayoutProblem) -> ObjectReader {
            try ObjectReader(value, at: pointer, allowed: viewFields, maxMagnitude: limits.maxMagnitude)
        }
        func has(_ field: ViewField) -> Bool { fields.has(field.rawValue) }
        /// A string member, read by a reader when it is not a string.
        func string(_ field: ViewField, nullable: Bool = false) throws(LayoutProblem) -> String? {
            if let string = fields.string(field.rawValue) { return string }
            return has(field) ? try reader().string(field.rawValue, nullable: nullable) : nil
        }
        // A reader fails for an unknown member; and for an element that is not an object, which
        // has no id.
        if fields.unknownKey != nil { _ = try reader() }
        let id: String
        if let given = try string(.id) { id = given } else { id = try reader().requiredString(ViewField.id.rawValue) }
        guard fields.withStringUTF8(ViewField.id.rawValue, isValidID) == true else {
            throw .invalid("invalid-id", "view id '\(id.prefix(64))' must match [A-Za-z_][A-Za-z0-9_-]*", at: pointer / "id")
        }
        let parent = try string(.parent, nullable: true)
        var kind = ViewSpec.Kind.view
        if let name = try string(.kind) {
            guard let parsed = ViewSpec.Kind(rawValue: name) else {
                throw .schema("kind must be 'view', 'guide' or 'scroll', not '\(name)'", at: pointer / "kind")
            }
            kind = parsed
        }
        var view = ViewSpec(id: id, parent: parent, kind: kind, pointer: pointer)

        if has(.intrinsicSize) {
            if nested.rematch(member: ViewField.intrinsicSize.rawValue, of: fields, keys: sizeFields), nested.unknownKey == nil,
               let width = nested.optionalNumber(SizeField.width.rawValue, maxMagnitude: limits.maxMagnitude),
               let height = nested.optionalNumber(SizeField.height.rawValue, maxMagnitude: limits.maxMagnitude) {
                (view.intrinsicWidth, view.intrinsicHeight) = (width, height)
            } else if let intrinsic = try reader().object(ViewField.intrinsicSize.rawValue, allowed: sizeFields) {
                view.intrinsicWidth = try intrinsic.number(SizeField.width.rawValue, nullable: true)
                view.intrinsicHeight = try intrinsic.number(SizeField.height.rawValue, nullable: true)
            }
        }
        if has(.hugging) {
            view.hugging = try priorities(.hugging, of: fields, nested: &nested, defaults: view.hugging, reader: reader)
        }
        if has(.compressionResistance) {
            view.compressionResistance = try priorities(.compressionResistance, of: fields, nested: &nested, defaults: view.compressionResistance, reader: reader)
        }
        if has(.margins) || has(.directionalMargins) || has(.safeAreaInsets) || has(.baseline) || has(.frame) {
            try rarelyGiven(reader(), into: &view, at: pointer, direction: direction)
        }
        return view
    }

    /// The members of a view that views rarely have, read by a reader.
    private static func rarelyGiven(_ fields: ObjectReader, into view: inout ViewSpec, at pointer: JSONPointer, direction: LayoutDirection) throws(LayoutProblem) {
        if let margins = try fields.object(ViewField.margins.rawValue, allowed: insetFields) {
            view.margins = try insets(margins, defaults: view.margins)
        }
        if let directional = try fields.object(ViewField.directionalMargins.rawValue, allowed: directionalFields) {
            guard !fields.has(ViewField.margins.rawValue) else {
                throw .schema("give either 'margins' or 'directionalMargins', not both", at: pointer / "directionalMargins")
            }
            let leading = try directional.number(EdgeField.leadingOrLeft.rawValue) ?? 8
            let trailing = try directional.number(EdgeField.trailingOrRight.rawValue) ?? 8
            let rightToLeft = direction == .rightToLeft
            view.margins = EdgeInsets(
                top: try directional.number(EdgeField.top.rawValue) ?? 8,
                left: rightToLeft ? trailing : leading,
                bottom: try directional.number(EdgeField.bottom.rawValue) ?? 8,
                right: rightToLeft ? leading : trailing)
        }
        if let safeArea = try fields.object(ViewField.safeAreaInsets.rawValue, allowed: insetFields) {
            view.safeAreaInsets = try insets(safeArea, defaults: .zero)
        }
        if let baseline = try fields.object(ViewField.baseline.rawValue, allowed: baselineFields) {
            view.firstBaselineFromTop = try baseline.number(BaselineField.firstFromTop.rawValue) ?? 0
            view.lastBaselineFromBottom = try baseline.number(BaselineField.lastFromBottom.rawValue) ?? 0
        }
        if let frame = try fields.object(ViewField.frame.rawValue, allowed: frameFields) {
            view.frame = Rect(
                x: try frame.requiredNumber(FrameField.x.rawValue), y: try frame.requiredNumber(FrameField.y.rawValue),
                width: try frame.requiredNumber(FrameField.width.rawValue), height: try frame.requiredNumber(FrameField.height.rawValue))
        }
    }

    /// The per-axis priorities of the object at `field` of a view's `fields`: read in place
    /// through `nested` when they are numbers in range, else by a reader made with `reader`.
    private static func priorities(
        _ field: ViewField, of fields: borrowing JSONFields, nested: inout JSONFields, defaults: AxisPriorities,
        reader: () throws(LayoutProblem) -> ObjectReader
    ) throws(LayoutProblem) -> AxisPriorities {
        if nested.rematch(member: field.rawValue, of: fields, keys: axisFields), nested.unknownKey == nil,
           let horizontal = nested.optionalPriority(AxisField.horizontal.rawValue),
           let vertical = nested.optionalPriority(AxisField.vertical.rawValue) {
            return AxisPriorities(horizontal: horizontal ?? defaults.horizontal, vertical: vertical ?? defaults.vertical)
        }
        guard let object = try reader().object(field.rawValue, allowed: axisFields) else { return defaults }
        return try priorities(object, defaults: defaults)
    }

    private static func priorities(_ fields: ObjectReader, defaults: AxisPriorities) throws(LayoutProblem) -> AxisPriorities {
        AxisPriorities(
            horizontal: try fields.priority(AxisField.horizontal.rawValue) ?? defaults.horizontal,
            vertical: try fields.priority(AxisField.vertical.rawValue) ?? defaults.vertical)
    }

    private static func insets(_ fields: ObjectReader, defaults: EdgeInsets) throws(LayoutProblem) -> EdgeInsets {
        EdgeInsets(
            top: try fields.number(EdgeField.top.rawValue) ?? defaults.top,
            left: try fields.number(EdgeField.leadingOrLeft.rawValue) ?? defaults.left,
            bottom: try fields.number(EdgeField.bottom.rawValue) ?? defaults.bottom,
            right: try fields.number(EdgeField.trailingOrRight.rawValue) ?? defaults.right)
    }

    /// `[A-Za-z_][A-Za-z0-9_-]*`: no dots, so owned guides (`root.safeArea`) never clash with ids.
    private static func isValidID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, first.isASCIILetter || first == UInt8(ascii: "_") else { return false }
        for byte in bytes.dropFirst() where !(byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")) {
            return false
        }
        return true
    }

    /// Constants and multipliers within the documented ranges.
    private static func checkNumbers(_ constraint: borrowing LayoutConstraint, limits: LayoutLimits) throws(LayoutProblem) {
        guard constraint.constant.isFinite, abs(constraint.constant) <= limits.maxMagnitude else {
            throw .invalid("limit-magnitude", "constraint '\(constraint.id)' has the constant \(constraint.constant.constraintText), beyond ±\(limits.maxMagnitude.constraintText)", at: constraint.pointer)
        }
        let multiplier = abs(constraint.multiplier)
        guard constraint.secondItem == nil || (multiplier >= limits.minMultiplier && multiplier <= limits.maxMultiplier) else {
            throw .invalid("limit-multiplier", "constraint '\(constraint.id)' has the multiplier \(constraint.multiplier.constraintText); multipliers must be within ±[\(limits.minMultiplier.constraintText), \(limits.maxMultiplier.constraintText)]", at: constraint.pointer)
        }
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool { (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) }
    fileprivate var isASCIIDigit: Bool { self >= 0x30 && self <= 0x39 }
}
