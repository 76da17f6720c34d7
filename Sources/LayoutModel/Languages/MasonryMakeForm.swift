import JSON

/// Masonry make-chains (auto-layout.md §8):
/// `{"view": "v", "make": "left.right.top", "equalTo": X, "insets": {…}, "inset": n, "offset": n, "sizeOffset": {…},
///   "centerOffset": {…}, "multipliedBy": m, "dividedBy": d, "priority": p, "key": "name"}`,
/// with `lessThanOrEqualTo` / `greaterThanOrEqualTo` in place of `equalTo`.
///
/// - `make`: attributes chained with dots (or an array of names); `and`/`with` are no-ops; composites
///   `edges` (left, right, top, bottom), `size` (width, height), `center` (centerX, centerY),
///   `margins` (left/right/top/bottomMargin), `centerWithinMargins`. Expansion is attribute-major.
/// - X: a view id (same attribute; `superview` is the view's parent unless an item has that id), `"view.attr"`,
///   `"view.edges|margins|size|center|centerWithinMargins"` (each attribute mapped onto that composite), a number
///   (size: constant; location: superview's same attribute + number), an array (one constraint per element),
///   `{"width","height"}` (CGSize: sizes only), `{"x","y"}` (CGPoint: centers only), `{"top","left","bottom","right"}`.
/// - Modifiers apply in the object's member order, each setting the constant only for the attributes it touches,
///   exactly as Masonry's setters: `insets`/`inset` left, leading, top: +; right, trailing, bottom: −; nothing else
///   (sizes, centers, baselines, margins unchanged); `sizeOffset` width/height; `centerOffset` centerX/centerY;
///   `offset` all. `multipliedBy` / `dividedBy` (1/d) set the multiplier (the later wins).
/// - `priority`: `low` 250, `medium` 500, `high` 750, `required` 1000, `fittingSize` 50, or 1…1000.
/// - `key` (mas_key) or `id` names the constraints.
enum MasonryMakeForm {
    /// The fields, in `Field` order.
    static let fields = JSONKeys([
        "view", "make", "equalTo", "lessThanOrEqualTo", "greaterThanOrEqualTo", "insets", "inset", "offset",
        "sizeOffset", "centerOffset", "multipliedBy", "dividedBy", "priority", "key", "id",
    ])
    enum Field: Int {
        case view, make, equalTo, lessThanOrEqualTo, greaterThanOrEqualTo, insets, inset, offset
        case sizeOffset, centerOffset, multipliedBy, dividedBy, priority, key, id

        var name: String { MasonryMakeForm.fields.names[rawValue] }
    }
    static let relationFields: [(Field, LayoutRelation)] = [
        (.equalTo, .equal), (.lessThanOrEqualTo, .lessThanOrEqual), (.greaterThanOrEqualTo, .greaterThanOrEqual),
    ]
    /// The modifiers' fields, applied in the order the object lists them.
    static let modifierFields = [Field.insets, .inset, .offset, .sizeOffset, .centerOffset, .multipliedBy, .dividedBy, .priority].map(\.rawValue)
    /// The members of a size, a point and insets, as targets or modifiers.
    static let sizeKeys = JSONKeys(["width", "height"])
    static let pointKeys = JSONKeys(["x", "y"])
    static let insetKeys = JSONKeys(["top", "left", "bottom", "right"])

    enum Composite: String, CaseIterable { case edges, margins, size, center, centerWithinMargins }
    /// The composites' names, in `Composite.allCases` order.
    static let compositeNames = JSONKeys(Composite.allCases.map(\.rawValue))
    /// The no-op words of a chain.
    static let chainWords = JSONKeys(["and", "with"])
    /// The names of the guides a view owns (`card.margins`), in `ViewTree.OwnedGuide.allCases` order.
    static let ownedGuideNames = JSONKeys(ViewTree.OwnedGuide.allCases.map(\.rawValue))

    static func compositeAttributes(_ c: Composite) -> [LayoutAttribute] {
        switch c {
        case .edges: return [.left, .right, .top, .bottom]
        case .margins: return [.leftMargin, .rightMargin, .topMargin, .bottomMargin]
        case .size: return [.width, .height]
        case .center: return [.centerX, .centerY]
        case .centerWithinMargins: return [.centerXWithinMargins, .centerYWithinMargins]
        }
    }

