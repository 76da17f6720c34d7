import LayoutModel
import Testing

/// The Masonry examples users know, written as Masonry make-chains, with the frames UIKit gives
/// worked out by hand in each test.
@Suite struct MasonryExamplesTests {
    @Test func boxCentredAtTwoHundredByTwoHundred() throws {
        // make.center.equalTo(superview); make.size.equalTo(CGSizeMake(200, 200)) in 375 × 667:
        // x = (375 − 200) / 2 = 87.5, y = (667 − 200) / 2 = 233.5.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "box", "parent": "root"}],
         "constraints": [
           {"view": "box", "make": "center", "equalTo": "superview"},
           {"view": "box", "make": "size", "equalTo": {"width": 200, "height": 200}}]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("box"), 87.5, 233.5, 200, 200)
    }

    @Test func siblingInsetByTenOnAllEdges() throws {
        // card at (20, 40, 200, 100); make.edges.equalTo(card).insets(UIEdgeInsetsMake(10, 10, 10, 10)):
        // left 20 + 10 = 30, top 40 + 10 = 50, right 220 − 10 = 210, bottom 140 − 10 = 130 → (30, 50, 180, 80).
        // `inset: 10` (Masonry's make.edges.equalTo(card).inset(10)) gives the same frame.
        for modifier in [#""insets": {"top": 10, "left": 10, "bottom": 10, "right": 10}"#, #""inset": 10"#] {
            let result = try solve("""
            {"size": {"width": 320, "height": 480},
             "views": [{"id": "root"}, {"id": "card", "parent": "root"}, {"id": "inner", "parent": "root"}],
             "constraints": [
               {"view": "card", "make": "left", "equalTo": 20},
               {"view": "card", "make": "top", "equalTo": 40},
               {"view": "card", "make": "size", "equalTo": {"width": 200, "height": 100}},
               {"view": "inner", "make": "edges", "equalTo": "card", \(modifier)}]}
            """)
            #expect(result.status == .ok)
            expectFrame(result.frame("inner"), 30, 50, 180, 80)
        }
    }

    @Test func basicExampleTwoEqualWidthViewsAboveAThirdWithPaddingTen() throws {
        // Masonry's BasicExample, chain for chain (padding 10) in 375 × 667.
        // Widths: green + red + 3 × 10 = 375, green == red → 172.5 each.
        // Heights: red.top = 10, red.bottom = blue.top − 10, blue.bottom = 667 − 10, all three equal:
        // 10 + h + 10 + h + 10 = 667 → h = 318.5; blue.y = 10 + 318.5 + 10 = 338.5.
        // green's top is only >= 10, but green.bottom == blue.top − 10 and green.height == red.height pin it at 10.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "superview"}, {"id": "green", "parent": "superview"}, {"id": "red", "parent": "superview"},
                   {"id": "blue", "parent": "superview"}],
         "constraints": [
           {"view": "green", "make": "top", "greaterThanOrEqualTo": "superview.top", "offset": 10},
           {"view": "green", "make": "left", "equalTo": "superview.left", "offset": 10},
           {"view": "green", "make": "bottom", "equalTo": "blue.top", "offset": -10},
           {"view": "green", "make": "right", "equalTo": "red.left", "offset": -10},
           {"view": "green", "make": "width", "equalTo": "red.width"},
           {"view": "green", "make": "height", "equalTo": "red.height"},
           {"view": "green", "make": "height", "equalTo": "blue.height"},
           {"view": "red", "make": "top", "equalTo": "superview.top", "offset": 10},
           {"view": "red", "make": "left", "equalTo": "green.right", "offset": 10},
           {"view": "red", "make": "bottom", "equalTo": "blue.top", "offset": -10},
           {"view": "red", "make": "right", "equalTo": "superview.right", "offset": -10},
           {"view": "red", "make": "width", "equalTo": "green.width"},
           {"view": "red", "make": "height", "equalTo": ["green", "blue"]},
           {"view": "blue", "make": "top", "equalTo": "green.bottom", "offset": 10},
           {"view": "blue", "make": "left", "equalTo": "superview.left", "offset": 10},
           {"view": "blue", "make": "bottom", "equalTo": "superview.bottom", "offset": -10},
           {"view": "blue", "make": "right", "equalTo": "superview.right", "offset": -10},
           {"view": "blue", "make": "height", "equalTo": ["green.height", "red.height"]}]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("green"), 10, 10, 172.5, 318.5)
        expectFrame(result.frame("red"), 192.5, 10, 172.5, 318.5)
        expectFrame(result.frame("blue"), 10, 338.5, 355, 318.5)
    }

    @Test func bottomBarWithThreeButtonsAThirdOfTheBarLessEightyThirds() throws {
        // A 49-tall bar along the bottom of 375 × 667: (0, 618, 375, 49).
        // Each button: width == bar.width / 3 − 80/3 = (375 − 80) / 3 = 295/3, leaving 4 gaps of 20:
        // b1.x = 20, b2.x = 20 + 295/3 + 20 = 415/3, b3.x = 415/3 + 295/3 + 20 = 770/3 (its right edge 355 = 375 − 20).
        // Buttons are the bar's subviews, so their frames are in the bar's coordinates (y = 0).
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "bar", "parent": "root"},
                   {"id": "b1", "parent": "bar"}, {"id": "b2", "parent": "bar"}, {"id": "b3", "parent": "bar"}],
         "constraints": [
           {"view": "bar", "make": "left.right.bottom", "equalTo": "root"},
           {"view": "bar", "make": "height", "equalTo": 49},
           {"view": "b1", "make": "top.bottom", "equalTo": "bar"},
           {"view": "b2", "make": "top.bottom", "equalTo": "bar"},
           {"view": "b3", "make": "top.bottom", "equalTo": "bar"},
           {"view": "b1", "make": "width", "equalTo": "bar", "dividedBy": 3, "offset": -26.666666666666668},
           {"view": "b2", "make": "width", "equalTo": "bar", "dividedBy": 3, "offset": -26.666666666666668},
           {"view": "b3", "make": "width", "equalTo": "bar", "dividedBy": 3, "offset": -26.666666666666668},
           {"view": "b1", "make": "left", "equalTo": "bar", "offset": 20},
           {"view": "b2", "make": "left", "equalTo": "b1.right", "offset": 20},
           {"view": "b3", "make": "left", "equalTo": "b2.right", "offset": 20}]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("bar"), 0, 618, 375, 49)
        expectFrame(result.frame("b1"), 20, 0, 295.0 / 3, 49)
        expectFrame(result.frame("b2"), 415.0 / 3, 0, 295.0 / 3, 49)
        expectFrame(result.frame("b3"), 770.0 / 3, 0, 295.0 / 3, 49)
    }

    @Test func bottomBarButtonsByDistributionGiveTheSameFrames() throws {
        // mas_distributeViewsAlongAxis:horizontal withFixedSpacing:20 leadSpacing:20 tailSpacing:20:
        // widths equal, 4 gaps of 20 → (375 − 80) / 3 = 295/3 each, as in the explicit formula above.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "bar", "parent": "root"},
                   {"id": "b1", "parent": "bar"}, {"id": "b2", "parent": "bar"}, {"id": "b3", "parent": "bar"}],
         "constraints": [
           {"view": "bar", "make": "left.right.bottom", "equalTo": "root"},
           {"view": "bar", "make": "height", "equalTo": 49},
           {"distribute": ["b1", "b2", "b3"], "axis": "horizontal", "fixedSpacing": 20, "leadSpacing": 20, "tailSpacing": 20},
           {"view": "b1", "make": "top.bottom", "equalTo": "bar"},
           {"view": "b2", "make": "top.bottom", "equalTo": "bar"},
           {"view": "b3", "make": "top.bottom", "equalTo": "bar"}]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("b1"), 20, 0, 295.0 / 3, 49)
        expectFrame(result.frame("b2"), 415.0 / 3, 0, 295.0 / 3, 49)
        expectFrame(result.frame("b3"), 770.0 / 3, 0, 295.0 / 3, 49)
    }

    @Test func threeViewsOfEqualHeightFillTheScreen() throws {
        // Stacked top to bottom, flush, equal heights in 375 × 667: 667 / 3 each,
        // at y = 0, 667/3, 1334/3; the last bottom is 667.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "v1", "parent": "root"}, {"id": "v2", "parent": "root"}, {"id": "v3", "parent": "root"}],
         "constraints": [
           {"view": "v1", "make": "left.right.top", "equalTo": "root"},
           {"view": "v2", "make": "left.right", "equalTo": "root"},
           {"view": "v2", "make": "top", "equalTo": "v1.bottom"},
           {"view": "v3", "make": "left.right.bottom", "equalTo": "root"},
           {"view": "v3", "make": "top", "equalTo": "v2.bottom"},
           {"view": "v1", "make": "height", "equalTo": ["v2", "v3"]}]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("v1"), 0, 0, 375, 667.0 / 3)
        expectFrame(result.frame("v2"), 0, 667.0 / 3, 375, 667.0 / 3)
        expectFrame(result.frame("v3"), 0, 1334.0 / 3, 375, 667.0 / 3)
    }

    @Test func labelCappedAtWidthTwoHundredWithALongIntrinsicWidth() throws {
        // Intrinsic 500 × 21 (a long one-line text). make.width.lessThanOrEqualTo(@200) is required and
        // beats compression resistance (750): width 200. Height is its intrinsic 21 (hugging and
        // compression resistance agree). make.left/top.equalTo(superview).offset(20) → (20, 20).
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "label", "parent": "root", "intrinsicSize": {"width": 500, "height": 21}}],
         "constraints": [
           {"view": "label", "make": "left.top", "equalTo": "superview", "offset": 20},
           {"view": "label", "make": "width", "lessThanOrEqualTo": 200}]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("label"), 20, 20, 200, 21)
    }

    @Test func shortLabelUnderTheCapKeepsItsIntrinsicWidth() throws {
        // The same cap with intrinsic 120: width <= 200 holds, hugging (250) keeps 120.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "label", "parent": "root", "intrinsicSize": {"width": 120, "height": 21}}],
         "constraints": [
           {"view": "label", "make": "left.top", "equalTo": "superview", "offset": 20},
           {"view": "label", "make": "width", "lessThanOrEqualTo": 200}]}
        """)
        expectFrame(result.frame("label"), 20, 20, 120, 21)
    }

    @Test func scrollViewSizedByItsContainer() throws {
        // Masonry's ScrollViewExample: scrollView.edges == superview; contentView.edges == scrollView and
        // contentView.width == scrollView; rows stacked in contentView, the last row's bottom is the
        // contentView's bottom. Rows 100 + 150 + 200 + 250 tall, 10 apart, 10 from the top and bottom:
        // content height 10 + 100 + 10 + 150 + 10 + 200 + 10 + 250 + 10 = 750, width 375 (the scroll view's).
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "scroll", "parent": "root", "kind": "scroll"},
                   {"id": "content", "parent": "scroll"},
                   {"id": "r0", "parent": "content"}, {"id": "r1", "parent": "content"},
                   {"id": "r2", "parent": "content"}, {"id": "r3", "parent": "content"}],
         "constraints": [
           {"view": "scroll", "make": "edges", "equalTo": "root"},
           {"view": "content", "make": "edges", "equalTo": "scroll"},
           {"view": "content", "make": "width", "equalTo": "scroll"},
           {"view": "r0", "make": "top", "equalTo": "content.top", "offset": 10},
           {"view": "r1", "make": "top", "equalTo": "r0.bottom", "offset": 10},
           {"view": "r2", "make": "top", "equalTo": "r1.bottom", "offset": 10},
           {"view": "r3", "make": "top", "equalTo": "r2.bottom", "offset": 10},
           {"view": "r0", "make": "left.right", "equalTo": "content", "insets": {"left": 10, "right": 10}},
           {"view": "r1", "make": "left.right", "equalTo": "content", "insets": {"left": 10, "right": 10}},
           {"view": "r2", "make": "left.right", "equalTo": "content", "insets": {"left": 10, "right": 10}},
           {"view": "r3", "make": "left.right", "equalTo": "content", "insets": {"left": 10, "right": 10}},
           {"view": "r0", "make": "height", "equalTo": 100},
           {"view": "r1", "make": "height", "equalTo": 150},
           {"view": "r2", "make": "height", "equalTo": 200},
           {"view": "r3", "make": "height", "equalTo": 250},
           {"view": "content", "make": "bottom", "equalTo": "r3.bottom", "offset": 10}]}
        """)
        #expect(result.status == .ok)
        let scroll = result.frame("scroll")
        expectFrame(scroll, 0, 0, 375, 667)
        #expect(scroll?.contentSize?.width == 375)
        #expect(scroll?.contentSize?.height == 750)
        expectFrame(result.frame("content"), 0, 0, 375, 750)
        // r3.y = 10 + 100 + 10 + 150 + 10 + 200 + 10 = 490, in content's coordinates.
        expectFrame(result.frame("r3"), 10, 490, 355, 250)
    }

    @Test func selfSizingCellFitsItsHeight() throws {
        // A table cell 320 wide whose height comes from its content (systemLayoutSizeFitting):
        // title (intrinsic 200 × 21) 12 below the top, subtitle (intrinsic 250 × 34) 4 below the
        // title, the cell's bottom 12 below the subtitle: 12 + 21 + 4 + 34 + 12 = 83.
        // Both are pinned 16 from the left; their right edges at most 16 from the cell's right.
        let result = try solve("""
        {"size": {"width": 320},
         "views": [{"id": "cell"},
                   {"id": "title", "parent": "cell", "intrinsicSize": {"width": 200, "height": 21}},
                   {"id": "subtitle", "parent": "cell", "intrinsicSize": {"width": 250, "height": 34}}],
         "constraints": [
           {"view": "title", "make": "top.left", "equalTo": "cell", "insets": {"top": 12, "left": 16}},
           {"view": "title", "make": "right", "lessThanOrEqualTo": "cell", "offset": -16},
           {"view": "subtitle", "make": "top", "equalTo": "title.bottom", "offset": 4},
           {"view": "subtitle", "make": "left", "equalTo": "title"},
           {"view": "subtitle", "make": "right", "lessThanOrEqualTo": "cell", "offset": -16},
           {"view": "subtitle", "make": "bottom", "equalTo": "cell", "offset": -12}]}
        """)
        #expect(result.status == .ok)
        #expect(result.layouts[0].size.width == 320)
        #expect(result.layouts[0].size.height == 83)
        expectFrame(result.frame("cell"), 0, 0, 320, 83)
        expectFrame(result.frame("title"), 16, 12, 200, 21)
        expectFrame(result.frame("subtitle"), 16, 37, 250, 34)
    }

    @Test func distributionWithAFixedItemLength() throws {
        // mas_distributeViewsAlongAxis:horizontal withFixedItemLength:60 leadSpacing:15 tailSpacing:15 in 375:
        // the gaps are (375 − 15 − 15 − 3 × 60) / 2 = 82.5, so x = 15, 15 + 60 + 82.5 = 157.5, 300.
        // (Masonry's formula for the middle view: right == superview.right × 1/2 + (1/2)(60 + 15) − (1/2)15
        // = 187.5 + 37.5 − 7.5 = 217.5, the same 157.5 + 60.)
        let result = try solve("""
        {"size": {"width": 375, "height": 100},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}, {"id": "c", "parent": "root"}],
         "constraints": [
           {"distribute": ["a", "b", "c"], "axis": "horizontal", "fixedItemLength": 60, "leadSpacing": 15, "tailSpacing": 15},
           {"view": "a", "make": "top", "equalTo": 10}, {"view": "b", "make": "top", "equalTo": 10}, {"view": "c", "make": "top", "equalTo": 10},
           {"view": "a", "make": "height", "equalTo": 30}, {"view": "b", "make": "height", "equalTo": 30}, {"view": "c", "make": "height", "equalTo": 30}]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("a"), 15, 10, 60, 30)
        expectFrame(result.frame("b"), 157.5, 10, 60, 30)
        expectFrame(result.frame("c"), 300, 10, 60, 30)
    }
}
