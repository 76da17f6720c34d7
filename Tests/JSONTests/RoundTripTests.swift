import JSON
import Testing

/// A plain tree of JSON values, for comparing what was written with what was read.
indirect enum Tree: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Tree])
    case object([Member])

    struct Member: Equatable {
        var key: String
        var value: Tree
    }

    init(_ value: JSONValue) {
        switch value.kind {
        case .null: self = .null
        case .bool: self = .bool(value.bool == true)
        case .number: self = .number(value.number ?? .nan)
        case .string: self = .string(value.string ?? "")
        case .array: self = .array(value.elements.map(Tree.init))
        case .object: self = .object(value.members.map { Member(key: $0.key, value: Tree($0.value)) })
        }
    }

    func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let b): writer.bool(b)
        case .number(let n): writer.number(n)
        case .string(let s): writer.string(s)
        case .array(let elements):
            writer.beginArray()
            elements.forEach { $0.write(to: &writer) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for member in members {
                writer.key(member.key)
                member.value.write(to: &writer)
            }
            writer.endObject()
        }
    }

    static func random(depth: Int, using g: inout SplitMix64) -> Tree {
        switch g.next() % (depth > 0 ? 8 : 5) {
        case 0: return .null
        case 1: return .bool(g.next() % 2 == 0)
        case 2: return .number(randomNumber(using: &g))
        case 3, 4: return .string(randomString(using: &g))
        case 5, 6:
            var keys = Set<String>()
            var members: [Member] = []
            for _ in 0..<(g.next() % 6) {
                let key = randomString(using: &g)
                if keys.insert(key).inserted {
                    members.append(Member(key: key, value: random(depth: depth - 1, using: &g)))
                }
            }
            return .object(members)
        default:
            return .array((0..<(g.next() % 6)).map { _ in random(depth: depth - 1, using: &g) })
        }
    }

    static func randomNumber(using g: inout SplitMix64) -> Double {
        switch g.next() % 4 {
        case 0: return Double(Int64(bitPattern: g.next()) >> Int64(g.next() % 64))
        case 1: return Double(Int(g.next() % 100_000)) / 8
        case 2:
            let d = Double(bitPattern: g.next())
            return d.isFinite && d != 0 ? d : 1.5
        default: return Double(Int(g.next() % 2_000)) - 1_000
        }
    }

    /// Strings mixing ASCII, characters needing escapes (except NUL, which the reader rejects) and non-ASCII.
    static func randomString(using g: inout SplitMix64) -> String {
        let pool: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{1F}", "\u{7F}",
                                      "é", "€", "\u{2028}", "𝄞", "\u{10FFFF}", "\u{FEFF}"]
        var s = ""
        for _ in 0..<(g.next() % 12) {
            s.unicodeScalars.append(pool[Int(g.next() % UInt64(pool.count))])
        }
        return s
    }
}

@Suite struct RoundTripTests {
    @Test(arguments: [false, true])
    func parseOfWriteIsIdentity(pretty: Bool) throws {
        var g = SplitMix64(seed: pretty ? 1 : 2)
        for _ in 0..<300 {
            let tree = Tree.random(depth: 5, using: &g)
            var writer = JSONWriter(pretty: pretty)
            tree.write(to: &writer)
            let document = try JSONDocument(parsing: writer.bytes)
            #expect(Tree(document.root) == tree)
            var again = JSONWriter(pretty: pretty)
            Tree(document.root).write(to: &again)
            #expect(again.bytes == writer.bytes)
        }
    }
}
