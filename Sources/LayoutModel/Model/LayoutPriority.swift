/// A constraint priority, 0 < value ≤ 1000, as `UILayoutPriority`: 1000 is required.
///
/// Priorities are strictly ordered: any violation at a higher priority outweighs any amount
/// of violation at all lower ones (one 751 beats any number of 750s).
public struct LayoutPriority: Hashable, Comparable, Sendable {
    public let value: Double

    /// Creates a priority; `nil` unless `0 < value ≤ 1000`.
    public init?(_ value: Double) {
        guard value.isFinite, value > 0, value <= 1000 else { return nil }
        self.value = value
    }

    private init(uncheckedValue: Double) { self.value = uncheckedValue }

    public static let required = LayoutPriority(uncheckedValue: 1000)
    public static let defaultHigh = LayoutPriority(uncheckedValue: 750)
    public static let medium = LayoutPriority(uncheckedValue: 500)
    public static let defaultLow = LayoutPriority(uncheckedValue: 250)
    public static let fittingSizeLevel = LayoutPriority(uncheckedValue: 50)

    /// The names accepted in equation strings and Masonry chains:
    /// `required` 1000, `high` 750, `medium` 500, `low` 250, `fittingSize` 50.
    public init?(name: String) {
        switch name {
        case "required": self = .required
        case "high", "defaultHigh": self = .defaultHigh
        case "medium": self = .medium
        case "low", "defaultLow": self = .defaultLow
        case "fittingSize", "fittingSizeLevel": self = .fittingSizeLevel
        default: return nil
        }
    }

    public var isRequired: Bool { value == 1000 }

    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.value < rhs.value }
}
