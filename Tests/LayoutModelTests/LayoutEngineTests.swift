import LayoutModel
import Testing

/// Frames worked out by hand for the layouts of the service issue and the model issue.
@Suite struct LayoutEngineTests {
    @Test func centredBox() throws {
        // 375 × 667 root; a 200 × 200 box centred: x = (375 − 200) / 2, y = (667 − 200) / 2.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "box", "parent": "root"}],
         "constraints": [
           {"firstItem": "box", "firstAttribute": "centerX", "secondItem": "root"},
           {"firstItem": "box", "firstAttribute": "centerY", "secondItem": "root"},
           {"firstItem": "box", "firstAttribute": "width", "constant": 200},
           {"firstItem": "box", "firstAttribute": "height", "constant": 200}]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("root"), 0, 0, 375, 667)
        expectFrame(result.frame("box"), 87.5, 233.5, 200, 200)
    }

    @Test func rowOfEqualWidthViews() throws {
        // |-10-[a]-10-[b]-10-| in 375 with a.width == b.width: each (375 − 30) / 2 = 172.5 wide.
        let result = try solve("""
        {"size": {"width": 375, "height": 100},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}],
         "constraints": [
           {"firstItem": "a", "firstAttribute": "left", "secondItem": "root", "constant": 10},
           {"firstItem": "b", "firstAttribute": "left", "secondItem": "a", "secondAttribute": "right", "constant": 10},
           {"firstItem": "b", "firstAttribute": "right", "secondItem": "root", "constant": -10},
           {"firstItem": "a", "firstAttribute": "width", "secondItem": "b"},
           {"firstItem": "a", "firstAttribute": "top", "secondItem": "root", "constant": 20},
           {"firstItem": "b", "firstAttribute": "top", "secondItem": "a"},
           {"firstItem": "a", "firstAttribute": "height", "constant": 44},
           {"firstItem": "b", "firstAttribute": "height", "secondItem": "a"}]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("a"), 10, 20, 172.5, 44)
        expectFrame(result.frame("b"), 192.5, 20, 172.5, 44)
    }

    @Test func viewInsetInItsSibling() throws {
        // card at (20, 40, 200, 100); inner's edges are card's inset by 10: (30, 50, 180, 80).
        let result = try solve("""
        {"size": {"width": 320, "height": 480},
         "views": [{"id": "root"}, {"id": "card", "parent": "root"}, {"id": "inner", "parent": "root"}],
         "constraints": [
           {"firstItem": "card", "firstAttribute": "left", "constant": 20},
           {"firstItem": "card", "firstAttribute": "top", "constant": 40},
           {"firstItem": "card", "firstAttribute": "width", "constant": 200},
           {"firstItem": "card", "firstAttribute": "height", "constant": 100},
           {"firstItem": "inner", "firstAttribute": "left", "secondItem": "card", "constant": 10},
           {"firstItem": "inner", "firstAttribute": "top", "secondItem": "card", "constant": 10},
           {"firstItem": "inner", "firstAttribute": "right", "secondItem": "card", "constant": -10},
           {"firstItem": "inner", "firstAttribute": "bottom", "secondItem": "card", "constant": -10}]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("card"), 20, 40, 200, 100)
        expectFrame(result.frame("inner"), 30, 50, 180, 80)
    }

    @Test func constraintsAreEvaluatedInTheClosestCommonAncestor() throws {
        // box at x 100, width 200; dot (a child of box, 10 wide): dot.centerX == box.centerX × 0.5
        // in box's own space, where box.centerX = 100: dot.centerX = 50, so dot.x = 45 (in box).
        let result = try solve("""
        {"size": {"width": 400, "height": 400},
         "views": [{"id": "root"}, {"id": "box", "parent": "root"}, {"id": "dot", "parent": "box"}],
         "constraints": [
           "box.left == root.left + 100", "box.top == root.top", "box.width == 200", "box.height == 50",
           "dot.centerX == box.centerX * 0.5", "dot.top == box.top", "dot.width == 10", "dot.height == 10"]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("box"), 100, 0, 200, 50)
        expectFrame(result.frame("dot"), 45, 0, 10, 10)
    }

    @Test func twoRequiredWidthsConflictAndTheSecondIsBroken() throws {
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": [
           {"id": "w100", "firstItem": "a", "firstAttribute": "width", "constant": 100},
           {"id": "w200", "firstItem": "a", "firstAttribute": "width", "constant": 200},
           "a.left == root.left", "a.top == root.top", "a.height == 10"]}
        """)
        #expect(result.status == .conflict)
        let conflicts = result.layouts[0].conflicts
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.broken == "w200")
        #expect(conflicts.first?.constraints == ["w100", "w200"])
        expectFrame(result.frame("a"), 0, 0, 100, 10)
    }

    @Test func aMissingWidthIsAmbiguousUntilALowPriorityWidthPinsIt() throws {
        let base = """
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.left == root.left + 8", "a.top == root.top + 8", "a.height == 20"
        """
        let ambiguous = try solve(base + "]}")
        #expect(ambiguous.status == .ambiguous)
        #expect(ambiguous.layouts[0].ambiguities.map(\.view) == ["a"])
        #expect(ambiguous.layouts[0].ambiguities.first?.attributes == ["width"])

        let pinned = try solve(base + ", \"a.width == 50 @1\"]}")
        #expect(pinned.status == .ok)
        expectFrame(pinned.frame("a"), 8, 8, 50, 20)
    }

    @Test func oneConstraintAt751BeatsManyAt750() throws {
        // Three 750 constraints want width 300; one 751 wants 100: 100 wins (strict priority order).
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.left == root.left", "a.top == root.top", "a.height == 10",
           "a.width == 300 @750", "a.width >= 300 @750", "a.width == 300 @750", "a.width == 100 @751"]}
        """)
        expectFrame(result.frame("a"), 0, 0, 100, 10)
    }

    @Test func labelCappedAtTwoHundredWithALongIntrinsicWidth() throws {
        // Intrinsic 500 × 21; a required width <= 200 beats compression resistance (750).
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "label", "parent": "root", "intrinsicSize": {"width": 500, "height": 21}}],
         "constraints": ["label.left == root.left + 20", "label.top == root.top + 20", "label.width <= 200"]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("label"), 20, 20, 200, 21)
    }

    @Test func rightToLeftMirrorsLeadingAndTrailing() throws {
        // In RTL leading is the right edge: a.leading == root.leading + 20 puts a's right edge at
        // 375 − 20 = 355; a is 100 wide, so x = 255. b follows a in reading order: b.trailing
        // (its left) is 20 from root's trailing (left) edge.
        let result = try solve("""
        {"size": {"width": 375, "height": 100}, "layoutDirection": "rightToLeft",
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}],
         "constraints": ["a.leading == root.leading + 20", "a.width == 100", "a.top == root.top", "a.height == 10",
           "b.leading == a.trailing + 8", "b.trailing == root.trailing - 20", "b.top == root.top", "b.height == 10"]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("a"), 255, 0, 100, 10)
        // b spans from x = 20 to a's left edge − 8 = 247.
        expectFrame(result.frame("b"), 20, 0, 227, 10)
    }

    @Test func severalSizesAtOnce() throws {
        let result = try solve("""
        {"sizes": [{"width": 320, "height": 568}, {"width": 375, "height": 667}, {"width": 414, "height": 896}],
         "views": [{"id": "root"}, {"id": "box", "parent": "root"}],
         "constraints": ["box.centerX == root.centerX", "box.centerY == root.centerY", "box.width == 200", "box.height == 200"]}
        """)
        #expect(result.isMultiSize)
        #expect(result.layouts.count == 3)
        expectFrame(result.frame("box", layout: 0), 60, 184, 200, 200)
        expectFrame(result.frame("box", layout: 1), 87.5, 233.5, 200, 200)
        expectFrame(result.frame("box", layout: 2), 107, 348, 200, 200)
    }

    @Test func selfSizingCellTakesItsHeightFromItsContent() throws {
        // Width given, height fitted: 12 + 21 (label's intrinsic height) + 12 = 45.
        let result = try solve("""
        {"size": {"width": 320},
         "views": [{"id": "cell"}, {"id": "label", "parent": "cell", "intrinsicSize": {"width": 100, "height": 21}}],
         "constraints": ["label.left == cell.left + 16", "label.top == cell.top + 12", "cell.bottom == label.bottom + 12"]}
        """)
        #expect(result.status == .ok)
        #expect(result.layouts[0].size.height == 45)
        expectFrame(result.frame("label"), 16, 12, 100, 21)
    }

    @Test func marginAttributesInsetByTheLayoutMargins() throws {
        // Default margins are 8; root's custom left margin 20.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root", "margins": {"left": 20}}, {"id": "a", "parent": "root"}],
         "constraints": ["a.left == root.leftMargin", "a.right == root.rightMargin", "a.top == root.topMargin", "a.height == 10"]}
        """)
        expectFrame(result.frame("a"), 20, 8, 375 - 20 - 8, 10)
    }

    @Test func fixedFramesArePlacedExactly() throws {
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "header", "parent": "root", "frame": {"x": 0, "y": 20, "width": 375, "height": 44}},
                   {"id": "body", "parent": "root"}],
         "constraints": ["body.top == header.bottom + 8", "body.left == root.left", "body.right == root.right", "body.bottom == root.bottom"]}
        """)
        expectFrame(result.frame("header"), 0, 20, 375, 44)
        expectFrame(result.frame("body"), 0, 72, 375, 595)
    }

    @Test func displayScaleRoundsEdgesToThePixelGrid() throws {
        // Three equal widths in 100 with scale 2: edges at 0, 33.5, 66.5, 100 (33.33… → 33.5, 66.66… → 66.5).
        let result = try solve("""
        {"size": {"width": 100, "height": 10}, "displayScale": 2,
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}, {"id": "c", "parent": "root"}],
         "constraints": ["a.left == root.left", "b.left == a.right", "c.left == b.right", "c.right == root.right",
           "b.width == a.width", "c.width == a.width",
           "a.top == root.top", "b.top == root.top", "c.top == root.top", "a.height == 10", "b.height == 10", "c.height == 10"]}
        """)
        expectFrame(result.frame("a"), 0, 0, 33.5, 10)
        expectFrame(result.frame("b"), 33.5, 0, 33, 10)
        expectFrame(result.frame("c"), 66.5, 0, 33.5, 10)
    }

    @Test func scrollViewContentSizeComesFromItsContainer() throws {
        // Masonry's pattern: container pinned to the scroll view's edges (content area), as wide
        // as the scroll view; three 300-tall rows stacked in it: content 375 × 900.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "scroll", "parent": "root", "kind": "scroll"},
                   {"id": "container", "parent": "scroll"},
                   {"id": "r0", "parent": "container"}, {"id": "r1", "parent": "container"}, {"id": "r2", "parent": "container"}],
         "constraints": ["scroll.left == root.left", "scroll.right == root.right", "scroll.top == root.top", "scroll.bottom == root.bottom",
           "container.left == scroll.left", "container.right == scroll.right", "container.top == scroll.top", "container.bottom == scroll.bottom",
           "container.width == scroll.width",
           "r0.top == container.top", "r1.top == r0.bottom", "r2.top == r1.bottom", "r2.bottom == container.bottom",
           "r0.left == container.left", "r1.left == container.left", "r2.left == container.left",
           "r0.right == container.right", "r1.right == container.right", "r2.right == container.right",
           "r0.height == 300", "r1.height == 300", "r2.height == 300"]}
        """)
        #expect(result.status == .ok)
        let scroll = result.frame("scroll")
        expectFrame(scroll, 0, 0, 375, 667)
        #expect(scroll?.contentSize?.width == 375)
        #expect(scroll?.contentSize?.height == 900)
        expectFrame(result.frame("container"), 0, 0, 375, 900)
        expectFrame(result.frame("r2"), 0, 600, 375, 300)
    }

    @Test func aConstraintPinningTheRootSizeConflictsAtAnotherSize() throws {
        // root.width == 320 holds at 320 (a: 10…310); at 375 the given size and the pin cannot
        // both hold: the pin is broken (installed after the size) and a fills 10…365.
        let result = try solve("""
        {"sizes": [{"width": 320, "height": 100}, {"width": 375, "height": 100}],
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.left == root.left + 10", "a.right == root.right - 10", "a.top == root.top", "a.height == 10",
                         {"equation": "root.width == 320", "id": "pin"}]}
        """)
        #expect(result.layouts[0].status == .ok)
        expectFrame(result.frame("a", layout: 0), 10, 0, 300, 10)
        #expect(result.layouts[1].status == .conflict)
        #expect(result.layouts[1].conflicts.map(\.constraints) == [["size.width", "pin"]])
        #expect(result.layouts[1].conflicts.first?.broken == "pin")
        expectFrame(result.frame("a", layout: 1), 10, 0, 355, 10)
    }
}