    /// The attribute of a composite target matching `a` (SnapKit's `edges.equalTo(v.snp.margins)`).
    static func map(_ a: LayoutAttribute, onto c: Composite) -> LayoutAttribute {
        let plain = a.withoutMargin
        switch c {
        case .edges, .size, .center: return plain
        case .margins:
            switch plain {
            case .left: return .leftMargin
            case .right: return .rightMargin
            case .top: return .topMargin
            case .bottom: return .bottomMargin
            case .leading: return .leadingMargin
            case .trailing: return .trailingMargin
            case .centerX: return .centerXWithinMargins
            case .centerY: return .centerYWithinMargins
            default: return plain
            }
        case .centerWithinMargins:
            switch plain {
            case .centerX: return .centerXWithinMargins
            case .centerY: return .centerYWithinMargins
            default: return plain
            }
        }
    }

    enum Modifier {
        case offset(Double)
        case insets(top: Double, left: Double, bottom: Double, right: Double)
        case sizeOffset(width: Double, height: Double)
        case centerOffset(x: Double, y: Double)
        case multiplier(Double)
        case priority(LayoutPriority)
    }

    /// A target's item: its id, and where the hierarchy stores it (-1: not recorded).
    struct Item {
        var id: String
        var index = -1

        init(id: String) { self.id = id }

        /// An item as ``ViewHierarchy/storedItem(utf8:)`` finds it.
        init(_ stored: (id: String, index: Int)) {
            (id, index) = (stored.id, stored.index)
        }
    }

    enum Target {
        case item(Item)
        case attribute(Item, LayoutAttribute)
        case composite(Item, Composite)
        case number(Double)
        case size(width: Double, height: Double)
        case point(x: Double, y: Double)
        case insets(top: Double, left: Double, bottom: Double, right: Double)
    }

