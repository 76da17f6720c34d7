import HTTPTestSupport
import JSON
import Testing

/// An invalid string of each constraint form, over real HTTP: 422 problem+json with a pointer to
/// the element (or the field) and the position of the mistake in the detail.
@Suite struct ConstraintFormErrorsTests {
    @Test(arguments: [
        // Equation: the column, and a caret under it.
        (#""a.left == b.rigth + 8""#, "unknown-attribute", "/constraints/0", "column 13: unknown attribute 'rigth'\na.left == b.rigth + 8\n            ^"),
        (#""a.left === b.left""#, "parse-error", "/constraints/0", "column 10:"),
        (#"{"equation": "a.width == 10 @2000", "id": "w"}"#, "invalid-priority", "/constraints/0/equation", "column 16:"),
        // Visual format: Apple's wording, the caret and the character position.
        (#"{"visualFormat": "H:|-[a]-(>=20@750-[b]"}"#, "parse-error", "/constraints/0/visualFormat",
         "A predicate list must be separated by ',' and end with ')' \nH:|-[a]-(>=20@750-[b] \n                 ^\n(at character 17)"),
        (#"{"visualFormat": "H:[a]-gap-[b]"}"#, "unknown-metric", "/constraints/0/visualFormat", "(at character 6)"),
        // Masonry: the column in the chain, or the field.
        (#"{"view": "a", "make": "left.rihgt", "equalTo": "b"}"#, "unknown-attribute", "/constraints/0/make", "column 6: Unknown Masonry attribute 'rihgt'"),
        (#"{"view": "a", "make": "left", "equalTo": "b.rihgt"}"#, "unknown-attribute", "/constraints/0/equalTo", "'b.rihgt'"),
        // Distribution: the element of the list, or the field.
        (#"{"distribute": ["a", "ghost"], "axis": "horizontal", "fixedSpacing": 10}"#, "unknown-view", "/constraints/0/distribute/1", "'ghost'"),
        (#"{"distribute": ["a", "b"], "axis": "diagonal", "fixedSpacing": 10}"#, "invalid-distribution", "/constraints/0/axis", "'diagonal'"),
    ])
    func refused(_ constraint: String, _ slug: String, _ pointer: String, _ detail: String) throws {
        let response = try ServiceHarness().post("/solve", """
        {"views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}], "constraints": [\(constraint)]}
        """)
        #expect(response.status == 422)
        #expect(response.header("content-type") == "application/problem+json")
        #expect(response.json?["type"]?.string == "urn:layoutd:problem:\(slug)")
        #expect(response.json?["pointer"]?.string == pointer)
        let got = response.json?["detail"]?.string ?? ""
        #expect(got.contains(detail), "\(got)")
    }
}
