import Testing
@testable import LayoutModel

/// The decoder records where it found a constraint's items; the compiler trusts a record only
/// while the view there still has the item's id.
@Suite("Resolved items")
struct ResolvedItemsTests {
    private static let views = #"[{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}]"#

    private func decode(views: String = views, _ constraints: String) throws -> LayoutRequest {
        try RequestDecoder.decode(Array(#"{"size": {"width": 375, "height": 100}, "views": \#(views), "constraints": [\#(constraints)]}"#.utf8))
    }

    @Test func plainAndEquationFormsRecordTheViewsTheyName() throws {
        let request = try decode("""
            {"firstItem": "b", "firstAttribute": "left", "secondItem": "a", "secondAttribute": "right", "constant": 8},
            "a.width == b.width * 2",
            {"firstItem": "a", "firstAttribute": "top", "constant": 10},
            "a.left == root.margins.left"
            """)
        let recorded = request.constraints.map { [$0.resolvedItems.first, $0.resolvedItems.second] }
        // The implicit superview (root) of a location with no second item, and an owned guide, are not recorded.
        #expect(recorded == [[2, 1], [1, 2], [1, -1], [1, -1]])
    }

    @Test func masonryChainsRecordTheirViewAndTheViewsTheyTarget() throws {
        let request = try decode("""
            {"view": "b", "make": "left", "equalTo": "a.right", "offset": 8},
            {"view": "a", "make": "width", "equalTo": "b"},
            {"view": "a", "make": "size", "equalTo": "b.size"},
            {"view": "a", "make": "top", "equalTo": "superview"},
            {"view": "a", "make": "top", "equalTo": 10}
            """)
        let recorded = request.constraints.map { [$0.resolvedItems.first, $0.resolvedItems.second] }
        // `superview` is found by name, and a number's implicit superview is not recorded.
        #expect(recorded == [[2, 1], [1, 2], [1, 2], [1, 2], [1, -1], [1, -1]])
    }

    /// Held in 32 bits: a position past them becomes one no view has, so the item is looked up.
    @Test func aPositionPast32BitsIsNoPosition() {
        let far = ResolvedItems(first: Int(Int32.max) + 10, second: 3)
        #expect(far.first == Int(Int32.max))
        #expect(far.second == 3)
        var moved = far
        moved.second = -1
        #expect(moved.second == -1)
    }

    /// Positions: a and b at (0, 0), 10 high; widths `a.width == 50` and `b.width == a.width + 5`.
    private let widths = """
        "a.width == 50", "b.width == a.width + 5",
        "a.left == 0", "a.top == 0", "a.height == 10", "b.left == 0", "b.top == 0", "b.height == 10"
        """

    @Test func aConstraintRetargetedAfterDecodingIsLookedUpAgain() throws {
        var request = try decode(widths)
        #expect(request.constraints[0].resolvedItems.first == 1)
        // b.width == 50 and b.width == a.width + 5: a is 45 wide. Had the record of `a` been
        // followed, a would be 50 and b 55.
        request.constraints[0].firstItem = "b"
        let result = try LayoutEngine.solve(request)
        expectFrame(result.frame("a"), 0, 0, 45, 10)
        expectFrame(result.frame("b"), 0, 0, 50, 10)
    }

    @Test func constraintsMovedToARequestWithViewsInAnotherOrderAreLookedUpAgain() throws {
        var request = try decode(views: #"[{"id": "root"}, {"id": "b", "parent": "root"}, {"id": "a", "parent": "root"}]"#, "")
        request.constraints = try decode(widths).constraints
        // Position 1 is b here: followed, the records would make b 50 wide and a 55.
        let result = try LayoutEngine.solve(request)
        expectFrame(result.frame("a"), 0, 0, 50, 10)
        expectFrame(result.frame("b"), 0, 0, 55, 10)
    }
}
