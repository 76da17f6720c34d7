/// An RFC 6901 JSON pointer into the request, e.g. `/constraints/3/secondItem`.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    /// The escaped pointer text; the empty string is the whole document.
    public private(set) var description: String

    public init() { description = "" }

    /// A pointer from text that is already escaped, as the JSON reader reports it.
    public init(escaped text: String) { description = text }

    /// The whole document.
    public static let root = JSONPointer()

    /// The pointer to a member of the object at this pointer (`~` and `/` escaped).
    public func appending(_ key: String) -> JSONPointer {
        var copy = self
        copy.description += "/" + key.replacingTildesAndSlashes()
        return copy
    }

    /// The pointer to an element of the array at this pointer.
    public func appending(_ index: Int) -> JSONPointer {
        var copy = self
        copy.description += "/" + String(index)
        return copy
    }

    public static func / (lhs: JSONPointer, key: String) -> JSONPointer { lhs.appending(key) }
    public static func / (lhs: JSONPointer, index: Int) -> JSONPointer { lhs.appending(index) }
}

extension String {
    fileprivate func replacingTildesAndSlashes() -> String {
        guard contains("~") || contains("/") else { return self }
        var out = ""
        for ch in self {
            switch ch {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.append(ch)
            }
        }
        return out
    }
}
