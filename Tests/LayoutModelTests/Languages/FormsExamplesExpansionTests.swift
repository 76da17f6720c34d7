import Foundation
import Testing
@testable import LayoutModel

/// The plain constraints each README example (`docs/examples/forms-*.json`) expands to, by hand.
@Suite struct FormsExamplesExpansionTests {
    func expansion(_ form: String) throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let body = try Data(contentsOf: root.appendingPathComponent("docs/examples/forms-\(form).json"))
        return try RequestDecoder.decode(Array(body)).constraints.map { "\($0.id): \($0.debugDescription)" }
    }

    @Test func plain() throws {
        #expect(try expansion("plain") == [
            "titleLeading: title.leading == root.leadingMargin + 12",
            "constraints[1]: title.top == root.top + 20",
            "constraints[2]: title.width == root.width * 0.5",
            "constraints[3]: title.height >= 30",
            "constraints[4]: title.height == 0 @250",
        ])
    }

    @Test func equation() throws {
        #expect(try expansion("equation") == [
            "constraints[0]: avatar.leading == root.leadingMargin",
            "constraints[1]: avatar.top == root.safeArea.top + 8",
            "constraints[2]: avatar.width == root.width * 0.1 + 2.5 @750",
            "constraints[3]: avatar.height == avatar.width",
            "constraints[4]: name.leading == avatar.trailing + 8",
            "constraints[5]: name.centerY == avatar.centerY",
            "nameFits: name.trailing <= root.trailingMargin",
        ])
    }

    @Test func visualFormat() throws {
        #expect(try expansion("visual-format") == [
            "constraints[0].0: a.leading == root.leadingMargin",
            "constraints[0].1: a.width >= 50",
            "constraints[0].2: b.leading == a.trailing + 10",
            "constraints[0].3: b.width == a.width",
            "constraints[0].4: c.leading == b.trailing + 10",
            "constraints[0].5: c.width == a.width",
            "constraints[0].6: root.trailingMargin == c.trailing",
            "constraints[0].7: b.top == a.top",
            "constraints[0].8: c.top == b.top",
            "constraints[0].9: b.bottom == a.bottom",
            "constraints[0].10: c.bottom == b.bottom",
            "column.0: a.top == root.top + 20",
            "column.1: a.height == 44",
        ])
    }

    @Test func masonry() throws {
        #expect(try expansion("masonry") == [
            "cardEdges.0: card.left == root.left + 16",
            "cardEdges.1: card.right == root.right - 16",
            "cardEdges.2: card.top == root.top + 20",
            "constraints[1]: card.height == card.width * 0.5",
            "constraints[2]: button.centerX == card.centerX",
            "constraints[3]: button.top == card.bottom + 12",
            "constraints[4].0: button.width == 120 @750",
            "constraints[4].1: button.height == 44 @750",
        ])
    }

    @Test func distribution() throws {
        #expect(try expansion("distribution") == [
            "constraints[0].0: bar.left == root.left",
            "constraints[0].1: bar.right == root.right",
            "constraints[0].2: bar.bottom == root.bottom",
            "constraints[1]: bar.height == 49",
            "constraints[2].0: tab1.left == bar.left + 15",
            "constraints[2].1: tab2.width == tab1.width",
            "constraints[2].2: tab2.left == tab1.right + 15",
            "constraints[2].3: tab3.width == tab2.width",
            "constraints[2].4: tab3.left == tab2.right + 15",
            "constraints[2].5: tab3.right == bar.right - 15",
            "constraints[3].0: tab1.top == bar.top",
            "constraints[3].1: tab1.bottom == bar.bottom",
            "constraints[4].0: tab2.top == bar.top",
            "constraints[4].1: tab2.bottom == bar.bottom",
            "constraints[5].0: tab3.top == bar.top",
            "constraints[5].1: tab3.bottom == bar.bottom",
        ])
    }
}
