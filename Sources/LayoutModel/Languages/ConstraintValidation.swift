/// Auto Layout's legality rules for one plain constraint, with Apple's exception text.
///
/// Legal: sizes with constants or other sizes (`width == m × height` is an aspect ratio, any item),
/// a size with a negative constant, a location with a non-identity (non-zero) multiplier.
public enum ConstraintValidation {
    /// Where to point for each field of the constraint; by default everything points at the
    /// constraint's own `pointer`. Pointers are built only when a problem is reported.
    public struct FieldPointers: Sendable {
        /// A field's place: the base pointer, a member of it, or any pointer.
        public enum Location: Sendable {
            case base
            case member(String)
            case pointer(JSONPointer)
        }

        public var base: JSONPointer
        public var firstItem = Location.base, firstAttribute = Location.base, secondItem = Location.base
        public var secondAttribute = Location.base, multiplier = Location.base, constant = Location.base

        public init(all pointer: JSONPointer) {
            base = pointer
        }

        /// Every field at `base` plus one member (e.g. `/constraints/2/visualFormat`).
        public init(all member: String, of pointer: JSONPointer) {
            base = pointer
            firstItem = .member(member); firstAttribute = .member(member); secondItem = .member(member)
            secondAttribute = .member(member); multiplier = .member(member); constant = .member(member)
        }

        /// `pointer/firstItem`, `pointer/secondItem`, … for an object with NSLayoutConstraint's field names.
        public static func fields(of pointer: JSONPointer) -> FieldPointers {
            var f = FieldPointers(all: pointer)
            f.firstItem = .member("firstItem")
            f.firstAttribute = .member("firstAttribute")
            f.secondItem = .member("secondItem")
            f.secondAttribute = .member("secondAttribute")
            f.multiplier = .member("multiplier")
            f.constant = .member("constant")
            return f
        }

        public func pointer(_ location: Location) -> JSONPointer {
            switch location {
            case .base: return base
            case .member(let name): return base / name
            case .pointer(let p): return p
            }
        }
    }

    public static let invalidPairing = "Invalid pairing of layout attributes"
    public static let locationConstant = "A multiplier of 0 or a nil second item together with a location for the first attribute creates an illegal constraint of a location equal to a constant. Location attributes must be specified in pairs."
    public static let directionalMix = "A constraint cannot be made between a leading/trailing attribute and a right/left attribute. Use leading/trailing for both or neither."
    public static let missingFirstItem = "Constraint must contain a first layout item"

    /// Checks one expanded constraint; problems point at `constraint.pointer`.
    public static func validate(_ constraint: LayoutConstraint, hierarchy: some ViewHierarchy) throws(LayoutProblem) {
        try validate(constraint, hierarchy: hierarchy, fields: FieldPointers(all: constraint.pointer))
    }

