import JSON

/// The relation of a constraint, as `NSLayoutConstraint.Relation`.
public enum LayoutRelation: String, Sendable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="

    /// Parses `==`, `<=`, `>=` or the names `equal`, `lessThanOrEqual`, `greaterThanOrEqual`.
    public init?(token: String) {
        var token = token
        guard let index = token.withUTF8({ Self.wireNames.index(of: $0) }) else { return nil }
        self.init(wireName: index)
    }

    /// The wire tokens, matched byte for byte: the three symbols, then the three names, each in case order.
    public static let wireNames = JSONKeys(["==", "<=", ">=", "equal", "lessThanOrEqual", "greaterThanOrEqual"])

    /// The relation whose token is at `index` in `wireNames`.
    public init(wireName index: Int) {
        switch index % 3 {
        case 0: self = .equal
        case 1: self = .lessThanOrEqual
        default: self = .greaterThanOrEqual
        }
    }
}
