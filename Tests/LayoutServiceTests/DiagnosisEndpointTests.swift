import HTTPTestSupport
import JSON
import Testing

/// Diagnoses over real HTTP: conflicts, ambiguity, `explain` and `warnings`, worked out by hand.
@Suite struct DiagnosisEndpointTests {
    @Test func conflictAmongThirtyUnrelatedNamesExactlyTheThreeAndTheRootWidth() throws {
        // a.left == root.left + 10, a.width == 200, a.right == root.right − 300 in a 375 root:
        // 10 + 200 = 210 ≠ 375 − 300 = 75. Thirty constraints on six other views take no part.
        let unrelated = (0..<6).flatMap { i in
            ["\"u\(i).left == root.left + \(10 * i)\"", "\"u\(i).top == root.top + \(40 * i)\"",
             "\"u\(i).width == 30\"", "\"u\(i).height == 30\"", "\"u\(i).right <= root.right\""]
        }
        let views = (0..<6).map { #"{"id": "u\#($0)", "parent": "root"}"# }.joined(separator: ", ")
        let harness = try ServiceHarness()
        let response = try harness.post("/solve", """
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, \(views), {"id": "a", "parent": "root"}],
         "constraints": [\(unrelated[0..<10].joined(separator: ", ")), {"equation": "a.left == root.left + 10", "id": "c1"},
           \(unrelated[10..<20].joined(separator: ", ")), {"equation": "a.width == 200", "id": "c2"},
           \(unrelated[20..<30].joined(separator: ", ")), {"equation": "a.right == root.right - 300", "id": "c3"},
           "a.top == root.top", "a.height == 10"]}
        """)
        #expect(response.status == 200)
        #expect(response.json?["status"]?.string == "conflict")
        let conflict = response.json?["conflicts"]?[0]
        #expect(response.json?["conflicts"]?.elements.count == 1)
        #expect(conflict?["constraints"]?.elements.compactMap(\.string) == ["size.width", "c1", "c2", "c3"])
        #expect(conflict?["broken"]?.string == "c3")
        #expect(conflict?["description"]?.elements.compactMap(\.string) == [
            "root.width == 375  (size.width)", "a.left == root.left + 10  (c1)",
            "a.width == 200  (c2)", "a.right == root.right - 300  (c3)"])
        // After recovery (c3 broken): x 10, width 200.
        #expect(response.json?.frame("a") == [10, 0, 200, 10])
    }

    @Test func twoViewsSharingAFreeEdgeAreAmbiguous() throws {
        // |[a][b]|: a.width + b.width = 375 decides neither; a low-priority width does.
        let harness = try ServiceHarness()
        let base = """
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}],
         "constraints": ["a.left == root.left", "b.left == a.right", "b.right == root.right",
           "a.top == root.top", "a.height == 20", "b.top == root.top", "b.height == 20"
        """
        let ambiguous = try harness.post("/solve", base + "]}")
        #expect(ambiguous.json?["status"]?.string == "ambiguous")
        #expect(ambiguous.json?["ambiguities"]?.elements.compactMap { $0["view"]?.string } == ["a", "b"])
        #expect(ambiguous.json?["ambiguities"]?[1]?["attributes"]?.elements.compactMap(\.string) == ["x", "width"])

        let pinned = try harness.post("/solve", base + ", \"a.width == 100 @1\"]}")
        #expect(pinned.json?["status"]?.string == "ok")
        #expect(pinned.json?["ambiguities"]?.elements.isEmpty == true)
        #expect(pinned.json?.frame("b") == [100, 0, 275, 20])
    }

    @Test func explainALabelWithHugging() throws {
        // Hugging (250) keeps the label at its intrinsic 120 against `stretch` (@200), which
        // wants the right edge at 375 − 20 = 355 and gets 20 + 120 = 140: violated by 215.
        let harness = try ServiceHarness()
        let response = try harness.post("/solve", """
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "label", "parent": "root", "intrinsicSize": {"width": 120, "height": 20}}],
         "constraints": [{"equation": "label.leading == root.leading + 20", "id": "lead"},
                         {"equation": "label.top == root.top + 8", "id": "top"},
                         {"equation": "label.trailing == root.trailing - 20 @200", "id": "stretch"}],
         "explain": ["label"]}
        """)
        #expect(response.status == 200)
        #expect(response.json?.frame("label") == [20, 8, 120, 20])
        let width = response.json?["explanations"]?["label"]?["width"]
        #expect(width?.elements.compactMap { $0["id"]?.string } == ["label.hugging.horizontal", "label.compressionResistance.horizontal", "stretch"])
        #expect(width?[0]?["description"]?.string == "label.width <= 120 @250 (content hugging)")
        #expect(width?.elements.compactMap { $0["priority"]?.number } == [250, 750, 200])
        #expect(width?.elements.compactMap { $0["active"]?.bool } == [true, true, false])
        #expect(width?.elements.compactMap { $0["violation"]?.number } == [0, 0, 215])
        #expect(response.json?["explanations"]?["label"]?["y"]?.elements.compactMap { $0["id"]?.string } == ["top"])
        #expect(response.json?["warnings"]?.elements.isEmpty == true)
    }

    @Test func warningsAndAnUnknownViewToExplain() throws {
        let harness = try ServiceHarness()
        let response = try harness.post("/solve", """
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.left == root.left", "a.top == root.top", "a.height == 20", {"equation": "a.width == 100", "id": "fixed"},
                         {"equation": "a.width == 100", "id": "twice"}, {"equation": "a.width == 300 @750", "id": "wish"}]}
        """)
        #expect(response.json?["status"]?.string == "ok")
        let warnings = response.json?["warnings"]
        #expect(warnings?.elements.compactMap { $0["constraint"]?.string } == ["twice", "wish"])
        #expect(warnings?.elements.compactMap { $0["kind"]?.string } == ["redundant", "neverActive"])
        #expect(warnings?[1]?["message"]?.string?.contains("violated by at least 200") == true)

        let refused = try harness.post("/solve", #"{"views": [{"id": "root"}], "explain": ["root", "ghost"]}"#)
        #expect(refused.status == 422)
        #expect(refused.header("content-type") == "application/problem+json")
        #expect(refused.json?["pointer"]?.string == "/explain/1")
    }
}
