/// One plain constraint, field for field `NSLayoutConstraint`:
/// `firstItem.firstAttribute relation secondItem.secondAttribute × multiplier + constant @ priority`.
///
/// Every shorthand (equation string, visual format, Masonry chain, distribution) expands into these.
public struct LayoutConstraint: Hashable, Sendable {
    /// The given `id`, the Masonry `key`, or the JSON position (`constraints[3]`, `constraints[3].1`).
    public var id: ConstraintName
    public var firstItem: String
    public var firstAttribute: LayoutAttribute
    public var relation: LayoutRelation
    /// `nil` for a constant right-hand side (then `secondAttribute` is `.notAnAttribute`).
    public var secondItem: String?
    public var secondAttribute: LayoutAttribute
    public var multiplier: Double
    public var constant: Double
    public var priority: LayoutPriority
    /// Where the constraint came from in the request, for error and diagnosis pointers.
    public var pointer: JSONPointer
    /// Where the decoder found the items in the request's views, so that compiling does not
    /// look them up again. Not part of the constraint's value.
    var resolvedItems: ResolvedItems
}

extension LayoutConstraint {
    // In an extension, so that the struct keeps its memberwise initializer, which the decoder
    // uses to give a constraint its items' positions: an initializer written out assigning each
    // field copied the whole constraint (every string retained and released again) on the way
    // out, for the optional `secondItem`.
    public init(
        id: ConstraintName,
        firstItem: String, firstAttribute: LayoutAttribute,
        relation: LayoutRelation = .equal,
        secondItem: String? = nil, secondAttribute: LayoutAttribute = .notAnAttribute,
        multiplier: Double = 1, constant: Double = 0,
        priority: LayoutPriority = .required,
        pointer: JSONPointer
    ) {
        self.init(id: id, firstItem: firstItem, firstAttribute: firstAttribute, relation: relation,
                  secondItem: secondItem, secondAttribute: secondAttribute,
                  multiplier: multiplier, constant: constant, priority: priority, pointer: pointer,
                  resolvedItems: ResolvedItems())
    }
}

/// The positions in the request's views of a constraint's items, as the decoder found them (-1:
/// not recorded). A hint: the compiler uses a position only if the view there has the item's id,
/// so a constraint changed or moved to another request since is merely looked up again. Equal to
/// every other, so that it takes no part in a constraint's equality or hash. Held in 32 bits
/// (a position past them is kept as `Int32.max`, which no view has), so that the constraint's
/// name (``ConstraintName``) costs the constraint no room.
struct ResolvedItems: Hashable, Sendable {
    private var storedFirst: Int32
    private var storedSecond: Int32

    init(first: Int = -1, second: Int = -1) {
        storedFirst = Int32(clamping: first)
        storedSecond = Int32(clamping: second)
    }

    var first: Int {
        get { Int(storedFirst) }
        set { storedFirst = Int32(clamping: newValue) }
    }

    var second: Int {
        get { Int(storedSecond) }
        set { storedSecond = Int32(clamping: newValue) }
    }

    static func == (_: ResolvedItems, _: ResolvedItems) -> Bool { true }
    func hash(into _: inout Hasher) {}
}
