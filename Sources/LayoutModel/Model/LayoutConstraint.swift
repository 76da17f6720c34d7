/// One plain constraint, field for field `NSLayoutConstraint`:
/// `firstItem.firstAttribute relation secondItem.secondAttribute × multiplier + constant @ priority`.
///
/// Every shorthand (equation string, visual format, Masonry chain, distribution) expands into these.
public struct LayoutConstraint: Hashable, Sendable {
    /// The given `id`, the Masonry `key`, or the JSON position (`constraints[3]`, `constraints[3].1`).
    public var id: String
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

    public init(
        id: String,
        firstItem: String, firstAttribute: LayoutAttribute,
        relation: LayoutRelation = .equal,
        secondItem: String? = nil, secondAttribute: LayoutAttribute = .notAnAttribute,
        multiplier: Double = 1, constant: Double = 0,
        priority: LayoutPriority = .required,
        pointer: JSONPointer
    ) {
        self.id = id
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.pointer = pointer
    }
}
