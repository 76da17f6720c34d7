@testable import LayoutModel
import Testing

/// The order views' intrinsic sizes are installed in, from the constraints (see `ReadingOrder`).
@Suite struct ReadingOrderTests {
    /// The decoded request, its views' ids in reading order.
    private func order(_ json: String) throws -> [String] {
        let request = try RequestDecoder.decode(Array(json.utf8))
        return ReadingOrder.views(of: request).map { request.tree.views[$0].id }
    }

    @Test func siblingsFollowTheEdgesTheyAreAttachedTo() throws {
        // c.left == b.right + 8, b.left == a.right + 8, listed c, b, a; d.top >= c.bottom
        // (a second axis), e unordered: a, b, c, d, then e where the request lists it.
        let ids = try order("""
        {"views": [{"id": "root"}, {"id": "e", "parent": "root"}, {"id": "d", "parent": "root"},
                   {"id": "c", "parent": "root"}, {"id": "b", "parent": "root"}, {"id": "a", "parent": "root"}],
         "constraints": [
           {"firstItem": "d", "firstAttribute": "top", "relation": ">=", "secondItem": "c", "secondAttribute": "bottom"},
           {"firstItem": "c", "firstAttribute": "left", "secondItem": "b", "secondAttribute": "right", "constant": 8},
           {"firstItem": "b", "firstAttribute": "leading", "secondItem": "a", "secondAttribute": "trailing", "constant": 8}]}
        """)
        #expect(ids == ["root", "e", "a", "b", "c", "d"])
    }

    @Test func theHierarchyDepthFirstWithEndBeforeStartConstraintsToo() throws {
        // a.right == b.left − 8 puts a first (written from the other side); each box's content
        // follows the box, before the next box.
        let ids = try order("""
        {"views": [{"id": "root"}, {"id": "b", "parent": "root"}, {"id": "b1", "parent": "b"},
                   {"id": "a", "parent": "root"}, {"id": "a2", "parent": "a"}, {"id": "a1", "parent": "a"}],
         "constraints": [
           {"firstItem": "a", "firstAttribute": "right", "secondItem": "b", "secondAttribute": "left", "constant": -8},
           {"firstItem": "a2", "firstAttribute": "top", "secondItem": "a1", "secondAttribute": "bottom"}]}
        """)
        #expect(ids == ["root", "a", "a1", "a2", "b", "b1"])
    }

    @Test func aCycleAndConstraintsAcrossParentsLeaveTheRequestsOrder() throws {
        // b after a and a after b: the request's order; x and y have different parents.
        let ids = try order("""
        {"views": [{"id": "root"}, {"id": "b", "parent": "root"}, {"id": "a", "parent": "root"},
                   {"id": "x", "parent": "a"}, {"id": "y", "parent": "b"}],
         "constraints": [
           {"firstItem": "b", "firstAttribute": "left", "secondItem": "a", "secondAttribute": "right"},
           {"firstItem": "a", "firstAttribute": "left", "secondItem": "b", "secondAttribute": "right"},
           {"firstItem": "x", "firstAttribute": "left", "secondItem": "y", "secondAttribute": "right"}]}
        """)
        #expect(Set(ids) == ["root", "a", "b", "x", "y"])
        #expect(ids.count == 5)
        #expect(ids.first == "root")
        #expect(ids.firstIndex(of: "x")! == ids.firstIndex(of: "a")! + 1)
        #expect(ids.firstIndex(of: "y")! == ids.firstIndex(of: "b")! + 1)
    }
}
