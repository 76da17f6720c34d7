import HTTPTestSupport
import JSON
import Testing

/// A representative set of the model's semantics through the real daemon: the Masonry examples
/// users know, right-to-left, the safe area, scroll views, fitting, several sizes and rounding.
/// Frames are worked out by hand; the layouts are in the Masonry vocabulary where it is natural.
@Suite struct ModelOverHTTPTests {
    let harness: ServiceHarness

    init() throws { harness = try ServiceHarness() }

    @Test func masonryBasicExample() throws {
        // Masonry's BasicExample (padding 10) in 375 × 667: green and red share the top row,
        // (375 − 30) / 2 = 172.5 wide; all three are (667 − 30) / 2 = 318.5 tall; blue spans 375 − 20.
        let response = try harness.post("/solve", """
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "superview"}, {"id": "green", "parent": "superview"}, {"id": "red", "parent": "superview"},
                   {"id": "blue", "parent": "superview"}],
         "constraints": [
           {"view": "green", "make": "top", "greaterThanOrEqualTo": "superview.top", "offset": 10},
           {"view": "green", "make": "left", "equalTo": "superview.left", "offset": 10},
           {"view": "green", "make": "bottom", "equalTo": "blue.top", "offset": -10},
           {"view": "green", "make": "right", "equalTo": "red.left", "offset": -10},
           {"view": "green", "make": "width", "equalTo": "red.width"},
           {"view": "green", "make": "height", "equalTo": ["red.height", "blue.height"]},
           {"view": "red", "make": "top", "equalTo": "superview.top", "offset": 10},
           {"view": "red", "make": "left", "equalTo": "green.right", "offset": 10},
           {"view": "red", "make": "bottom", "equalTo": "blue.top", "offset": -10},
           {"view": "red", "make": "right", "equalTo": "superview.right", "offset": -10},
           {"view": "blue", "make": "left.right.bottom", "equalTo": "superview", "insets": {"left": 10, "right": 10, "bottom": 10}}]}
        """)
        #expect(response.status == 200)
        #expect(response.json?["status"]?.string == "ok")
        #expect(response.json?.frame("green") == [10, 10, 172.5, 318.5])
        #expect(response.json?.frame("red") == [192.5, 10, 172.5, 318.5])
        #expect(response.json?.frame("blue") == [10, 338.5, 355, 318.5])
    }

    @Test func bottomBarOfThreeButtonsAtScaleThree() throws {
        // Buttons bar.width / 3 − 80/3 = 295/3 wide, 20 apart, in a 49-tall bar at y 618.
        // At displayScale 3 every edge is on a third: 20, 20 + 295/3 = 355/3, 415/3, 710/3, 770/3, 355 are
        // all multiples of 1/3 already, so the rounded frames are the exact ones (to the last bit: 295/3
        // is not exact in binary, so compare within 1e-9).
        let solved = try harness.post("/solve", """
        {"size": {"width": 375, "height": 667}, "displayScale": 3,
         "views": [{"id": "root"}, {"id": "bar", "parent": "root"},
                   {"id": "b1", "parent": "bar"}, {"id": "b2", "parent": "bar"}, {"id": "b3", "parent": "bar"}],
         "constraints": [
           {"view": "bar", "make": "left.right.bottom", "equalTo": "root"},
           {"view": "bar", "make": "height", "equalTo": 49},
           {"view": "b1", "make": "top.bottom", "equalTo": "bar"},
           {"view": "b2", "make": "top.bottom", "equalTo": "bar"},
           {"view": "b3", "make": "top.bottom", "equalTo": "bar"},
           {"view": "b1", "make": "width", "equalTo": "bar", "dividedBy": 3, "offset": -26.666666666666668},
           {"view": "b2", "make": "width", "equalTo": "b1"},
           {"view": "b3", "make": "width", "equalTo": "b1"},
           {"view": "b1", "make": "left", "equalTo": "bar", "offset": 20},
           {"view": "b2", "make": "left", "equalTo": "b1.right", "offset": 20},
           {"view": "b3", "make": "left", "equalTo": "b2.right", "offset": 20}]}
        """)
        #expect(solved.status == 200)
        #expect(solved.json?.frame("bar") == [0, 618, 375, 49])
        let expected: [String: [Double]] = ["b1": [20, 0, 295.0 / 3, 49], "b2": [415.0 / 3, 0, 295.0 / 3, 49], "b3": [770.0 / 3, 0, 295.0 / 3, 49]]
        for (id, frame) in expected {
            let got = solved.json?.frame(id) ?? []
            #expect(got.count == 4 && zip(got, frame).allSatisfy { abs($0 - $1) < 1e-9 }, "\(id): \(got)")
        }
    }

