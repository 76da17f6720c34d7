import LayoutModel
import Testing

/// Numbers at the edges of the request limits (|constants| ≤ 1e6, 1e-3 ≤ |multiplier| ≤ 1e3):
/// redundant but consistent constraints are never reported as conflicts, and tiny multipliers
/// are solved exactly or refused, never silently wrong.
@Suite struct NumericsTests {
    /// Magnitudes from 1 to 1e6, round and not (a third, a seventh: not representable in binary).
    static let magnitudes: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000,
                                       1.0 / 3, 1_000_000.0 / 7, 999_999, 12_345.678]

    /// A chain of 10 views, x0 + i × (w + gap) with w = m / 20, gap = m / 80, x0 = m / 100, ending
    /// at x0 + 10w + 9gap = 0.6225 m, in a root 0.6225 m wide; then the same facts again, in other
    /// words (each redundant): the last right edge at the root's right, the root's right × 1
    /// through a multiplier, widths equal to the first one's, and the total through a constant.
    @Test(arguments: magnitudes)
    func redundantChainHasNoSpuriousConflict(m: Double) throws {
        let w = m / 20, gap = m / 80, x0 = m / 100
        let end = x0 + 10 * w + 9 * gap
        var views = [#"{"id": "root"}"#]
        var constraints: [String] = []
        for i in 0..<10 {
            views.append(#"{"id": "v\#(i)", "parent": "root"}"#)
            let left = i == 0
                ? #"{"firstItem": "v0", "firstAttribute": "left", "secondItem": "root", "constant": \#(x0)}"#
                : #"{"firstItem": "v\#(i)", "firstAttribute": "left", "secondItem": "v\#(i - 1)", "secondAttribute": "right", "constant": \#(gap)}"#
            constraints += [left,
                            #"{"firstItem": "v\#(i)", "firstAttribute": "width", "constant": \#(w)}"#,
                            #"{"firstItem": "v\#(i)", "firstAttribute": "top", "secondItem": "root"}"#,
                            #"{"firstItem": "v\#(i)", "firstAttribute": "height", "constant": 10}"#]
        }
        constraints += [
            #"{"firstItem": "v9", "firstAttribute": "right", "secondItem": "root"}"#,
            #"{"firstItem": "v9", "firstAttribute": "right", "secondItem": "root", "secondAttribute": "right", "multiplier": 1}"#,
            #"{"firstItem": "v9", "firstAttribute": "right", "secondItem": "root", "secondAttribute": "left", "constant": \#(end)}"#,
            #"{"firstItem": "v5", "firstAttribute": "width", "secondItem": "v0"}"#,
            #"{"firstItem": "v9", "firstAttribute": "width", "secondItem": "v3", "multiplier": 1}"#,
        ]
        let result = try solve("""
        {"size": {"width": \(end), "height": 10}, "views": [\(views.joined(separator: ", "))],
         "constraints": [\(constraints.joined(separator: ", "))]}
        """)
        #expect(result.status == .ok, "magnitude \(m)")
        #expect(result.layouts[0].conflicts.isEmpty, "magnitude \(m): \(result.layouts[0].conflicts.map(\.constraints))")
        for i in 0..<10 {
            expectFrame(result.frame("v\(i)"), x0 + Double(i) * (w + gap), 0, w, 10)
        }
    }

    /// 1e6 × 0.001 = 1000, × 0.001 = 1, × 0.001 = 0.001: each exact to 1e-9 (relative).
    @Test func chainOfTinyMultipliersIsExact() throws {
        let result = try solve("""
        {"size": {"width": 1000000, "height": 1000000},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}, {"id": "c", "parent": "root"}],
         "constraints": ["a.width == root.width * 0.001", "b.width == a.width * 0.001", "c.width == b.width * 0.001",
                         "a.height == root.height / 1000", "b.height == a.height / 1000 + 0.5", "c.height == b.height * 0.002",
                         "a.left == root.left", "a.top == root.top", "b.left == root.left", "b.top == root.top",
                         "c.left == a.right * 0.001", "c.top == root.top"]}
        """)
        #expect(result.status == .ok)
        #expect(result.layouts[0].conflicts.isEmpty)
        expectFrame(result.frame("a"), 0, 0, 1_000, 1_000)
        expectFrame(result.frame("b"), 0, 0, 1, 1.5)  // 1000 / 1000 + 0.5
        expectFrame(result.frame("c"), 1, 0, 0.001, 0.003)  // left = 1000 × 0.001; 1.5 × 0.002
    }

    /// The inverse direction: 0.001 blown up by 1000 three times is 1e6.
    @Test func chainOfLargeMultipliersIsExact() throws {
        let result = try solve("""
        {"size": {"width": 1000000, "height": 10},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}, {"id": "c", "parent": "root"}],
         "constraints": ["c.width == 0.001", "b.width == c.width * 1000", "a.width == b.width * 1000", "root.width == a.width * 1000",
                         "a.left == root.left", "b.left == root.left", "c.left == root.left",
                         "a.top == root.top", "b.top == root.top", "c.top == root.top",
                         "a.height == 1", "b.height == 1", "c.height == 1"]}
        """)
        #expect(result.status == .ok)
        #expect(result.layouts[0].conflicts.isEmpty)
        expectFrame(result.frame("a"), 0, 0, 1_000, 1)
        expectFrame(result.frame("b"), 0, 0, 1, 1)
        expectFrame(result.frame("c"), 0, 0, 0.001, 1)
    }

    /// Boxes a, b and c of 10 × 10 at the top of a 400 × 400 root, placed across by
    /// `constraints` (listed first: `constraints[0]` is the first of them).
    func solveThreeBoxes(_ constraints: [String]) throws -> LayoutResult {
        let placed = (constraints + ["a.top == root.top", "b.top == root.top", "c.top == root.top",
                                     "a.width == 10", "b.width == 10", "c.width == 10",
                                     "a.height == 10", "b.height == 10", "c.height == 10"]).map { "\"\($0)\"" }
        return try solve("""
        {"size": {"width": 400, "height": 400},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}, {"id": "c", "parent": "root"}],
         "constraints": [\(placed.joined(separator: ", "))]}
        """)
    }

    /// Two constraints 2e-6 pt apart on one edge conflict (the contract allows a millionth of a
    /// point), and a required inequality through 1e6 elsewhere, which holds, does not change
    /// that. By hand: a.left = 0, so b.left = −a.left − 1 = −1 and c.left = (0.5 − b.left) / 2 =
    /// 0.75; b.left ≥ −c.left − 1e6 holds. The rows through b and c carried 2e6 on the way, and the
    /// second constraint on a.left was taken for rounding: the request was refused as
    /// numerically unstable (422) instead.
    @Test func smallConflictBesideALargeConstantIsAConflict() throws {
        let result = try solveThreeBoxes([
            "b.left >= c.left * -1 - 1000000", "b.left == c.left * -2 + 0.5", "a.left == b.left * -1 - 1",
            "a.left == root.left", "a.left == root.left + 0.000002004"])
        #expect(result.status == .conflict)
        #expect(result.layouts[0].conflicts.map(\.constraints) == [["constraints[3]", "constraints[4]"]])
        expectFrame(result.frame("a"), 0, 0, 10, 10)
        expectFrame(result.frame("b"), -1, 0, 10, 10)
        expectFrame(result.frame("c"), 0.75, 0, 10, 10)
    }

    /// The same through a definition: b.left is named first, so `b.left == a.left * 0.001 +
    /// 142857.142857` defines a.left = 1000·b.left − 142857142.857. By hand, c.left = −1 and
    /// a.left = 1/3000, so `c.left == a.left * 0.5 - 1` misses by 1/6000 (the contract allows
    /// 1.5e-6): a conflict with the two that fix them, broken as the last installed; b.left =
    /// 0.001·a.left + 142857.142857. With the definition inlined, that constraint's row went
    /// through 7e7, and it was taken for rounding: the request was refused as numerically
    /// unstable (422) instead.
    @Test func smallConflictThroughALargeDefinitionIsAConflict() throws {
        let result = try solveThreeBoxes([
            "b.left >= root.left", "b.left == a.left * 0.001 + 142857.142857", "c.left == root.left - 1",
            "a.left == root.left + 0.0003333333333333333", "c.left == a.left * 0.5 - 1"])
        expectConflictBehindTheDefinition(result, ["constraints[2]", "constraints[3]", "constraints[4]"])
    }

    /// The answer to both requests through the definition: one conflict, `constraints`, whose
    /// last is broken, and the frames by hand (a.left is its definition's difference of numbers
    /// near 1.4e8, exact to a few times 3e-8).
    func expectConflictBehindTheDefinition(_ result: LayoutResult, _ constraints: [String],
                                           sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == .conflict, sourceLocation: sourceLocation)
        #expect(result.layouts[0].conflicts.map(\.constraints) == [constraints], sourceLocation: sourceLocation)
        #expect(result.layouts[0].conflicts.map(\.broken) == [constraints.last], sourceLocation: sourceLocation)
        #expect(abs((result.frame("a")?.x ?? 0) - 1.0 / 3000) < 1e-7, sourceLocation: sourceLocation)
        expectFrame(result.frame("b"), 142857.142857 + 0.001 / 3000, 0, 10, 10, sourceLocation: sourceLocation)
        expectFrame(result.frame("c"), -1, 0, 10, 10, sourceLocation: sourceLocation)
    }

    /// As above with c.left held at −1 by two inequalities instead of an equality, so the last
    /// constraint's row keeps their slacks and enters through phase one, which left it missing
    /// by the same 1/6000 inside an allowance sized by the definition's 7e7 (a 422 before). By
    /// hand: the conflict is the `<=` (c.left would have to be −1 + 1/6000), the constraint on
    /// a.left and the last one; the frames as above.
    @Test func smallConflictThroughALargeDefinitionInPhaseOneIsAConflict() throws {
        let result = try solveThreeBoxes([
            "b.left >= root.left", "b.left == a.left * 0.001 + 142857.142857", "c.left >= root.left - 1", "c.left <= root.left - 1",
            "a.left == root.left + 0.0003333333333333333", "c.left == a.left * 0.5 - 1"])
        expectConflictBehindTheDefinition(result, ["constraints[3]", "constraints[4]", "constraints[5]"])
    }

    /// Below the limit, in every form a multiplier can take, the request is refused with a pointer.
    @Test(arguments: [
        #"{"firstItem": "a", "firstAttribute": "width", "secondItem": "root", "multiplier": 0.0009}"#,
        #"{"firstItem": "a", "firstAttribute": "width", "secondItem": "root", "multiplier": 5e-324}"#,
        #""a.width == root.width * 0.0009""#,
        #""a.width == root.width / 1001""#,
        #"{"view": "a", "make": "width", "equalTo": "root", "multipliedBy": 0.0001}"#,
        #"{"view": "a", "make": "width", "equalTo": "root", "dividedBy": 1e300}"#,
    ])
    func multiplierBelowTheLimitIsRefused(constraint: String) throws {
        let refused = problem("""
        {"size": {"width": 100, "height": 100}, "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": [\(constraint)]}
        """)
        #expect(refused?.status == 422)
        #expect(refused?.pointer.description.hasPrefix("/constraints/0") == true, "\(String(describing: refused))")
    }
}