    /// Appends the constraints of a chain to `constraints` (nothing when it throws), named from
    /// its `key` or `id`, else `defaultID` (see ``ConstraintName/part(_:of:)``).
    static func parse(
        _ element: JSONValue, pointer: JSONPointer, hierarchy: some ViewHierarchy, defaultID: ConstraintName,
        into constraints: inout [LayoutConstraint]
    ) throws(LayoutProblem) {
        let f = try ObjectReader(element, at: pointer, allowed: fields, maxMagnitude: nil)
        // The view as the hierarchy stores it when it has these bytes (no string is made), else by name.
        let stored = f.withStringUTF8(Field.view.rawValue) { hierarchy.storedItem(utf8: $0) } ?? nil
        let view: Item
        if let stored {
            view = Item(stored)
        } else {
            guard let named = try f.string(Field.view.rawValue) else {
                throw .schema("A Masonry chain needs 'view' (the view being made)", at: pointer)
            }
            guard hierarchy.contains(named) else {
                throw .invalid("unknown-view", "Unknown view '\(named)'", at: pointer / "view")
            }
            view = Item(id: named)
        }
        let attributes = try makeAttributes(f, pointer: pointer)
        let key = try f.string(Field.key.rawValue)
        let id = try f.string(Field.id.rawValue)
        if key != nil, id != nil {
            throw .schema("Give either 'key' or 'id', not both", at: pointer / "id")
        }

        var relationField: Field?
        var relation = LayoutRelation.equal
        for (field, fieldRelation) in relationFields where f.has(field.rawValue) {
            guard relationField == nil else { throw .schema("Redefinition of constraint relation", at: pointer / field.name) }
            (relationField, relation) = (field, fieldRelation)
        }
        guard let relationField else {
            throw .schema("A Masonry chain needs one of equalTo, lessThanOrEqualTo, greaterThanOrEqualTo", at: pointer)
        }
        let relationName = relationField.name
        guard let targetValue = f.member(relationField.rawValue) else {
            throw .schema("missing required field '\(relationName)'", at: pointer / relationName)
        }
        var targets: [(Target, ConstraintValidation.FieldPointers.Location)] = []
        if targetValue.kind == .array {
            guard targetValue.count > 0 else {
                throw .schema("'\(relationName)' may not be an empty array", at: pointer / relationName)
            }
            for (k, e) in targetValue.elements.enumerated() {
                let at = pointer / relationName / k
                targets.append((try target(e, view: view.id, at: at, hierarchy: hierarchy), .pointer(at)))
            }
        } else {
            targets = [(try target(targetValue, view: view.id, at: pointer / relationName, hierarchy: hierarchy), .member(relationName))]
        }

        // The modifiers, read once, applied in member order to every constraint.
        var modifiers: [Modifier] = []
        var multiplierPointer = ConstraintValidation.FieldPointers.Location.base
        for field in f.presentFields(modifierFields) {
            guard let modifier = Field(rawValue: field), let value = f.member(field) else { continue }
            let name = modifier.name
            switch modifier {
            case .offset:
                modifiers.append(.offset(try ObjectReader.number(value, at: pointer / name, name: name)))
            case .inset:
                let n = try ObjectReader.number(value, at: pointer / name, name: name)
                modifiers.append(.insets(top: n, left: n, bottom: n, right: n))
            case .insets:
                let v = try object(value, at: pointer / name, keys: insetKeys)
                modifiers.append(.insets(top: v.0, left: v.1, bottom: v.2, right: v.3))
            case .sizeOffset:
                let v = try object(value, at: pointer / name, keys: sizeKeys)
                modifiers.append(.sizeOffset(width: v.0, height: v.1))
            case .centerOffset:
                let v = try object(value, at: pointer / name, keys: pointKeys)
                modifiers.append(.centerOffset(x: v.0, y: v.1))
            case .multipliedBy:
                modifiers.append(.multiplier(try ObjectReader.number(value, at: pointer / name, name: name)))
                multiplierPointer = .member(name)
            case .dividedBy:
                let d = try ObjectReader.number(value, at: pointer / name, name: name)
                guard d != 0 else {
                    throw .invalid("invalid-multiplier", "dividedBy(0) gives an infinite multiplier", at: pointer / name)
                }
                modifiers.append(.multiplier(1 / d))
                multiplierPointer = .member(name)
            case .priority:
                modifiers.append(.priority(try ObjectReader.priority(value, at: pointer / name)))
            case .view, .make, .equalTo, .lessThanOrEqualTo, .greaterThanOrEqualTo, .key, .id:
                break
            }
        }

        // Written straight into `constraints`, each named as it is made: the count is known.
        let base = (key ?? id).map { ConstraintName($0) } ?? defaultID
        let count = attributes.count * targets.count
        let start = constraints.count
        // Where each field of a constraint made for `target` points, made only for a problem.
        func pointers(to target: ConstraintValidation.FieldPointers.Location) -> ConstraintValidation.FieldPointers {
            var pointers = ConstraintValidation.FieldPointers(all: pointer)
            pointers.firstItem = .member(Field.view.name)
            pointers.firstAttribute = .member(Field.make.name)
            pointers.secondItem = target
            pointers.secondAttribute = target
            pointers.multiplier = multiplierPointer
            return pointers
        }
        do {
            for attribute in attributes {
                for (t, tPointer) in targets {
                    var c = LayoutConstraint(id: base.part(constraints.count - start, of: count),
                                             firstItem: view.id, firstAttribute: attribute, relation: relation, pointer: pointer)
                    c.resolvedItems.first = view.index
                    switch t {
                    case .item(let other):
                        c.secondItem = other.id
                        c.secondAttribute = attribute
                        c.resolvedItems.second = other.index
                    case .attribute(let other, let a):
                        c.secondItem = other.id
                        c.secondAttribute = a
                        c.resolvedItems.second = other.index
                    case .composite(let other, let composite):
                        c.secondItem = other.id
                        c.secondAttribute = map(attribute, onto: composite)
                        c.resolvedItems.second = other.index
                    case .number(let n):
                        c.constant = n
                    case .size(let w, let h):
                        sizeOffset(&c, width: w, height: h)
                    case .point(let x, let y):
                        centerOffset(&c, x: x, y: y)
                    case .insets(let top, let left, let bottom, let right):
                        insets(&c, top: top, left: left, bottom: bottom, right: right)
                    }
                    for modifier in modifiers {
                        switch modifier {
                        case .offset(let n): c.constant = n
                        case .insets(let top, let left, let bottom, let right): insets(&c, top: top, left: left, bottom: bottom, right: right)
                        case .sizeOffset(let w, let h): sizeOffset(&c, width: w, height: h)
                        case .centerOffset(let x, let y): centerOffset(&c, x: x, y: y)
                        case .multiplier(let m): c.multiplier = m
                        case .priority(let p): c.priority = p
                        }
                    }
                    ConstraintForms.applyImplicitSuperview(to: &c, hierarchy: hierarchy)
                    // The view was found in the hierarchy, and each target's item (or the implicit superview).
                    try ConstraintValidation.validate(c, hierarchy: hierarchy, fields: pointers(to: tPointer), itemsFound: true)
                    constraints.append(c)
                }
            }
        } catch {
            constraints.removeSubrange(start...)
            throw error
        }
    }

