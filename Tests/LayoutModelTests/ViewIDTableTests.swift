@testable import LayoutModel
import Testing

/// The id table behind `ViewTree`: a quick direct-mapped slot in front of the seeded table must
/// answer exactly as the seeded table alone, whichever ids share quick slots.
@Suite struct ViewIDTableTests {
    private func index(_ table: ViewIDTable, _ key: String) -> Int? {
        Array(key.utf8).withUnsafeBufferPointer { table.index(of: $0) }
    }

    private func exactIndex(_ table: ViewIDTable, _ key: String) -> Int? {
        Array(key.utf8).withUnsafeBufferPointer { table.exactIndex(of: $0) }
    }

    @Test func findsEveryIdAmongThousandsThatShareSlots() {
        // Short and long ids, ids alike in their first or last eight bytes: many share quick slots.
        var ids: [String] = []
        for k in 0..<3_000 {
            switch k % 4 {
            case 0: ids.append("v\(k)")
            case 1: ids.append("cell_\(k)_subtitle")
            case 2: ids.append("a_rather_long_common_prefix_\(k)")
            default: ids.append("\(String(k, radix: 36))_with_a_rather_long_common_suffix")
            }
        }
        ids.append("é")
        let table = ViewIDTable(ids)
        #expect(table.firstDuplicate == nil)
        for (k, id) in ids.enumerated() {
            #expect(index(table, id) == k, "\(id)")
            #expect(exactIndex(table, id) == (id == "é" ? nil : k), "\(id)")
        }
        for missing in ["", "v", "v3000", "cell_1_subtitl", "cell_1_subtitles", "a_rather_long_common_prefix_", "e\u{301}x"] {
            #expect(index(table, missing) == nil, "\(missing)")
            #expect(exactIndex(table, missing) == nil, "\(missing)")
        }
        #expect(index(table, "e\u{301}") == ids.count - 1)
    }

    /// Thousands of ASCII ids (no id hashed unless its quick slots are taken): every id is found,
    /// and a repeat, of an id in its quick slots or of one that found them taken, is reported and
    /// finds the first.
    @Test func asciiIdsThatShareQuickSlotsAndRepeat() {
        var ids = (0..<3_000).map { k in k % 2 == 0 ? "v\(k)" : "cell_\(k)_subtitle_with_a_long_tail" }
        let table = ViewIDTable(ids)
        #expect(table.firstDuplicate == nil)
        for (k, id) in ids.enumerated() {
            #expect(index(table, id) == k, "\(id)")
            #expect(exactIndex(table, id) == k, "\(id)")
        }
        for missing in ["", "v", "v3000", "v1", "cell_0_subtitle_with_a_long_tail", "\u{212A}"] {
            #expect(index(table, missing) == nil, "\(missing)")
            #expect(exactIndex(table, missing) == nil, "\(missing)")
        }
        // Every id repeated after all of them: the first repeat is the first id repeated, and
        // each id, in its quick slots or not, still finds its first index.
        ids += ids
        let repeated = ViewIDTable(ids)
        #expect(repeated.firstDuplicate == 3_000)
        for k in 0..<3_000 {
            #expect(index(repeated, ids[k]) == k, "\(ids[k])")
            #expect(exactIndex(repeated, ids[k]) == k, "\(ids[k])")
        }
        let kelvin = ViewIDTable(["root", "K"])
        #expect(index(kelvin, "\u{212A}") == 1)
    }

    /// A few ASCII ids, each in its quick slots: nothing goes in the seeded table, and a key in no
    /// quick slot is found in neither, exactly or up to canonical equivalence.
    @Test func fewIdsAllInTheirQuickSlots() {
        let table = ViewIDTable(["root", "card", "K", "card_title"])
        for (k, id) in ["root", "card", "K", "card_title"].enumerated() {
            #expect(exactIndex(table, id) == k, "\(id)")
        }
        for missing in ["card.left", "card.margins", "superview", "", "cards", "\u{212A}", "é"] {
            #expect(exactIndex(table, missing) == nil, "\(missing)")
        }
        #expect(index(table, "\u{212A}") == 2)
        #expect(index(table, "card.left") == nil)
    }

    @Test func idsAlikeInLengthAndFirstAndLastBytesAreTold() {
        // Ids are compared by their length and first and last eight bytes before their bytes:
        // ids that share those (longer than 16 bytes), or differ only in zero bytes past a
        // shorter one's end, must still be told apart.
        let ids = ["abcdefgh_1_ijklmnop", "abcdefgh_2_ijklmnop", "abcdefgh", "abcdefgh\0", "a", "a\0", "a\0\0",
                   "abcdefghijklmnop", "abcdefghijklmnoq", "bbcdefghijklmnop", "abcdefgh12345678x"]
        let table = ViewIDTable(ids)
        #expect(table.firstDuplicate == nil)
        for (k, id) in ids.enumerated() {
            #expect(index(table, id) == k, "\(id)")
            #expect(exactIndex(table, id) == k, "\(id)")
        }
        for missing in ["abcdefgh_3_ijklmnop", "abcdefgh\0\0", "\0", "abcdefghijklmnopq", "abcdefgh12345678y"] {
            #expect(index(table, missing) == nil, "\(missing)")
            #expect(exactIndex(table, missing) == nil, "\(missing)")
        }
    }

    @Test func repeatedIdsFindTheFirst() {
        let table = ViewIDTable(["root", "a", "b", "a", "\u{212A}", "K"])
        #expect(table.firstDuplicate == 3)
        #expect(index(table, "a") == 1)
        #expect(exactIndex(table, "a") == 1)
        #expect(index(table, "K") == 4)
        #expect(exactIndex(table, "K") == nil)
    }

    @Test func canonicallyEquivalentIdsFindEachOther() {
        let kelvin = ViewIDTable(["root", "\u{212A}"])
        #expect(index(kelvin, "K") == 1)
        #expect(index(kelvin, "\u{212A}") == 1)
        #expect(exactIndex(kelvin, "K") == nil)
        let letter = ViewIDTable(["root", "K"])
        #expect(index(letter, "\u{212A}") == 1)
        #expect(exactIndex(letter, "\u{212A}") == nil)
        #expect(exactIndex(letter, "K") == 1)
    }
}
