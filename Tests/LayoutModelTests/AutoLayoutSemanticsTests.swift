import LayoutModel
import Testing

/// Auto Layout's semantics item by item (attributes, coordinate spaces, direction, margins, intrinsic
/// sizes, baselines, guides, scroll views, fitting, rounding, validation, order), frames by hand.
@Suite struct AutoLayoutSemanticsTests {
    /// A 400 × 300 root with margins top 10, left 20, bottom 30, right 40 and baselines 15 from the
    /// top and 5 from the bottom; one zero-sized probe per attribute whose centre is put on it, so
    /// the probe's x (horizontal) or y (vertical) is the attribute's value.
    private func attributeValues(direction: String) throws -> [String: Double] {
        let horizontal = ["left", "right", "leading", "trailing", "centerX", "leftMargin", "rightMargin",
                          "leadingMargin", "trailingMargin", "centerXWithinMargins"]
        let vertical = ["top", "bottom", "centerY", "firstBaseline", "lastBaseline", "baseline", "topMargin",
                        "bottomMargin", "centerYWithinMargins"]
        var views = [#"{"id": "root", "margins": {"top": 10, "left": 20, "bottom": 30, "right": 40}, "baseline": {"firstFromTop": 15, "lastFromBottom": 5}}"#]
        var constraints: [String] = []
        for attribute in horizontal {
            views.append(#"{"id": "h_\#(attribute)", "parent": "root"}"#)
            constraints += [#""h_\#(attribute).centerX == root.\#(attribute)""#, #""h_\#(attribute).width == 0""#,
                            #""h_\#(attribute).top == root.top""#, #""h_\#(attribute).height == 0""#]
        }
        for attribute in vertical {
            views.append(#"{"id": "v_\#(attribute)", "parent": "root"}"#)
            constraints += [#""v_\#(attribute).centerY == root.\#(attribute)""#, #""v_\#(attribute).height == 0""#,
                            #""v_\#(attribute).left == root.left""#, #""v_\#(attribute).width == 0""#]
        }
        // Sizes: half the root's width and height; notAnAttribute: a constant.
        views.append(#"{"id": "size", "parent": "root"}"#)
        constraints += [#""size.width == root.width * 0.5""#, #""size.height == root.height * 0.5""#,
                        #""size.left == root.left""#, #""size.top == root.top""#]
        views.append(#"{"id": "constant", "parent": "root"}"#)
        constraints += [#"{"firstItem": "constant", "firstAttribute": "width", "secondAttribute": "notAnAttribute", "constant": 30}"#,
                        #""constant.height == 40""#, #""constant.left == root.left""#, #""constant.top == root.top""#]
        let result = try solve("""
        {"size": {"width": 400, "height": 300}, "layoutDirection": "\(direction)",
         "views": [\(views.joined(separator: ", "))], "constraints": [\(constraints.joined(separator: ", "))]}
        """)
        #expect(result.status == .ok)
        var values: [String: Double] = [:]
        for attribute in horizontal { values[attribute] = result.frame("h_" + attribute)?.x }
        for attribute in vertical { values[attribute] = result.frame("v_" + attribute)?.y }
        values["width"] = result.frame("size")?.width
        values["height"] = result.frame("size")?.height
        values["notAnAttribute"] = result.frame("constant")?.width
        return values
    }

    @Test func everyAttributeLeftToRight() throws {
        // rightMargin 400 − 40, centerXWithinMargins (20 + 360) / 2, lastBaseline 300 − 5,
        // bottomMargin 300 − 30, centerYWithinMargins (10 + 270) / 2.
        let values = try attributeValues(direction: "leftToRight")
        let expected: [String: Double] = [
            "left": 0, "right": 400, "leading": 0, "trailing": 400, "centerX": 200,
            "leftMargin": 20, "rightMargin": 360, "leadingMargin": 20, "trailingMargin": 360,
            "centerXWithinMargins": 190,
            "top": 0, "bottom": 300, "centerY": 150,
            "firstBaseline": 15, "lastBaseline": 295, "baseline": 295,
            "topMargin": 10, "bottomMargin": 270, "centerYWithinMargins": 140,
            "width": 200, "height": 150, "notAnAttribute": 30,
        ]
        #expect(values == expected)
    }

    @Test func everyAttributeRightToLeft() throws {
        // Leading is the right edge and trailing the left; leadingMargin is the right edge inset by the
        // right margin (400 − 40), trailingMargin the left edge inset by the left margin (20). The
        // absolute attributes do not move.
        let values = try attributeValues(direction: "rightToLeft")
        let expected: [String: Double] = [
            "left": 0, "right": 400, "leading": 400, "trailing": 0, "centerX": 200,
            "leftMargin": 20, "rightMargin": 360, "leadingMargin": 360, "trailingMargin": 20,
            "centerXWithinMargins": 190,
            "top": 0, "bottom": 300, "centerY": 150,
            "firstBaseline": 15, "lastBaseline": 295, "baseline": 295,
            "topMargin": 10, "bottomMargin": 270, "centerYWithinMargins": 140,
            "width": 200, "height": 150, "notAnAttribute": 30,
        ]
        #expect(values == expected)
    }

    @Test func quarterOfTheBoxWhereverTheBoxIs() throws {
        // box is nested: root ← panel (at 50, 60) ← box (at 30, 40 in panel, 200 × 100).
        // dot.centerX == box.centerX × 0.5 is evaluated in box (the closest common ancestor), where
        // box.centerX = 100: dot.centerX = 50 → dot.x = 50 − 5 = 45, a quarter of box's width minus half the dot.
        // The same with dot.centerY == box.centerY × 0.5: centerY 25 → dot.y = 20.
        let result = try solve("""
        {"size": {"width": 400, "height": 400},
         "views": [{"id": "root"}, {"id": "panel", "parent": "root"}, {"id": "box", "parent": "panel"}, {"id": "dot", "parent": "box"}],
         "constraints": [
           "panel.left == root.left + 50", "panel.top == root.top + 60", "panel.width == 300", "panel.height == 300",
           "box.left == panel.left + 30", "box.top == panel.top + 40", "box.width == 200", "box.height == 100",
           "dot.centerX == box.centerX * 0.5", "dot.centerY == box.centerY * 0.5", "dot.width == 10", "dot.height == 10"]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("box"), 30, 40, 200, 100)
        expectFrame(result.frame("dot"), 45, 20, 10, 10)
    }

    @Test func cousinsAreConstrainedInTheirCommonAncestor() throws {
        // left (at 10) holds a (at 5, 40 wide) → a's right in root = 10 + 5 + 40 = 55.
        // right (at 100) holds b: b.left == a.right + 10 = 65 in root → 65 − 100 = −35 in right.
        let result = try solve("""
        {"size": {"width": 300, "height": 100},
         "views": [{"id": "root"}, {"id": "left", "parent": "root"}, {"id": "right", "parent": "root"},
                   {"id": "a", "parent": "left"}, {"id": "b", "parent": "right"}],
         "constraints": [
           "left.left == root.left + 10", "left.top == root.top", "left.width == 80", "left.height == 50",
           "right.left == root.left + 100", "right.top == root.top + 20", "right.width == 80", "right.height == 50",
           "a.left == left.left + 5", "a.top == left.top", "a.width == 40", "a.height == 10",
           "b.left == a.right + 10", "b.top == a.bottom", "b.width == 20", "b.height == 10"]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("a"), 5, 0, 40, 10)
        // b.top == a.bottom: 10 in root → 10 − 20 = −10 in right.
        expectFrame(result.frame("b"), -35, -10, 20, 10)
    }

    @Test func directionalMarginsFollowTheLayoutDirection() throws {
        // directionalMargins leading 30, trailing 10 (top/bottom default 8).
        // Left to right: leadingMargin is 30 from the left, trailingMargin 10 from the right → a spans 30…290.
        // Right to left: leading is the right, so leadingMargin is 30 from the right → a spans 10…270.
        let body = { (direction: String) in """
            {"size": {"width": 300, "height": 100}, "layoutDirection": "\(direction)",
             "views": [{"id": "root", "directionalMargins": {"leading": 30, "trailing": 10}}, {"id": "a", "parent": "root"}],
             "constraints": ["a.leading == root.leadingMargin", "a.trailing == root.trailingMargin",
                             "a.top == root.topMargin", "a.bottom == root.bottomMargin"]}
            """ }
        expectFrame(try solve(body("leftToRight")).frame("a"), 30, 8, 260, 84)
        expectFrame(try solve(body("rightToLeft")).frame("a"), 10, 8, 260, 84)
    }

    @Test func marginsGuideAndWithinMarginsCentres() throws {
        // root.margins is the bounds inset by root's margins (left 20, right 40, top 10, bottom 30 in 400 × 300):
        // a fills it → (20, 10, 340, 260). b (20 × 20) at the centre of the margin rect: (190 − 10, 140 − 10).
        let result = try solve("""
        {"size": {"width": 400, "height": 300},
         "views": [{"id": "root", "margins": {"top": 10, "left": 20, "bottom": 30, "right": 40}},
                   {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}],
         "constraints": [
           {"view": "a", "make": "edges", "equalTo": "root.margins"},
           {"view": "b", "make": "centerWithinMargins", "equalTo": "root"},
           {"view": "b", "make": "size", "equalTo": {"width": 20, "height": 20}}]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("a"), 20, 10, 340, 260)
        expectFrame(result.frame("b"), 180, 130, 20, 20)
    }

    @Test func huggingDecidesWhichViewStretches() throws {
        // |[a][b]| in 300 with both intrinsically 100 wide: 100 extra points must go somewhere.
        // b's horizontal hugging 200 is below a's 250, so b stretches: a 100, b 200.
        let result = try solve("""
        {"size": {"width": 300, "height": 50},
         "views": [{"id": "root"},
                   {"id": "a", "parent": "root", "intrinsicSize": {"width": 100, "height": 20}},
                   {"id": "b", "parent": "root", "intrinsicSize": {"width": 100, "height": 20}, "hugging": {"horizontal": 200}}],
         "constraints": [{"visualFormat": "H:|[a][b]|"}, "a.top == root.top", "b.top == root.top"]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("a"), 0, 0, 100, 20)
        expectFrame(result.frame("b"), 100, 0, 200, 20)
    }

    @Test func compressionResistanceDecidesWhichViewShrinks() throws {
        // |[a][b]| in 150 with both intrinsically 100 wide: 50 points too few.
        // a's compression resistance 700 is below b's 750, so a shrinks: a 50, b 100.
        let result = try solve("""
        {"size": {"width": 150, "height": 50},
         "views": [{"id": "root"},
                   {"id": "a", "parent": "root", "intrinsicSize": {"width": 100, "height": 20}, "compressionResistance": {"horizontal": 700}},
                   {"id": "b", "parent": "root", "intrinsicSize": {"width": 100, "height": 20}}],
         "constraints": [{"visualFormat": "H:|[a][b]|"}, "a.top == root.top", "b.top == root.top"]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("a"), 0, 0, 50, 20)
        expectFrame(result.frame("b"), 50, 0, 100, 20)
    }

    @Test func intrinsicSizeOnOneAxisOnly() throws {
        // A width-only intrinsic size (like a UISlider's): width 80 from it; the height must come from a
        // constraint, and nothing is ambiguous.
        let result = try solve("""
        {"size": {"width": 300, "height": 100},
         "views": [{"id": "root"}, {"id": "slider", "parent": "root", "intrinsicSize": {"width": 80, "height": null}}],
         "constraints": ["slider.left == root.left + 10", "slider.top == root.top + 10", "slider.height == 31"]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("slider"), 10, 10, 80, 31)
    }

    @Test func baselinesAlignTextAndPlainViewsUseTheirEdges() throws {
        // big: 30 tall at y 50, firstBaseline 20 from its top (70), lastBaseline 8 from its bottom (80 − 8 = 72).
        // small (20 tall, last 4 from bottom): lastBaseline == big's → bottom 76, y 56.
        // first (20 tall, first 15 from top): firstBaseline == big's 70 → y 55.
        // plain (no baseline values, 40 tall): its baseline is its bottom → bottom 72, y 32.
        let result = try solve("""
        {"size": {"width": 400, "height": 200},
         "views": [{"id": "root"},
                   {"id": "big", "parent": "root", "intrinsicSize": {"width": 100, "height": 30}, "baseline": {"firstFromTop": 20, "lastFromBottom": 8}},
                   {"id": "small", "parent": "root", "intrinsicSize": {"width": 60, "height": 20}, "baseline": {"firstFromTop": 15, "lastFromBottom": 4}},
                   {"id": "first", "parent": "root", "intrinsicSize": {"width": 60, "height": 20}, "baseline": {"firstFromTop": 15, "lastFromBottom": 4}},
                   {"id": "plain", "parent": "root"}],
         "constraints": [
           "big.left == root.left", "big.top == root.top + 50",
           "small.left == big.right + 8", "small.lastBaseline == big.lastBaseline",
           "first.left == small.right + 8", "first.firstBaseline == big.firstBaseline",
           "plain.left == first.right + 8", "plain.width == 10", "plain.height == 40", "plain.baseline == big.baseline"]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("big"), 0, 50, 100, 30)
        expectFrame(result.frame("small"), 108, 56, 60, 20)
        expectFrame(result.frame("first"), 176, 55, 60, 20)
        expectFrame(result.frame("plain"), 244, 32, 10, 40)
    }

    @Test func declaredGuideTakesPartAndGetsAFrame() throws {
        // a at 20…70, c at 230…280 in 300; the guide spans the gap (70…230) and b is centred in it:
        // b.centerX = 150 → b.x = 135.
        let result = try solve("""
        {"size": {"width": 300, "height": 100},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "c", "parent": "root"},
                   {"id": "gap", "parent": "root", "kind": "guide"}, {"id": "b", "parent": "root"}],
         "constraints": [
           "a.left == root.left + 20", "a.width == 50", "c.right == root.right - 20", "c.width == 50",
           "gap.left == a.right", "gap.right == c.left", "gap.top == root.top", "gap.height == 10",
           "b.centerX == gap.centerX", "b.width == 30",
           "a.top == root.top", "a.height == 10", "c.top == root.top", "c.height == 10", "b.top == root.top", "b.height == 10"]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("gap"), 70, 0, 160, 10)
        expectFrame(result.frame("b"), 135, 0, 30, 10)
    }

    @Test func safeAreaGuide() throws {
        // An iPhone X screen, 375 × 812, safe area insets top 44, bottom 34:
        // title 8 below the safe area's top (52); footer on the safe area's bottom (812 − 34 = 778).
        let result = try solve("""
        {"size": {"width": 375, "height": 812},
         "views": [{"id": "root", "safeAreaInsets": {"top": 44, "bottom": 34}},
                   {"id": "title", "parent": "root"}, {"id": "footer", "parent": "root"}],
         "constraints": [
           "title.top == root.safeArea.top + 8", "title.left == root.safeArea.left + 16", "title.right == root.safeArea.right - 16",
           "title.height == 30",
           {"view": "footer", "make": "left.right.bottom", "equalTo": "root.safeArea"}, "footer.height == 49"]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("title"), 16, 52, 343, 30)
        expectFrame(result.frame("footer"), 0, 778 - 49, 375, 49)
    }

    @Test func scrollViewContentAndFrameGuides() throws {
        // The scroll view fills 375 × 667. Its content guide holds a 375 × 2000 container: contentSize 375 × 2000.
        // A button pinned to the frame guide's bottom-right corner, 20 in: (375 − 70, 667 − 70) in the scroll
        // view's coordinates (content offset 0), whatever the content size.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "scroll", "parent": "root", "kind": "scroll"},
                   {"id": "container", "parent": "scroll"}, {"id": "button", "parent": "scroll"}],
         "constraints": [
           {"view": "scroll", "make": "edges", "equalTo": "root"},
           "container.left == scroll.content.left", "container.right == scroll.content.right",
           "container.top == scroll.content.top", "container.bottom == scroll.content.bottom",
           "container.width == scroll.frameGuide.width", "container.height == 2000",
           "button.right == scroll.frameGuide.right - 20", "button.bottom == scroll.frameGuide.bottom - 20",
           "button.width == 50", "button.height == 50"]}
        """)
        #expect(result.status == .ok)
        let scroll = result.frame("scroll")
        expectFrame(scroll, 0, 0, 375, 667)
        #expect(scroll?.contentSize?.width == 375)
        #expect(scroll?.contentSize?.height == 2000)
        expectFrame(result.frame("container"), 0, 0, 375, 2000)
        expectFrame(result.frame("button"), 305, 597, 50, 50)
    }

    @Test func fittingBothDimensions() throws {
        // No size: the root hugs a 100 × 20 label inset 10 on every side → 120 × 40.
        let result = try solve("""
        {"views": [{"id": "root"}, {"id": "label", "parent": "root", "intrinsicSize": {"width": 100, "height": 20}}],
         "constraints": [{"view": "label", "make": "edges", "equalTo": "root", "inset": 10}]}
        """)
        #expect(result.status == .ok)
        #expect(result.layouts[0].size.width == 120)
        #expect(result.layouts[0].size.height == 40)
        expectFrame(result.frame("label"), 10, 10, 100, 20)
    }

    @Test func displayScaleThreeRoundsEdgesHalfAwayFromZero() throws {
        // a spans x 10.1…30.3, y 0.5…10.5. At scale 3 each edge goes to the nearest third:
        // 10.1 × 3 = 30.3 → 30 → 10; 30.3 × 3 = 90.9 → 91 → 91/3; width 91/3 − 10 = 61/3.
        // 0.5 × 3 = 1.5 → 2 (half away from zero) → 2/3; 10.5 × 3 = 31.5 → 32 → 32/3; height 30/3 = 10.
        let body = { (scale: String) in """
            {"size": {"width": 100, "height": 100}\(scale),
             "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
             "constraints": ["a.left == root.left + 10.1", "a.width == 20.2", "a.top == root.top + 0.5", "a.height == 10"]}
            """ }
        expectFrame(try solve(body(#", "displayScale": 3"#)).frame("a"), 10, 2.0 / 3, 61.0 / 3, 10)
        // Without a scale, the exact values (10.1 + 20.2 is not needed: the width is read directly).
        expectFrame(try solve(body("")).frame("a"), 10.1, 0.5, 20.2, 10)
    }

    @Test func negativeSizeConstantIsLegalAndConflictsRatherThanFails() throws {
        // UIKit accepts width == −10 (no exception); it can only conflict with other constraints.
        let alone = try solve("""
        {"size": {"width": 100, "height": 100}, "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.left == root.left", "a.top == root.top", "a.height == 10", "a.width == -10"]}
        """)
        #expect(alone.status == .ok)
        expectFrame(alone.frame("a"), 0, 0, -10, 10)
        let conflicting = try solve("""
        {"size": {"width": 100, "height": 100}, "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.left == root.left", "a.top == root.top", "a.height == 10", "a.width >= 0", "a.width == -10"]}
        """)
        #expect(conflicting.status == .conflict)
        #expect(conflicting.layouts[0].conflicts.first?.broken == "constraints[4]")
        expectFrame(conflicting.frame("a"), 0, 0, 0, 10)
    }

    @Test func rootSizeAndFixedFramesComeBeforeTheRequestsConstraints() throws {
        // The root size (375) is installed first, so root.width == 500 is the one broken;
        // header's fixed frame (width 100) is installed before header.width == 200, which breaks too.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "header", "parent": "root", "frame": {"x": 0, "y": 0, "width": 100, "height": 44}}],
         "constraints": ["root.width == 500", "header.width == 200"]}
        """)
        #expect(result.status == .conflict)
        let conflicts = result.layouts[0].conflicts
        #expect(conflicts.map(\.broken) == ["constraints[0]", "constraints[1]"])
        #expect(conflicts.first?.constraints == ["size.width", "constraints[0]"])
        #expect(conflicts.last?.constraints == ["header.frame.width", "constraints[1]"])
        expectFrame(result.frame("root"), 0, 0, 375, 667)
        expectFrame(result.frame("header"), 0, 0, 100, 44)
    }

    @Test func requestOrderDecidesWhichConstraintBreaksWithShorthandsInPlace() throws {
        // A Masonry chain expanding to two constraints sits between two plain ones; the chain's width
        // (constraints[1].0 == 50) conflicts with constraints[0] (width 40) and is broken; constraints[2]
        // (width 60) conflicts with constraints[0] too and is broken as well.
        let result = try solve("""
        {"size": {"width": 375, "height": 667}, "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.width == 40", {"view": "a", "make": "size", "equalTo": {"width": 50, "height": 10}}, "a.width == 60",
                         "a.left == root.left", "a.top == root.top"]}
        """)
        #expect(result.layouts[0].conflicts.map(\.broken) == ["constraints[1].0", "constraints[2]"])
        expectFrame(result.frame("a"), 0, 0, 40, 10)
    }
}
