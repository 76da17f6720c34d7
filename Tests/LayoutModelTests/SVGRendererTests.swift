import LayoutModel
import Testing

/// The SVG drawing, checked structurally: it parses as XML, has one frame rectangle per view at
/// the solved frame made absolute, and marks exactly the conflict's and the ambiguity's views.
@Suite struct SVGRendererTests {
    /// Decodes, solves and draws a request written in a test.
    func draw(_ json: String) throws -> (svg: SVGNode, bytes: [UInt8]) {
        let request = try RequestDecoder.decode(Array(json.utf8))
        let bytes = SVGRenderer.render(try LayoutEngine.solve(request), of: request)
        let svg = try #require(SVGNode.parse(bytes), "not well-formed XML: \(String(decoding: bytes, as: UTF8.self))")
        return (svg, bytes)
    }

    func close(_ actual: [Double], _ expected: [Double]) -> Bool {
        actual.count == expected.count && zip(actual, expected).allSatisfy { abs($0 - $1) <= 1e-9 }
    }

    @Test func nestedViewsAtAbsoluteCoordinates() throws {
        let (svg, _) = try draw("""
        {"size": {"width": 400, "height": 300},
         "views": [{"id": "root"}, {"id": "card", "parent": "root"}, {"id": "inner", "parent": "card"},
                   {"id": "spacer", "parent": "card", "kind": "guide"},
                   {"id": "list", "parent": "root", "kind": "scroll"}, {"id": "row", "parent": "list"}],
         "constraints": ["card.left == root.left + 20", "card.top == root.top + 40", "card.width == 200", "card.height == 100",
           "inner.left == card.left + 10", "inner.top == card.top + 10", "inner.right == card.right - 10", "inner.bottom == card.bottom - 10",
           "spacer.left == card.left", "spacer.top == card.top", "spacer.width == 5", "spacer.height == 6",
           "list.left == root.left + 250", "list.top == root.top + 40", "list.width == 100", "list.height == 100",
           "row.left == list.left", "row.top == list.top + 30", "row.width == list.width", "row.right == list.right", "row.height == 250", "row.bottom == list.bottom"]}
        """)
        #expect(svg.name == "svg")
        #expect(svg["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(svg["data-status"] == "ok")
        let views = svg.descendants.filter { $0.name == "g" && $0["data-view"] != nil }
        #expect(views.map { $0["data-view"] ?? "" } == ["root", "card", "inner", "spacer", "list", "row"])
        #expect(views.allSatisfy { group in group.children.filter { $0["class"] == "frame" }.count == 1 })
        #expect(svg.descendants.filter { $0["class"] == "frame" }.count == 6)

        // Absolute = parent's absolute origin + the frame in the parent's coordinates.
        #expect(close(try #require(svg.view("root")?.frameRect).rect, [0, 0, 400, 300]))
        #expect(close(try #require(svg.view("card")?.frameRect).rect, [20, 40, 200, 100]))
        // inner: (10, 10, 180, 80) in card → (20 + 10, 40 + 10).
        #expect(close(try #require(svg.view("inner")?.frameRect).rect, [30, 50, 180, 80]))
        #expect(close(try #require(svg.view("spacer")?.frameRect).rect, [20, 40, 5, 6]))
        #expect(svg.view("spacer")?.frameRect?["stroke-dasharray"] != nil, "a layout guide is dashed")
        // row: top 30 in list's content area, left 0 → (250 + 0, 40 + 30); content 100 wide (row.right), 30 + 250 high.
        #expect(close(try #require(svg.view("row")?.frameRect).rect, [250, 70, 100, 250]))
        let content = try #require(svg.view("list")?.children.first { $0["class"] == "content-size" })
        #expect(close(content.rect, [250, 40, 100, 280]))
        #expect(content["stroke-dasharray"] != nil)

        // Nesting: inner and spacer inside card's group, row inside list's.
        #expect(svg.view("card")?.view("inner") != nil && svg.view("card")?.view("spacer") != nil)
        #expect(svg.view("list")?.view("row") != nil && svg.view("card")?.view("row") == nil)
        // Margins are drawn dashed on views with subviews: card's inset by 8.
        let margins = try #require(svg.view("card")?.children.first { $0["class"] == "margins" })
        #expect(close(margins.rect, [28, 48, 184, 84]))
        #expect(svg.view("inner")?.children.contains { $0["class"] == "margins" } == false)
        // Labels: id and size.
        #expect(svg.view("inner")?.children.first { $0["class"] == "label" }?.text == "inner 180×80")
        // No marks on an ok layout.
        #expect(!svg.descendants.contains { $0["data-mark"] != nil })
    }