    static func makeAttributes(_ f: ObjectReader, pointer: JSONPointer) throws(LayoutProblem) -> [LayoutAttribute] {
        guard let make = f.member(Field.make.rawValue) else {
            throw .schema("A Masonry chain needs 'make' (the attributes, e.g. \"left.right\" or \"edges\")", at: pointer)
        }
        var attributes: [LayoutAttribute] = []
        // A chain of ASCII names is split on its bytes, as its characters would be; any other
        // chain, or one that names something unknown, is read again below as characters, for the
        // problem's name and column.
        if make.withStringUTF8({ appendAttributes(ofASCIIChain: $0, to: &attributes) }) == true {
            guard !attributes.isEmpty else {
                throw .invalid("unknown-attribute", "You didn't pass any attribute to make", at: pointer / "make")
            }
            return attributes
        }
        attributes.removeAll()
        // Each name, where it is, and for a chain string its column (1-based) there.
        var names: [(String, JSONPointer, column: Int?)] = []
        switch make.kind {
        case .string:
            var column = 1
            for part in (make.string ?? "").split(separator: ".", omittingEmptySubsequences: false) {
                names.append((String(part), pointer / "make", column))
                column += part.count + 1
            }
        case .array:
            for (k, e) in make.elements.enumerated() {
                guard e.kind == .string, let s = e.string else {
                    throw .schema("'make' must be a string or an array of attribute names", at: pointer / "make" / k)
                }
                names.append((s, pointer / "make" / k, nil))
            }
        default:
            throw .schema("'make' must be a string or an array of attribute names, not \(make.kind.article)", at: pointer / "make")
        }
        for (name, at, column) in names {
            var name = name
            if !name.withUTF8({ appendAttributes(named: $0, to: &attributes) }) {
                let message = "Unknown Masonry attribute '\(name)'; use an attribute name or edges, margins, size, center, centerWithinMargins"
                guard let column, let chain = make.string else { throw .invalid("unknown-attribute", message, at: at) }
                let caret = String(repeating: " ", count: column - 1) + "^"
                throw .invalid("unknown-attribute", "column \(column): \(message)\n\(chain)\n\(caret)", at: at)
            }
        }
        guard !attributes.isEmpty else {
            throw .invalid("unknown-attribute", "You didn't pass any attribute to make", at: pointer / "make")
        }
        return attributes
    }

    /// Appends the attributes one name of a `make` chain stands for (none for `and` and `with`);
    /// `false` when it names none. Attribute names are tried first, as most names are one; the
    /// three sets share no name, so the order does not change the answer.
    static func appendAttributes(named name: UnsafeBufferPointer<UInt8>, to attributes: inout [LayoutAttribute]) -> Bool {
        if let attribute = LayoutAttribute(utf8: name) {
            guard attribute != .notAnAttribute else { return false }
            attributes.append(attribute)
            return true
        }
        if let index = compositeNames.index(of: name) {
            attributes += compositeAttributes(Composite.allCases[index])
            return true
        }
        return chainWords.index(of: name) != nil
    }

    /// Appends the attributes of a `make` chain of ASCII names joined by dots; `false` (with
    /// some maybe appended) when a byte is not ASCII or a name is unknown.
    static func appendAttributes(ofASCIIChain chain: UnsafeBufferPointer<UInt8>, to attributes: inout [LayoutAttribute]) -> Bool {
        guard !chain.contains(where: { $0 >= 0x80 }) else { return false }
        var start = 0
        for end in chain.indices where chain[end] == UInt8(ascii: ".") {
            guard appendAttributes(named: UnsafeBufferPointer(rebasing: chain[start..<end]), to: &attributes) else { return false }
            start = end + 1
        }
        return appendAttributes(named: UnsafeBufferPointer(rebasing: chain[start...]), to: &attributes)
    }