    @Test func labelCappedAtTwoHundred() throws {
        // Intrinsic width 500, make.width.lessThanOrEqualTo(@200): the required cap wins → 200 × 21 at (20, 20).
        let response = try harness.post("/solve", """
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "label", "parent": "root", "intrinsicSize": {"width": 500, "height": 21}}],
         "constraints": [{"view": "label", "make": "left.top", "equalTo": "superview", "offset": 20},
                         {"view": "label", "make": "width", "lessThanOrEqualTo": 200}]}
        """)
        #expect(response.json?.frame("label") == [20, 20, 200, 21])
    }

    @Test func scrollViewContentSizeFromMasonrysContainer() throws {
        // Container pinned to the scroll view's edges and as wide as it; two rows of 400 and 500 under
        // each other: contentSize 375 × 900, the scroll view's frame the screen's.
        let response = try harness.post("/solve", """
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "scroll", "parent": "root", "kind": "scroll"}, {"id": "content", "parent": "scroll"},
                   {"id": "r0", "parent": "content"}, {"id": "r1", "parent": "content"}],
         "constraints": [
           {"view": "scroll", "make": "edges", "equalTo": "root"},
           {"view": "content", "make": "edges", "equalTo": "scroll"},
           {"view": "content", "make": "width", "equalTo": "scroll"},
           {"view": "r0", "make": "left.right.top", "equalTo": "content"},
           {"view": "r1", "make": "left.right.bottom", "equalTo": "content"},
           {"view": "r1", "make": "top", "equalTo": "r0.bottom"},
           {"view": "r0", "make": "height", "equalTo": 400},
           {"view": "r1", "make": "height", "equalTo": 500}]}
        """)
        #expect(response.status == 200)
        let scroll = response.json?["frames"]?["scroll"]
        #expect(response.json?.frame("scroll") == [0, 0, 375, 667])
        #expect(scroll?["contentSize"]?["width"]?.number == 375)
        #expect(scroll?["contentSize"]?["height"]?.number == 900)
        #expect(response.json?.frame("r1") == [0, 400, 375, 500])
    }

    @Test func selfSizingCellReportsItsFittedHeight() throws {
        // Width 320 given, height fitted: 12 + 21 + 4 + 34 + 12 = 83.
        let response = try harness.post("/solve", """
        {"size": {"width": 320},
         "views": [{"id": "cell"},
                   {"id": "title", "parent": "cell", "intrinsicSize": {"width": 200, "height": 21}},
                   {"id": "subtitle", "parent": "cell", "intrinsicSize": {"width": 250, "height": 34}}],
         "constraints": [
           {"view": "title", "make": "top.left", "equalTo": "cell", "insets": {"top": 12, "left": 16}},
           {"view": "subtitle", "make": "top", "equalTo": "title.bottom", "offset": 4},
           {"view": "subtitle", "make": "left", "equalTo": "title"},
           {"view": "subtitle", "make": "bottom", "equalTo": "cell", "offset": -12}]}
        """)
        #expect(response.json?["size"]?["width"]?.number == 320)
        #expect(response.json?["size"]?["height"]?.number == 83)
        #expect(response.json?.frame("subtitle") == [16, 37, 250, 34])
    }

