/// Work limits on one request, so that a cheap request cannot buy an expensive solve.
public struct LayoutLimits: Hashable, Sendable {
    public var maxViews: Int
    public var maxConstraints: Int
    public var maxSizes: Int
    /// Longest equation or visual-format string, in bytes.
    public var maxStringLength: Int
    /// Largest |constant|, size, inset or frame value accepted.
    public var maxMagnitude: Double
    /// Multipliers must satisfy `minMultiplier ≤ |m| ≤ maxMultiplier` (0 is illegal in Auto Layout anyway).
    public var minMultiplier: Double
    public var maxMultiplier: Double
    /// Deepest parent chain.
    public var maxDepth: Int
    /// Most ids in `explain`.
    public var maxExplain: Int
    /// Most terms the constraints may compile to in all: a constraint counts one per item and
    /// one per view between each item and the closest common ancestor of its items (positions
    /// are sums of origins down the hierarchy), so deep hierarchies cannot make a small request
    /// a large solve.
    public var maxTerms: Int

    public init(
        maxViews: Int = 20_000, maxConstraints: Int = 200_000, maxSizes: Int = 32,
        maxStringLength: Int = 4_096, maxMagnitude: Double = 1e6,
        minMultiplier: Double = 1e-3, maxMultiplier: Double = 1e3, maxDepth: Int = 1_000,
        maxExplain: Int = 100, maxTerms: Int = 4_000_000
    ) {
        self.maxViews = maxViews
        self.maxConstraints = maxConstraints
        self.maxSizes = maxSizes
        self.maxStringLength = maxStringLength
        self.maxMagnitude = maxMagnitude
        self.minMultiplier = minMultiplier
        self.maxMultiplier = maxMultiplier
        self.maxDepth = maxDepth
        self.maxExplain = maxExplain
        self.maxTerms = maxTerms
    }

    public static let `default` = LayoutLimits()
}
