/// The relation of a constraint, as `NSLayoutConstraint.Relation`.
public enum LayoutRelation: String, Sendable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="

    /// Parses `==`, `<=`, `>=` or the names `equal`, `lessThanOrEqual`, `greaterThanOrEqual`.
    public init?(token: String) {
        switch token {
        case "==", "equal": self = .equal
        case "<=", "lessThanOrEqual": self = .lessThanOrEqual
        case ">=", "greaterThanOrEqual": self = .greaterThanOrEqual
        default: return nil
        }
    }
}