    /// Checks one expanded constraint with a pointer per field (`fields` is evaluated only for a
    /// problem). `itemsFound`: the caller has already found the constraint's items in the
    /// hierarchy (the first, and the second when there is one), so they are not looked up again.
    public static func validate(
        _ c: LayoutConstraint, hierarchy: some ViewHierarchy, fields: @autoclosure () -> FieldPointers, itemsFound: Bool = false
    ) throws(LayoutProblem) {
        func at(_ field: KeyPath<FieldPointers, FieldPointers.Location>) -> JSONPointer {
            let pointers = fields()
            return pointers.pointer(pointers[keyPath: field])
        }
        guard !c.firstItem.isEmpty else {
            throw .invalid("missing-item", missingFirstItem, at: at(\.firstItem))
        }
        guard itemsFound || hierarchy.contains(c.firstItem) else {
            throw .invalid("unknown-view", "Unknown item '\(c.firstItem)' in \(c.debugDescription)", at: at(\.firstItem))
        }
        if let second = c.secondItem {
            guard itemsFound || (!second.isEmpty && hierarchy.contains(second)) else {
                throw .invalid("unknown-view", "Unknown item '\(second)' in \(c.debugDescription)", at: at(\.secondItem))
            }
        }
        guard c.multiplier.isFinite else {
            throw .invalid("invalid-number", "The multiplier must be a finite number (\(c.debugDescription))", at: at(\.multiplier))
        }
        guard c.constant.isFinite else {
            throw .invalid("invalid-number", "The constant must be a finite number (\(c.debugDescription))", at: at(\.constant))
        }
        let first = c.firstAttribute
        guard first != .notAnAttribute else {
            throw .invalid("invalid-pairing", "\(invalidPairing): the first attribute may not be notAnAttribute", at: at(\.firstAttribute))
        }
        guard let secondItem = c.secondItem else {
            guard c.secondAttribute == .notAnAttribute else {
                throw .invalid("invalid-pairing", "\(invalidPairing): secondAttribute \(c.secondAttribute.rawValue) needs a second item", at: at(\.secondAttribute))
            }
            if first.isLocation {
                throw .invalid("location-constant", locationConstant + " (\(c.debugDescription))", at: at(\.secondItem))
            }
            return
        }
        let second = c.secondAttribute
        guard second != .notAnAttribute else {
            throw .invalid("invalid-pairing", "\(invalidPairing): a second item needs a second attribute (\(c.debugDescription))", at: at(\.secondAttribute))
        }
        if first.isSize != second.isSize {
            throw .invalid("invalid-pairing", "\(invalidPairing): \(first.rawValue) with \(second.rawValue) (size with location)", at: at(\.secondAttribute))
        }
        if first.isLocation {
            if first.axis != second.axis {
                throw .invalid("invalid-pairing", "\(invalidPairing): \(first.rawValue) with \(second.rawValue) (horizontal with vertical)", at: at(\.secondAttribute))
            }
            if let f1 = first.horizontalFamily, let f2 = second.horizontalFamily,
               (f1 == .absolute && f2 == .directional) || (f1 == .directional && f2 == .absolute) {
                throw .invalid("invalid-pairing", directionalMix, at: at(\.secondAttribute))
            }
            if c.multiplier == 0 {
                throw .invalid("location-constant", locationConstant + " (\(c.debugDescription))", at: at(\.multiplier))
            }
        } else if c.multiplier == 0 {
            throw .invalid("invalid-multiplier", "A multiplier of 0 makes \(c.debugDescription) a constant; drop the second item instead", at: at(\.multiplier))
        }
        if !sharesAncestor(c.firstItem, secondItem, hierarchy: hierarchy) {
            throw .invalid("no-common-ancestor", "Unable to activate constraint \(c.debugDescription) because its items have no common ancestor. Does the constraint reference items in different view hierarchies? That's illegal.", at: at(\.secondItem))
        }
    }
}

extension ConstraintValidation {
    /// Whether two items of the hierarchy have a common ancestor, with fast paths for one root,
    /// siblings and parent/child.
    static func sharesAncestor(_ a: String, _ b: String, hierarchy: some ViewHierarchy) -> Bool {
        if a == b || hierarchy.hasSingleRoot { return true }
        let pa = hierarchy.parent(of: a), pb = hierarchy.parent(of: b)
        if pa != nil, pa == pb { return true }
        if pa == b || pb == a { return true }
        return hierarchy.closestCommonAncestor(of: [a, b]) != nil
    }
}

extension LayoutConstraint {
    /// Masonry-style text: `title.left == root.left + 20`, `a.width == b.width * 0.5 @750`, `title.width == 100`.
    public var debugDescription: String {
        var s = "\(firstItem).\(firstAttribute.rawValue) \(relation.rawValue) "
        if let second = secondItem {
            s += "\(second).\(secondAttribute.rawValue)"
            if multiplier != 1 { s += " * \(multiplier.constraintText)" }
            if constant > 0 { s += " + \(constant.constraintText)" }
            if constant < 0 { s += " - \((-constant).constraintText)" }
        } else {
            s += (constant == 0 ? 0 : constant).constraintText
        }
        if !priority.isRequired { s += " @\(priority.value.constraintText)" }
        return s
    }
}