    static func target(_ v: JSONValue, view: String, at pointer: @autoclosure () -> JSONPointer, hierarchy: some ViewHierarchy) throws(LayoutProblem) -> Target {
        switch v.kind {
        case .number:
            return .number(try ObjectReader.number(v, at: pointer(), name: "target"))
        case .string:
            if let target = v.withStringUTF8({ storedTarget($0, hierarchy: hierarchy) }) ?? nil { return target }
            let s = v.string ?? ""
            if let item = resolveItem(s, view: view, hierarchy: hierarchy) { return .item(Item(id: item)) }
            guard let dot = s.lastIndex(of: ".") else {
                throw .invalid("unknown-view", "Unknown view '\(s)'", at: pointer())
            }
            let itemName = String(s[..<dot])
            let attrName = String(s[s.index(after: dot)...])
            guard let item = resolveItem(itemName, view: view, hierarchy: hierarchy) else {
                throw .invalid("unknown-view", "Unknown view '\(itemName)' in '\(s)'", at: pointer())
            }
            var last = attrName
            guard let target = last.withUTF8({ attributeTarget(of: Item(id: item), named: $0) }) else {
                throw .invalid("unknown-attribute", "Unknown attribute '\(attrName)' in '\(s)'", at: pointer())
            }
            return target
        case .object:
            // The kind of object its member names tell (all of one kind's, at least one).
            if v.count > 0, v.fields(sizeKeys).unknownKey == nil {
                let o = try object(v, at: pointer(), keys: sizeKeys)
                return .size(width: o.0, height: o.1)
            }
            if v.count > 0, v.fields(pointKeys).unknownKey == nil {
                let o = try object(v, at: pointer(), keys: pointKeys)
                return .point(x: o.0, y: o.1)
            }
            if v.count > 0, v.fields(insetKeys).unknownKey == nil {
                let o = try object(v, at: pointer(), keys: insetKeys)
                return .insets(top: o.0, left: o.1, bottom: o.2, right: o.3)
            }
            throw .schema("An object target must be a size {width, height}, a point {x, y} or insets {top, left, bottom, right}", at: pointer())
        default:
            throw .schema("A Masonry target must be a view id, \"view.attribute\", a number, an array or an object, not \(v.kind.article)", at: pointer())
        }
    }

    /// A target read on its bytes (no string is made): an item the hierarchy stores, or such an
    /// item's attribute or composite (`"card.bottom"`, `"card.edges"`); `nil` for anything else,
    /// which is read by name. A stored item is one declared with exactly these bytes: an ASCII
    /// name that is not stored names an item only as an owned guide (`card.margins`,
    /// `root.safeArea`), so a name whose last part is a guide's is read by name too.
    static func storedTarget(_ bytes: UnsafeBufferPointer<UInt8>, hierarchy: some ViewHierarchy) -> Target? {
        if let stored = hierarchy.storedItem(utf8: bytes) { return .item(Item(stored)) }
        guard !bytes.contains(where: { $0 >= 0x80 }), let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        let last = UnsafeBufferPointer(rebasing: bytes[(dot + 1)...])
        guard ownedGuideNames.index(of: last) == nil,
              let stored = hierarchy.storedItem(utf8: UnsafeBufferPointer(rebasing: bytes[..<dot])) else { return nil }
        return attributeTarget(of: Item(stored), named: last)
    }

    /// The target `item.name`, where `name` is a composite or an attribute; `nil` for any other name.
    static func attributeTarget(of item: Item, named name: UnsafeBufferPointer<UInt8>) -> Target? {
        if let attribute = LayoutAttribute(utf8: name) { return attribute == .notAnAttribute ? nil : .attribute(item, attribute) }
        return compositeNames.index(of: name).map { .composite(item, Composite.allCases[$0]) }
    }

    /// A view id; `superview` is the made view's parent unless an item is called that.
    static func resolveItem(_ name: String, view: String, hierarchy: some ViewHierarchy) -> String? {
        if hierarchy.contains(name) { return name }
        if name == "superview" { return hierarchy.parent(of: view) }
        return nil
    }

    /// The numbers of an object with up to four known keys, in the order of `keys` (missing ones are 0).
    static func object(_ v: JSONValue, at pointer: JSONPointer, keys: JSONKeys) throws(LayoutProblem) -> (Double, Double, Double, Double) {
        let reader = try ObjectReader(v, at: pointer, allowed: keys, maxMagnitude: nil)
        func number(_ index: Int) throws(LayoutProblem) -> Double {
            index < keys.names.count ? try reader.number(index) ?? 0 : 0
        }
        return (try number(0), try number(1), try number(2), try number(3))
    }

    /// Masonry's `setInsets:`.
    static func insets(_ c: inout LayoutConstraint, top: Double, left: Double, bottom: Double, right: Double) {
        switch c.firstAttribute {
        case .left, .leading: c.constant = left
        case .top: c.constant = top
        case .bottom: c.constant = -bottom
        case .right, .trailing: c.constant = -right
        default: break
        }
    }

    /// Masonry's `setSizeOffset:`.
    static func sizeOffset(_ c: inout LayoutConstraint, width: Double, height: Double) {
        switch c.firstAttribute {
        case .width: c.constant = width
        case .height: c.constant = height
        default: break
        }
    }

    /// Masonry's `setCenterOffset:`.
    static func centerOffset(_ c: inout LayoutConstraint, x: Double, y: Double) {
        switch c.firstAttribute {
        case .centerX: c.constant = x
        case .centerY: c.constant = y
        default: break
        }
    }
}