    @Test func rightToLeftWithSafeAreaAndDirectionalMargins() throws {
        // 375 × 812, safe area top 44; root's directional margins leading 20, trailing 12.
        // RTL: title.leading == root.leadingMargin → title's right edge at 375 − 20 = 355;
        // title.trailing == root.trailingMargin → its left edge at 12: width 343.
        // title.top == root.safeArea.top + 8 = 52.
        let response = try harness.post("/solve", """
        {"size": {"width": 375, "height": 812}, "layoutDirection": "rightToLeft",
         "views": [{"id": "root", "safeAreaInsets": {"top": 44, "bottom": 34}, "directionalMargins": {"leading": 20, "trailing": 12}},
                   {"id": "title", "parent": "root"}],
         "constraints": ["title.leading == root.leadingMargin", "title.trailing == root.trailingMargin",
                         "title.top == root.safeArea.top + 8", "title.height == 30"]}
        """)
        #expect(response.json?.frame("title") == [12, 52, 343, 30])
    }

    @Test func quarterOfTheBoxAndSeveralSizes() throws {
        // box centred, 200 wide, in 320 and 414: box.x = 60 and 107; dot (a child of box, 10 wide)
        // has dot.centerX == box.centerX × 0.5 in box's space: 50 → dot.x = 45 in both.
        let response = try harness.post("/solve", """
        {"sizes": [{"width": 320, "height": 568}, {"width": 414, "height": 896}],
         "views": [{"id": "root"}, {"id": "box", "parent": "root"}, {"id": "dot", "parent": "box"}],
         "constraints": [{"view": "box", "make": "center", "equalTo": "root"},
                         {"view": "box", "make": "size", "equalTo": {"width": 200, "height": 100}},
                         "dot.centerX == box.centerX * 0.5", "dot.top == box.top",
                         {"view": "dot", "make": "size", "equalTo": {"width": 10, "height": 10}}]}
        """)
        let layouts = response.json?["layouts"]?.elements ?? []
        #expect(layouts.count == 2)
        // y: (568 − 100) / 2 = 234 and (896 − 100) / 2 = 398.
        #expect(layouts.first?.frame("box") == [60, 234, 200, 100])
        #expect(layouts.last?.frame("box") == [107, 398, 200, 100])
        #expect(layouts.first?.frame("dot") == [45, 0, 10, 10])
        #expect(layouts.last?.frame("dot") == [45, 0, 10, 10])
    }

    @Test func illegalPairingsAreRefusedWithAPointer() throws {
        for (constraint, slug, pointer) in [
            (#""a.left == a.width""#, "invalid-pairing", "/constraints/0"),
            (#"{"firstItem": "a", "firstAttribute": "left", "secondItem": "root", "secondAttribute": "width"}"#, "invalid-pairing", "/constraints/0/secondAttribute"),
            (#"{"firstItem": "a", "firstAttribute": "left", "secondItem": "root", "secondAttribute": "top"}"#, "invalid-pairing", "/constraints/0/secondAttribute"),
            (#"{"firstItem": "a", "firstAttribute": "leading", "secondItem": "root", "secondAttribute": "left"}"#, "invalid-pairing", "/constraints/0/secondAttribute"),
            (#"{"firstItem": "a", "firstAttribute": "width", "secondItem": "root", "multiplier": 0}"#, "invalid-multiplier", "/constraints/0/multiplier"),
        ] {
            let response = try harness.post("/solve", """
            {"size": {"width": 100, "height": 100}, "views": [{"id": "root"}, {"id": "a", "parent": "root"}], "constraints": [\(constraint)]}
            """)
            #expect(response.status == 422, "\(constraint)")
            #expect(response.header("content-type") == "application/problem+json")
            #expect(response.json?["type"]?.string == "urn:layoutd:problem:\(slug)", "\(constraint)")
            #expect(response.json?["pointer"]?.string == pointer, "\(constraint)")
        }
    }
}
