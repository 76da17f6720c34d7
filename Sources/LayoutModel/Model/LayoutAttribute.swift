import JSON

/// An attribute of a view or layout guide, as `NSLayoutConstraint.Attribute`.
///
/// Every attribute is a linear expression of the item's four variables (x, y, width, height);
/// the margin attributes are the plain edges inset by the item's layout margins.
public enum LayoutAttribute: String, CaseIterable, Sendable {
    case left, right, top, bottom, leading, trailing
    case width, height
    case centerX, centerY
    case firstBaseline, lastBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin
    case leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
    case notAnAttribute

    /// Parses a wire name; `baseline` is UIKit's alias of `lastBaseline`.
    public init?(name: String) {
        var name = name
        guard let attribute = name.withUTF8({ Self(utf8: $0) }) else { return nil }
        self = attribute
    }

    /// Parses the UTF-8 bytes of a wire name, as `init?(name:)` (no string is made).
    public init?(utf8 name: UnsafeBufferPointer<UInt8>) {
        guard let index = Self.wireNames.index(of: name) else { return nil }
        self.init(wireName: index)
    }

    /// The wire names, matched byte for byte: every raw value in `allCases` order, then `baseline`.
    public static let wireNames = JSONKeys(allCases.map(\.rawValue) + ["baseline"])

    /// The attribute whose wire name is at `index` in `wireNames`: the case at that position in
    /// declaration order, or `lastBaseline` for `baseline`. A switch (compiled to a table) rather
    /// than an array global, whose lazy-initialization check cost some 12 instructions per read.
    public init(wireName index: Int) {
        switch index {
        case 0: self = .left
        case 1: self = .right
        case 2: self = .top
        case 3: self = .bottom
        case 4: self = .leading
        case 5: self = .trailing
        case 6: self = .width
        case 7: self = .height
        case 8: self = .centerX
        case 9: self = .centerY
        case 10: self = .firstBaseline
        case 11, 21: self = .lastBaseline
        case 12: self = .leftMargin
        case 13: self = .rightMargin
        case 14: self = .topMargin
        case 15: self = .bottomMargin
        case 16: self = .leadingMargin
        case 17: self = .trailingMargin
        case 18: self = .centerXWithinMargins
        case 19: self = .centerYWithinMargins
        case 20: self = .notAnAttribute
        default: preconditionFailure("no wire name at index \(index)")
        }
    }

    /// The axis an attribute lies on (`nil` for `notAnAttribute`).
    public var axis: LayoutAxis? {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX,
             .leftMargin, .rightMargin, .leadingMargin, .trailingMargin, .centerXWithinMargins:
            return .horizontal
        case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline,
             .topMargin, .bottomMargin, .centerYWithinMargins:
            return .vertical
        case .notAnAttribute:
            return nil
        }
    }

    /// Width and height are sizes; every other attribute is a location.
    public var isSize: Bool { self == .width || self == .height }

    /// Whether this is a location attribute (an edge, a centre or a baseline).
    public var isLocation: Bool { self != .notAnAttribute && !isSize }

    /// The family that decides legal pairings of horizontal locations:
    /// leading/trailing may not be mixed with left/right (iOS 9+); centers pair with both.
    public var horizontalFamily: HorizontalFamily? {
        switch self {
        case .left, .right, .leftMargin, .rightMargin: return .absolute
        case .leading, .trailing, .leadingMargin, .trailingMargin: return .directional
        case .centerX, .centerXWithinMargins: return .center
        default: return nil
        }
    }

    /// The plain edge a margin attribute insets, and whether it is a margin attribute at all.
    public var withoutMargin: LayoutAttribute {
        switch self {
        case .leftMargin: return .left
        case .rightMargin: return .right
        case .topMargin: return .top
        case .bottomMargin: return .bottom
        case .leadingMargin: return .leading
        case .trailingMargin: return .trailing
        case .centerXWithinMargins: return .centerX
        case .centerYWithinMargins: return .centerY
        default: return self
        }
    }

    /// Whether the attribute is measured inside the item's layout margins.
    public var isMargin: Bool { withoutMargin != self }
}

/// A layout axis.
public enum LayoutAxis: String, Sendable {
    case horizontal, vertical
}

/// How a horizontal location attribute names its edge.
public enum HorizontalFamily: Sendable {
    /// left, right (and their margins): fixed on screen.
    case absolute
    /// leading, trailing (and their margins): follow the layout direction.
    case directional
    /// centerX (and within margins): pairs with either family.
    case center
}
