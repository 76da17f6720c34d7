/// The outcome of a layout: ok, or the first thing a user must fix.
public enum LayoutStatus: String, Sendable {
    case ok
    /// A required constraint could not hold with the required ones before it and was broken.
    case conflict
    /// Some view's frame is not uniquely determined (and there is no conflict).
    case ambiguous
}

/// A required constraint that could not hold, as UIKit's "Unable to simultaneously satisfy
/// constraints", but with the smallest set of constraints that cannot hold together.
public struct Conflict: Hashable, Sendable {
    /// A minimal conflicting set in installation order: drop any one and the rest can hold.
    /// It includes the broken constraint.
    public var constraints: [String]
    /// The constraint layoutd broke to recover: the one whose installation failed.
    public var broken: String
    /// One readable line per constraint of `constraints`.
    public var description: [String]
    public var message: String
}

/// A view whose frame the constraints do not determine.
public struct Ambiguity: Hashable, Sendable {
    public var view: String
    /// Which of `x`, `y`, `width`, `height` (in the parent's coordinates) could move.
    public var attributes: [String]
    public var hint: String
}

/// A solved frame, in the parent's coordinates (UIView.frame).
public struct Frame: Hashable, Sendable {
    public var x, y, width, height: Double
    /// A scroll view's content size.
    public var contentSize: (width: Double, height: Double)?

    public static func == (lhs: Frame, rhs: Frame) -> Bool {
        lhs.x == rhs.x && lhs.y == rhs.y && lhs.width == rhs.width && lhs.height == rhs.height
            && lhs.contentSize?.width == rhs.contentSize?.width && lhs.contentSize?.height == rhs.contentSize?.height
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(x); hasher.combine(y); hasher.combine(width); hasher.combine(height)
    }
}

/// The layout at one root size.
public struct SizedLayout: Sendable {
    /// The root's size: as requested, or found by fitting.
    public var size: (width: Double, height: Double)
    public var status: LayoutStatus
    /// Every view and declared guide, in request order.
    public var frames: [(id: String, frame: Frame)]
    public var conflicts: [Conflict]
    public var ambiguities: [Ambiguity]
    /// Redundant and never-active constraints, in installation order.
    public var warnings: [ConstraintWarning]
    /// The views the request asked to explain, in its order; nil when it asked for none.
    public var explanations: [ViewExplanation]?
}

/// The answer to a request: one layout, or one per requested size.
public struct LayoutResult: Sendable {
    public var layouts: [SizedLayout]
    public var isMultiSize: Bool
    /// Simplex pivots the solves took, all sizes together.
    public var pivots: Int

    /// Conflict if any layout has one, else ambiguous if any is, else ok.
    public var status: LayoutStatus {
        if layouts.contains(where: { $0.status == .conflict }) { return .conflict }
        if layouts.contains(where: { $0.status == .ambiguous }) { return .ambiguous }
        return .ok
    }
}