    @Test func conflictMarksExactlyItsViewsAndDrawsTheBrokenConstraint() throws {
        // w10 and same hold (a and b 10 wide); w20 is installed last and broken. c takes no part.
        let (svg, _) = try draw("""
        {"size": {"width": 100, "height": 100},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}, {"id": "c", "parent": "root"}],
         "constraints": ["a.left == 10", "a.top == 10", "a.height == 10", "b.left == 50", "b.top == 30", "b.height == 20",
           {"equation": "a.width == 10", "id": "w10"}, {"equation": "a.width == b.width", "id": "same"},
           {"equation": "b.width == 20", "id": "w20"},
           "c.left == 70", "c.top == 70", "c.width == 5", "c.height == 5"]}
        """)
        #expect(svg["data-status"] == "conflict")
        let marked = svg.descendants.filter { $0["data-mark"] == "conflict" }.compactMap { $0["data-view"] }
        #expect(marked == ["a", "b"])
        #expect(svg.view("a")?.frameRect?["stroke"] == "#ff3b30")
        #expect(svg.view("b")?.frameRect?["stroke"] == "#ff3b30")
        #expect(svg.view("c")?.frameRect?["stroke"] != "#ff3b30")
        #expect(svg.view("root")?.frameRect?["stroke"] != "#ff3b30")

        let lines = svg.descendants.filter { $0.name == "line" && $0["data-constraint"] != nil }
        #expect(lines.map { $0["data-constraint"] ?? "" } == ["w10", "same", "w20"])
        let broken = try #require(lines.first { $0["class"] == "broken" })
        #expect(broken["data-constraint"] == "w20")
        // b is (50, 30, 10, 20): its width is drawn across it at mid-height y = 30 + 20 / 2.
        #expect(close(["x1", "y1", "x2", "y2"].compactMap(broken.number), [50, 40, 60, 40]))
        // same joins a's centre (10 + 5, 10 + 5) to b's (50 + 5, 30 + 10).
        let same = try #require(lines.first { $0["data-constraint"] == "same" })
        #expect(close(["x1", "y1", "x2", "y2"].compactMap(same.number), [15, 15, 55, 40]))
        #expect(same["stroke-dasharray"] != nil && broken["stroke-dasharray"] == nil)
    }

    @Test func rootSizeInAConflictMarksTheRoot() throws {
        // root.width == 100 (size.width) against a required 150-wide child pinned to both edges.
        let (svg, _) = try draw("""
        {"size": {"width": 100, "height": 50}, "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.left == root.left", "a.right == root.right", {"equation": "a.width == 150", "id": "wide"},
                         "a.top == root.top", "a.height == 10"]}
        """)
        let marked = svg.descendants.filter { $0["data-mark"] == "conflict" }.compactMap { $0["data-view"] }
        #expect(marked == ["root", "a"])
        #expect(svg.descendants.contains { $0.name == "line" && $0["data-constraint"] == "size.width" })
    }

    @Test func ambiguousViewsAreOrange() throws {
        let (svg, _) = try draw("""
        {"size": {"width": 100, "height": 100}, "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}],
         "constraints": ["a.left == 0", "a.top == 0", "a.width == 10", "b.left == 0", "b.top == 0", "b.width == 10", "b.height == 10"]}
        """)
        #expect(svg["data-status"] == "ambiguous")
        #expect(svg.descendants.filter { $0["data-mark"] != nil }.compactMap { $0["data-view"] } == ["a"])
        #expect(svg.view("a")?["data-mark"] == "ambiguous")
        #expect(svg.view("a")?.frameRect?["stroke"] == "#ff9500")
    }

    @Test func onePanelPerSizeSideBySide() throws {
        let (svg, _) = try draw("""
        {"sizes": [{"width": 100, "height": 50}, {"width": 200, "height": 80}],
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.left == root.left", "a.right == root.right", "a.top == 0", "a.height == 10"]}
        """)
        let panels = svg.descendants.filter { $0["class"] == "panel" }
        #expect(panels.count == 2)
        func offset(_ panel: SVGNode) -> [Double] {
            (panel["transform"] ?? "").dropFirst("translate(".count).dropLast().split(separator: " ").compactMap { Double($0) }
        }
        let (first, second) = (offset(panels[0]), offset(panels[1]))
        #expect(first.count == 2 && second.count == 2)
        #expect(second[0] >= first[0] + 100, "the second panel starts right of the first's 100-wide root")
        #expect(second[1] == first[1])
        #expect(close(try #require(panels[1].view("a")?.frameRect).rect, [0, 0, 200, 10]))
        #expect(close(try #require(panels[0].view("a")?.frameRect).rect, [0, 0, 100, 10]))
        #expect(try #require(svg.number("width")) >= second[0] + 200)
    }

    @Test func idsAreEscapedAndTheOutputIsDeterministic() throws {
        let json = """
        {"size": {"width": 100, "height": 100}, "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": [{"equation": "a.width == 10", "id": "ten"}, {"equation": "a.width == 20", "id": "<b> & \\"c\\" 'd'\\u0001"},
                         "a.left == 0", "a.top == 0", "a.height == 5"]}
        """
        let (svg, bytes) = try draw(json)
        let broken = try #require(svg.descendants.first { $0.name == "line" && $0["class"] == "broken" })
        #expect(broken["data-constraint"] == "<b> & \"c\" 'd'\u{FFFD}")
        #expect(try draw(json).bytes == bytes)
    }
}
