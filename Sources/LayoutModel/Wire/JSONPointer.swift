/// An RFC 6901 JSON pointer into the request, e.g. `/constraints/3/secondItem`.
///
/// Decoding makes a pointer for every view and constraint but needs the text only for the rare
/// field that is wrong, so a pointer is a chain of segments shared with its parent and its text
/// is built on demand. A last segment that is an array index is kept inline, so the pointers of
/// the elements of one array (`/constraints/0`, `/constraints/1`, …) share their parent's chain
/// without an allocation each; appending to such a pointer moves the index into the chain.
/// A pointer to a top-level member of the request (``JSONPointer/Member``), or to an element of
/// it, holds the member inline and no chain at all: the pointers of a request's views and
/// constraints, copied into each and into the checks on it, retain nothing.
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

    /// A top-level member of a request held inline, by name.
    public enum Member: UInt8, Sendable {
        case views, constraints
    }

    /// The top-level member the pointer starts at, when that is its whole chain (`last` is nil).
    private let member: Member?
    private let last: Node?
    /// An array index after `member` or `last`, or `-1` for none.
    private let index: Int

    private init(member: Member? = nil, last: Node?, index: Int = -1) {
        self.member = member
        self.last = last
        self.index = index
    }

    public init() { self.init(last: nil) }

    /// The pointer to a member of the document, e.g. `/constraints`, holding its name inline.
    public init(member: Member) { self.init(member: member, last: nil) }

    /// A pointer from text that is already escaped, as the JSON reader reports it.
    public init(escaped text: String) {
        self.init(last: text.isEmpty ? nil : Node(parent: nil, segment: .escaped(text)))
    }

    /// The chain of segments with the inline member and index, if any, moved into it.
    private var chain: Node? {
        let head = member.map { Node(parent: nil, segment: .key(String(describing: $0))) } ?? last
        return index < 0 ? head : Node(parent: head, segment: .index(index))
    }

    /// The whole document.
    public static let root = JSONPointer()

    /// The escaped pointer text; the empty string is the whole document. Read from `chain`: the
    /// text is made only for a problem, and the inline member and index are then its first nodes.
    public var description: String {
        var segments: [Segment] = []
        var node = chain
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
        JSONPointer(last: Node(parent: chain, segment: .key(key)))
    }

    /// The pointer to an element of the array at this pointer (no allocation: the index is kept inline).
    public func appending(_ index: Int) -> JSONPointer {
        if index < 0 { return JSONPointer(last: Node(parent: chain, segment: .index(index))) }
        return self.index < 0 ? JSONPointer(member: member, last: last, index: index) : JSONPointer(last: chain, index: index)
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
