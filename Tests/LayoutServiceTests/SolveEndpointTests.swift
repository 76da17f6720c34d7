import HTTPTestSupport
import JSON
import Testing

/// `POST /solve` end to end: the real daemon, real HTTP, frames worked out by hand.
@Suite struct SolveEndpointTests {
    @Test func centredBox() throws {
        let harness = try ServiceHarness()
        let response = try harness.post("/solve", """
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "box", "parent": "root"}],
         "constraints": ["box.centerX == root.centerX", "box.centerY == root.centerY", "box.width == 200", "box.height == 200"]}
        """)
        #expect(response.status == 200)
        #expect(response.header("content-type") == "application/json")
        #expect(response.json?["status"]?.string == "ok")
        #expect(response.json?.frame("box") == [87.5, 233.5, 200, 200])
        #expect(response.json?.frame("root") == [0, 0, 375, 667])
    }

    @Test func rowOfEqualWidthViewsInMasonryStyle() throws {
        // Padding 10 around and between two equal-width views in 320: (320 − 30) / 2 = 145 each.
        let harness = try ServiceHarness()
        let response = try harness.post("/solve", """
        {"size": {"width": 320, "height": 100},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}],
         "constraints": [
           {"firstItem": "a", "firstAttribute": "left", "constant": 10},
           {"firstItem": "b", "firstAttribute": "left", "secondItem": "a", "secondAttribute": "right", "constant": 10},
           {"firstItem": "b", "firstAttribute": "right", "constant": -10},
           {"firstItem": "b", "firstAttribute": "width", "secondItem": "a"},
           {"firstItem": "a", "firstAttribute": "top", "constant": 10},
           {"firstItem": "a", "firstAttribute": "bottom", "constant": -10},
           {"firstItem": "b", "firstAttribute": "top", "secondItem": "a"},
           {"firstItem": "b", "firstAttribute": "bottom", "secondItem": "a"}]}
        """)
        #expect(response.status == 200)
        #expect(response.json?.frame("a") == [10, 10, 145, 80])
        #expect(response.json?.frame("b") == [165, 10, 145, 80])
    }

    @Test func viewInsetInItsSibling() throws {
        let harness = try ServiceHarness()
        let response = try harness.post("/solve", """
        {"size": {"width": 320, "height": 480},
         "views": [{"id": "root"}, {"id": "card", "parent": "root"}, {"id": "inner", "parent": "root"}],
         "constraints": ["card.left == root.left + 20", "card.top == root.top + 40", "card.width == 200", "card.height == 100",
           "inner.left == card.left + 10", "inner.top == card.top + 10", "inner.right == card.right - 10", "inner.bottom == card.bottom - 10"]}
        """)
        #expect(response.json?.frame("inner") == [30, 50, 180, 80])
    }

    @Test func conflictIsReportedAndStrictModeFails() throws {
        let harness = try ServiceHarness()
        let body = """
        {"size": {"width": 375, "height": 667}, "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": [{"id": "w100", "firstItem": "a", "firstAttribute": "width", "constant": 100},
                         {"id": "w200", "firstItem": "a", "firstAttribute": "width", "constant": 200},
                         "a.left == root.left", "a.top == root.top", "a.height == 10"]}
        """
        let lenient = try harness.post("/solve", body)
        #expect(lenient.status == 200)
        #expect(lenient.json?["status"]?.string == "conflict")
        #expect(lenient.json?["conflicts"]?[0]?["broken"]?.string == "w200")
        #expect(lenient.json?["conflicts"]?[0]?["constraints"]?.elements.compactMap(\.string) == ["w100", "w200"])

        let strict = try harness.post("/solve?strict=true", body)
        #expect(strict.status == 422)
        #expect(strict.header("content-type") == "application/problem+json")
        #expect(strict.json?["type"]?.string == "urn:layoutd:problem:layout-conflict")
        #expect(strict.json?["layout"]?["conflicts"]?[0]?["broken"]?.string == "w200")
    }

    @Test func sameRequestSameBytes() throws {
        let harness = try ServiceHarness()
        let body = #"{"size": {"width": 375}, "views": [{"id": "root"}, {"id": "a", "parent": "root", "intrinsicSize": {"width": 50, "height": 20}}], "constraints": ["a.left == root.left + 1", "a.top == root.top + 2", "root.bottom == a.bottom"]}"#
        let first = try harness.post("/solve", body)
        for _ in 0..<5 {
            #expect(try harness.post("/solve", body).body == first.body)
        }
        #expect(first.json?["size"]?["height"]?.number == 22)
    }
}
