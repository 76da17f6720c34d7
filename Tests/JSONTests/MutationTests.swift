import JSON
import Testing

/// Random damage to valid documents: the reader must never crash, and every error must
/// point inside the input.
@Suite struct MutationTests {
    static let seed = Array(#"""
    {"size": {"width": 375, "height": 812.5},
     "views": [{"id": "root", "tags": ["a\n", "é€𝄞", "\ud834\udd1e"], "hidden": false, "alpha": null},
               {"id": "child", "parent": "root", "frame": [0, -1.5e3, 0.25, 1E-2]}],
     "constraints": []}
    """#.utf8)

    @Test func damagedDocumentsFailCleanly() {
        var g = SplitMix64(seed: 99)
        let alphabet = Array(#"{}[],:"\/ -+.0123456789eEtrufalsn"#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xE2, 0xED, 0xF0, 0xFF]
        for _ in 0..<20_000 {
            var bytes = Self.seed
            for _ in 0...(g.next() % 3) {
                let position = Int(g.next() % UInt64(bytes.count))
                switch g.next() % 4 {
                case 0: bytes[position] = alphabet[Int(g.next() % UInt64(alphabet.count))]
                case 1: bytes.remove(at: position)
                case 2: bytes.insert(alphabet[Int(g.next() % UInt64(alphabet.count))], at: position)
                default: bytes.removeSubrange(position...)
                }
                if bytes.isEmpty { break }
            }
            do {
                let document = try JSONDocument(parsing: bytes)
                _ = document.root.members.map { ($0.key, $0.value.count) }
            } catch {
                #expect(error.offset >= 0 && error.offset <= bytes.count)
                #expect(error.line >= 1 && error.column >= 1)
            }
        }
    }
}
