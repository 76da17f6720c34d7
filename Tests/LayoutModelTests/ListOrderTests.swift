import LayoutModel
import Testing

/// A request's frames do not depend on the order it lists its views and constraints in.
@Suite struct ListOrderTests {
    /// The benchmark families' flat row at 100 views: a root 48·100 + 8 = 4808 × 44, each view
    /// pinned to the root's top and bottom, v0.left = root.left + 8, v[i].left = v[i−1].right + 8,
    /// widths equal to v0's, the last view's right = root.right − 8. By hand every view is
    /// (8 + 48i, 0, 40, 44). Its 400 constraints are listed in a shuffled order (a Fisher–Yates
    /// shuffle driven by a linear congruential generator from `seed`), and its views backwards.
    /// Before stale rows were refreshed in dependency order, 10 of the first 1,000 seeds (those
    /// past 50 listed here) were refused as numerically unstable: the solver's check of its
    /// answer failed.
    @Test(arguments: Array(1...50) + [267, 334, 361, 426, 550, 554, 568, 839, 869, 969] as [UInt64])
    func shuffledFlatRowMatchesHand(seed: UInt64) throws {
        let count = 100
        var constraints: [String] = []
        for i in 0..<count {
            constraints.append(#"{"firstItem": "v\#(i)", "firstAttribute": "top", "secondItem": "root"}"#)
            constraints.append(#"{"firstItem": "v\#(i)", "firstAttribute": "bottom", "secondItem": "root"}"#)
            if i == 0 {
                constraints.append(#"{"firstItem": "v0", "firstAttribute": "left", "secondItem": "root", "constant": 8}"#)
            } else {
                constraints.append(#"{"firstItem": "v\#(i)", "firstAttribute": "left", "secondItem": "v\#(i - 1)", "secondAttribute": "right", "constant": 8}"#)
                constraints.append(#"{"firstItem": "v\#(i)", "firstAttribute": "width", "secondItem": "v0"}"#)
            }
        }
        constraints.append(#"{"firstItem": "v\#(count - 1)", "firstAttribute": "right", "secondItem": "root", "constant": -8}"#)
        var state = seed
        for i in stride(from: constraints.count - 1, to: 0, by: -1) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            constraints.swapAt(i, Int((state >> 33) % UInt64(i + 1)))
        }
        let views = [#"{"id": "root"}"#] + (0..<count).reversed().map { #"{"id": "v\#($0)", "parent": "root"}"# }
        let result = try solve("""
        {"size": {"width": 4808, "height": 44}, "views": [\(views.joined(separator: ", "))],
         "constraints": [\(constraints.joined(separator: ", "))]}
        """)
        #expect(result.status == .ok)
        for i in 0..<count { expectFrame(result.frame("v\(i)"), Double(8 + 48 * i), 0, 40, 44) }
    }
}
