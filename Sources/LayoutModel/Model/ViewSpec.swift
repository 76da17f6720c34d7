/// One item of the request's flat `views` list: a view, a layout guide or a scroll view.
public struct ViewSpec: Hashable, Sendable {
    /// What kind of item this is.
    public enum Kind: String, Hashable, Sendable {
        /// A UIView.
        case view
        /// A UILayoutGuide owned by its parent: invisible, but it takes part in constraints and gets a frame.
        case guide
        /// A UIScrollView: constraints from descendants to its edges bind to its content area.
        case scroll
    }

    public var id: String
    /// `nil` only for the root.
    public var parent: String?
    public var kind: Kind
    /// Per-axis intrinsic content size; `nil` on an axis means no intrinsic metric.
    public var intrinsicWidth: Double?
    public var intrinsicHeight: Double?
    public var hugging: AxisPriorities
    public var compressionResistance: AxisPriorities
    /// Layout margins; `leading`/`trailing` from `directionalMargins` are resolved against the layout direction.
    public var margins: EdgeInsets
    /// `safeAreaInsets`, when declared: the view then owns the guide `ID.safeArea`.
    public var safeAreaInsets: EdgeInsets?
    /// firstBaseline = top + firstFromTop; lastBaseline = bottom − lastFromBottom (0 when not given).
    public var firstBaselineFromTop: Double
    public var lastBaselineFromBottom: Double
    /// A fixed frame in the parent's coordinates (translatesAutoresizingMaskIntoConstraints).
    public var frame: Rect?
    /// Where the view is in the request.
    public var pointer: JSONPointer

}

extension ViewSpec {
    // In an extension, so that the struct keeps its memberwise initializer: an initializer that
    // assigns each field copies the whole view on its way out (as LayoutConstraint's did).
    public init(id: String, parent: String?, kind: Kind = .view, pointer: JSONPointer) {
        self.init(
            id: id, parent: parent, kind: kind,
            hugging: AxisPriorities(horizontal: .defaultLow, vertical: .defaultLow),
            compressionResistance: AxisPriorities(horizontal: .defaultHigh, vertical: .defaultHigh),
            margins: EdgeInsets(top: 8, left: 8, bottom: 8, right: 8),
            firstBaselineFromTop: 0, lastBaselineFromBottom: 0, pointer: pointer)
    }
}

/// A priority per axis (content hugging, compression resistance).
public struct AxisPriorities: Hashable, Sendable {
    public var horizontal: LayoutPriority
    public var vertical: LayoutPriority

    public init(horizontal: LayoutPriority, vertical: LayoutPriority) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public subscript(axis: LayoutAxis) -> LayoutPriority {
        axis == .horizontal ? horizontal : vertical
    }
}

/// Insets from each edge, in points.
public struct EdgeInsets: Hashable, Sendable {
    public var top, left, bottom, right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A rectangle in some view's coordinate space.
public struct Rect: Hashable, Sendable {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A size; a `nil` dimension of a root size means "as small as the constraints allow" (fitting size).
public struct RootSize: Hashable, Sendable {
    public var width: Double?
    public var height: Double?

    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }
}
