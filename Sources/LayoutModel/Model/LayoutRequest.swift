/// A decoded, validated `POST /solve` request: the hierarchy, the plain constraints every
/// shorthand expanded into, and the sizes to lay the root out at.
public struct LayoutRequest: Sendable {
    /// One root size, or several (`sizes`) answered as `layouts`.
    public var sizes: [RootSize]
    /// Whether the request used `sizes` (the response then has `layouts`).
    public var isMultiSize: Bool
    public var layoutDirection: LayoutDirection
    /// The validated hierarchy: the items in request order, the root anywhere among them.
    public var tree: ViewTree
    public var views: [ViewSpec] { tree.views }
    /// Plain constraints in request order, shorthands expanded in place.
    public var constraints: [LayoutConstraint]
    /// 2 or 3 rounds every frame edge to the pixel grid as UIKit does; `nil` keeps exact values.
    public var displayScale: Double?
    /// Answer 422 instead of 200 when the layout is not ok.
    public var strict: Bool
    /// Views whose determining constraints the response should list.
    public var explain: [String]

    public init(
        sizes: [RootSize], isMultiSize: Bool = false, layoutDirection: LayoutDirection = .leftToRight,
        tree: ViewTree, constraints: [LayoutConstraint],
        displayScale: Double? = nil, strict: Bool = false, explain: [String] = []
    ) {
        self.sizes = sizes
        self.isMultiSize = isMultiSize
        self.layoutDirection = layoutDirection
        self.tree = tree
        self.constraints = constraints
        self.displayScale = displayScale
        self.strict = strict
        self.explain = explain
    }
}
