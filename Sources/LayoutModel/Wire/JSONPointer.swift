/// An RFC 6901 JSON pointer into the request, e.g. `/constraints/3/secondItem`.
///
/// Decoding makes a pointer for every field it reads but needs the text only for the rare field
/// that is wrong, so a pointer is a chain of segments shared with its parent (one small
/// allocation per `appending`) and its text is built on demand.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    private enum Segment: Sendable {
        case key(String)
        case index(Int)
        /// Text that is already escaped, one or more segments long.
        case escaped(String)
    }

    private final class Node: Sendable {
        let parent: Node?
        let segment: Segment

        init(parent: Node?, segment: Segment) {
            self.parent = parent
            self.segment = segment
        }
    }

    private let last: Node?

    private init(last: Node?) { self.last = last }

    public init() { last = nil }

    /// A pointer from text that is already escaped, as the JSON reader reports it.
    public init(escaped text: String) {
        last = text.isEmpty ? nil : Node(parent: nil, segment: .escaped(text))
    }

    /// The whole document.
    public static let root = JSONPointer()

    /// The escaped pointer text; the empty string is the whole document.
    public var description: String {
        var segments: [Segment] = []
        var node = last
        while let current = node {
            segments.append(current.segment)
            node = current.parent
        }
        var text = ""
        for segment in segments.reversed() {
            switch segment {
            case .key(let key): text += "/" + key.escapingTildesAndSlashes()
            case .index(let index): text += "/" + String(index)
            case .escaped(let escaped): text += escaped
            }
        }
        return text
    }

    /// The pointer to a member of the object at this pointer (`~` and `/` escaped).
    public func appending(_ key: String) -> JSONPointer {
        JSONPointer(last: Node(parent: last, segment: .key(key)))
    }

    /// The pointer to an element of the array at this pointer.
    public func appending(_ index: Int) -> JSONPointer {
        JSONPointer(last: Node(parent: last, segment: .index(index)))
    }

    public static func / (lhs: JSONPointer, key: String) -> JSONPointer { lhs.appending(key) }
    public static func / (lhs: JSONPointer, index: Int) -> JSONPointer { lhs.appending(index) }

    public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool { lhs.description == rhs.description }

    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}

extension String {
    fileprivate func escapingTildesAndSlashes() -> String {
        guard utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return self }
        var out = ""
        for character in self {
            switch character {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.append(character)
            }
        }
        return out
    }
}
