import LayoutModel
import Testing

/// Requests Auto Layout would refuse: 400 for the wrong shape, 422 with a pointer for the wrong meaning.
@Suite struct RequestValidationTests {
    @Test func bodyThatIsNotJSON() {
        let problem = problem("{\"views\": [}")
        #expect(problem?.status == 400)
        #expect(problem?.type == "invalid-json")
    }

    /// Top-level fields of the wrong type name themselves and point at themselves.
    @Test func topLevelFieldsOfTheWrongType() {
        let cases: [(json: String, detail: String, pointer: String)] = [
            (#"{"views": 3}"#, "'views' must be an array, found a number", "/views"),
            (#"{"views": [{"id": "root"}], "constraints": {}}"#, "'constraints' must be an array, found an object", "/constraints"),
            (#"{"views": [{"id": "root"}], "sizes": "wide"}"#, "'sizes' must be an array, found a string", "/sizes"),
            (#"{"views": [{"id": "root"}], "explain": null}"#, "'explain' must be an array, found null", "/explain"),
            (#"{"views": [{"id": "root"}], "strict": 1}"#, "'strict' must be true or false, found a number", "/strict"),
            (#"{"views": [{"id": "root"}], "layoutDirection": true}"#, "'layoutDirection' must be a string, found a boolean", "/layoutDirection"),
        ]
        for (json, detail, pointer) in cases {
            let problem = problem(json)
            #expect(problem?.status == 400, "\(json)")
            #expect(problem?.detail == detail, "\(json)")
            #expect(problem?.pointer.description == pointer, "\(json)")
        }
    }

    @Test func unknownField() {
        let problem = problem(#"{"views": [{"id": "root", "colour": "red"}]}"#)
        #expect(problem?.status == 400)
        #expect(problem?.pointer.description == "/views/0/colour")
    }

    /// A view's usual members are read in place and the others by a reader: each value, each
    /// default and each problem is the one the schema says, whichever reads it.
    @Test func viewMembersAndTheirDefaults() throws {
        let json = #"""
        {"views": [{"id": "root", "parent": null},
          {"id": "a", "parent": "root", "intrinsicSize": {"width": 120}, "hugging": {"horizontal": 251}, "compressionResistance": {"vertical": 749}},
          {"id": "b", "parent": "root", "kind": "guide", "intrinsicSize": {"width": null, "height": 30.5}, "hugging": {"vertical": "medium"}, "compressionResistance": {"horizontal": "required", "vertical": 1}},
          {"id": "c", "parent": "a", "intrinsicSize": {}, "hugging": {}, "margins": {"top": 1}}]}
        """#
        let views = try RequestDecoder.decode(Array(json.utf8)).views
        #expect(views.map(\.id) == ["root", "a", "b", "c"])
        #expect(views.map(\.parent) == [nil, "root", "root", "a"])
        #expect(views.map(\.kind) == [.view, .view, .guide, .view])
        #expect(views.map(\.intrinsicWidth) == [nil, 120, nil, nil])
        #expect(views.map(\.intrinsicHeight) == [nil, nil, 30.5, nil])
        #expect(views.map(\.hugging.horizontal.value) == [250, 251, 250, 250])
        #expect(views.map(\.hugging.vertical.value) == [250, 250, 500, 250])
        #expect(views.map(\.compressionResistance.horizontal.value) == [750, 750, 1000, 750])
        #expect(views.map(\.compressionResistance.vertical.value) == [750, 749, 1, 750])
        #expect(views.map(\.margins.top) == [8, 8, 8, 1])
        #expect(views.map(\.margins.left) == [8, 8, 8, 8])
    }

    @Test func viewMembersOfTheWrongShape() {
        let cases: [(view: String, detail: String, pointer: String)] = [
            (#""a""#, "expected an object, found a string", "/views/1"),
            (#"{"parent": "root"}"#, "missing required field 'id'", "/views/1/id"),
            (#"{"id": 7, "parent": "root"}"#, "'id' must be a string, found a number", "/views/1/id"),
            (#"{"id": "a", "parent": 3}"#, "'parent' must be a string, found a number", "/views/1/parent"),
            (#"{"id": "a", "parent": "root", "kind": null}"#, "'kind' must be a string, found null", "/views/1/kind"),
            (#"{"id": "a", "parent": "root", "kind": "box"}"#, "kind must be 'view', 'guide' or 'scroll', not 'box'", "/views/1/kind"),
            (#"{"id": "a", "parent": "root", "intrinsicSize": "big"}"#, "expected an object, found a string", "/views/1/intrinsicSize"),
            (#"{"id": "a", "parent": "root", "intrinsicSize": {"depth": 3}}"#, "unknown field 'depth'; expected one of: width, height", "/views/1/intrinsicSize/depth"),
            (#"{"id": "a", "parent": "root", "intrinsicSize": {"width": "wide"}}"#, "'width' must be a number, found a string", "/views/1/intrinsicSize/width"),
            (#"{"id": "a", "parent": "root", "intrinsicSize": {"height": 3000000}}"#, "3000000 is larger in magnitude than the limit 1000000", "/views/1/intrinsicSize/height"),
            (#"{"id": "a", "parent": "root", "hugging": {"horizontal": 0}}"#, "Invalid priority specified: 0. Priority must be greater than 0", "/views/1/hugging/horizontal"),
            (#"{"id": "a", "parent": "root", "hugging": {"vertical": "strong"}}"#, "unknown priority name 'strong'; use a number 1…1000 or required, high, medium, low, fittingSize", "/views/1/hugging/vertical"),
            (#"{"id": "a", "parent": "root", "compressionResistance": {"horizontal": true}}"#, "a priority must be a number or a name, found a boolean", "/views/1/compressionResistance/horizontal"),
            (#"{"id": "a", "parent": "root", "compressionResistance": [750]}"#, "expected an object, found an array", "/views/1/compressionResistance"),
            (#"{"id": "a", "parent": "root", "hugging": {"diagonal": 1}}"#, "unknown field 'diagonal'; expected one of: horizontal, vertical", "/views/1/hugging/diagonal"),
        ]
        for (view, detail, pointer) in cases {
            let problem = problem(#"{"views": [{"id": "root"}, \#(view)]}"#)
            #expect(problem?.detail == detail, "\(view)")
            #expect(problem?.pointer.description == pointer, "\(view)")
        }
    }

    @Test func unknownViewInAConstraint() {
        let problem = problem(#"{"views": [{"id": "root"}, {"id": "a", "parent": "root"}], "constraints": [{"firstItem": "a", "firstAttribute": "left", "secondItem": "ghost"}]}"#)
        #expect(problem?.status == 422)
        #expect(problem?.pointer.description == "/constraints/0/secondItem")
    }

    @Test func duplicateViewID() {
        let problem = problem(#"{"views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "a", "parent": "root"}]}"#)
        #expect(problem?.status == 422)
        #expect(problem?.pointer.description == "/views/2/id")
    }

    @Test func parentCycle() {
        let problem = problem(#"{"views": [{"id": "root"}, {"id": "a", "parent": "b"}, {"id": "b", "parent": "a"}]}"#)
        #expect(problem?.status == 422)
        #expect(problem?.type == "parent-cycle")
    }

    @Test func noRootAndTwoRoots() {
        #expect(problem(#"{"views": [{"id": "a", "parent": "a"}]}"#)?.status == 422)
        let two = problem(#"{"views": [{"id": "root"}, {"id": "other"}]}"#)
        #expect(two?.status == 422)
        #expect(two?.type == "two-roots")
    }

    @Test func priorityOutsideTheRange() {
        let problem = problem(#"{"views": [{"id": "root"}, {"id": "a", "parent": "root"}], "constraints": [{"firstItem": "a", "firstAttribute": "width", "constant": 10, "priority": 1001}]}"#)
        #expect(problem?.status == 422)
        #expect(problem?.pointer.description == "/constraints/0/priority")
    }

    @Test func invalidPairingOfAttributes() {
        let problem = problem(#"{"views": [{"id": "root"}, {"id": "a", "parent": "root"}], "constraints": [{"firstItem": "a", "firstAttribute": "left", "secondItem": "root", "secondAttribute": "width"}]}"#)
        #expect(problem?.status == 422)
    }

    @Test func outOfRangeNumbers() {
        for literal in ["1e309", "-1e400", "1" + String(repeating: "0", count: 400), "2000000"] {
            let problem = problem(#"{"size": {"width": \#(literal)}, "views": [{"id": "root"}]}"#)
            #expect(problem?.status == 422, "\(literal.prefix(10))")
            #expect(problem?.pointer.description == "/size/width")
        }
    }

    /// A constraint object's members are matched once against the plain form's fields and the
    /// members that name the other forms: a plain constraint naming another form's member still
    /// reports it as unknown (the first unknown in document order), and a visual format over the
    /// string limit is refused before the form is read.
    @Test func membersOfOtherFormsInAPlainConstraint() {
        let views = #""views": [{"id": "root"}, {"id": "a", "parent": "root"}]"#
        let plainFields = "id, firstItem, firstAttribute, relation, secondItem, secondAttribute, multiplier, constant, priority"
        let make = problem(#"{\#(views), "constraints": [{"firstItem": "a", "firstAttribute": "width", "constant": 10, "make": "edges"}]}"#)
        #expect(make?.detail == "unknown field 'make'; expected one of: \(plainFields)")
        #expect(make?.pointer.description == "/constraints/0/make")
        let unknownFirst = problem(#"{\#(views), "constraints": [{"firstItem": "a", "nope": 1, "firstAttribute": "width", "visualFormat": "H:|[a]|"}]}"#)
        #expect(unknownFirst?.pointer.description == "/constraints/0/nope")
        let formFirst = problem(#"{\#(views), "constraints": [{"visualFormat": "H:|[a]|", "firstItem": "a", "nope": 1, "firstAttribute": "width"}]}"#)
        #expect(formFirst?.detail == "unknown field 'visualFormat'; expected one of: \(plainFields)")
        #expect(formFirst?.pointer.description == "/constraints/0/visualFormat")

        let format = "H:|-[a]-|" + String(repeating: " ", count: 5000)
        for element in [#"{"firstItem": "a", "firstAttribute": "width", "visualFormat": "\#(format)"}"#, #"{"visualFormat": "\#(format)"}"#] {
            let long = problem(#"{\#(views), "constraints": [\#(element)]}"#)
            #expect(long?.type == "limit-string")
            #expect(long?.detail == "the visual format is 5009 bytes long; the limit is 4096")
            #expect(long?.pointer.description == "/constraints/0/visualFormat")
        }
        let equation = problem(#"{\#(views), "constraints": ["a.width == 100\#(String(repeating: " ", count: 5000))"]}"#)
        #expect(equation?.detail == "the constraint string is 5014 bytes long; the limit is 4096")
        #expect(equation?.pointer.description == "/constraints/0")
    }

    /// The depth limit is reported at the first view past it, whichever order the views come in
    /// (parents first, the usual order, or children first, whose chains are walked up).
    @Test func viewsNestedPastTheDepthLimit() throws {
        var limits = LayoutLimits.default
        limits.maxDepth = 2
        let views = [#"{"id": "root"}"#, #"{"id": "a", "parent": "root"}"#, #"{"id": "b", "parent": "a"}"#, #"{"id": "c", "parent": "b"}"#]
        for (order, pointer) in [(views, "/views/3/parent"), (views.reversed(), "/views/0/parent")] {
            do {
                _ = try RequestDecoder.decode(Array(#"{"views": [\#(order.joined(separator: ", "))]}"#.utf8), limits: limits)
                Issue.record("expected the depth limit")
            } catch {
                #expect(error.type == "limit-depth")
                #expect(error.detail == "view 'c' is nested 3 levels deep; the limit is 2")
                #expect(error.pointer.description == pointer)
            }
        }
        limits.maxDepth = 3
        #expect(try RequestDecoder.decode(Array(#"{"views": [\#(views.reversed().joined(separator: ", "))]}"#.utf8), limits: limits).tree.depth == [3, 2, 1, 0])
    }

    @Test func tooManyViews() {
        var limits = LayoutLimits.default
        limits.maxViews = 2
        #expect(throws: LayoutProblem.self) {
            try RequestDecoder.decode(Array(#"{"views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}]}"#.utf8), limits: limits)
        }
    }

    @Test func termsCountTheLevelsBetweenItems() throws {
        // root > a > b > c and root > d. By hand: c.left == d.left names c, d and the views
        // between them and root (b, a: c is 3 levels down, d 1), so 2 + 3 + 1 = 6 terms;
        // c.width == 10 names c alone: 1. Together 7: a limit of 7 passes, 6 refuses the first
        // constraint that passes it, the second.
        try expectTermsLimit(["c.width == 10", "c.left == d.left"], passing: 7, refusing: 6, at: "/constraints/1")
    }

    @Test func itemsCompareAsStringsDo() throws {
        // U+212A KELVIN SIGN is canonically equivalent to "K": the constraint names the view K,
        // and keeps the item as it was written.
        let request = try RequestDecoder.decode(Array(#"""
            {"views": [{"id": "root"}, {"id": "K", "parent": "root"}],
             "constraints": [{"firstItem": "\u212A", "firstAttribute": "width", "constant": 10},
                             {"firstItem": "K", "firstAttribute": "height", "secondItem": "K.margins", "secondAttribute": "height"}]}
            """#.utf8))
        #expect(Array(request.constraints[0].firstItem.utf8) == Array("\u{212A}".utf8))
        #expect(request.tree.item(request.constraints[0].firstItem) == .view(1))
        #expect(request.constraints[1].secondItem == "K.margins")
        #expect(request.tree.item("K.margins") == .ownedGuide(owner: 1, .margins))
        #expect(request.tree.item("K.safeArea") == nil)
    }

    @Test func pointersAndIdsOfLateConstraints() throws {
        var constraints = Array(repeating: #"{"firstItem": "a", "firstAttribute": "width", "constant": 1}"#, count: 1235)
        constraints[1234] = #"{"firstItem": "a", "firstAttribute": "left", "secondItem": "root", "secondAttribute": "top"}"#
        let body = #"{"views": [{"id": "root"}, {"id": "a", "parent": "root"}], "constraints": ["# + constraints.joined(separator: ",") + "]}"
        #expect(problem(body)?.pointer.description == "/constraints/1234/secondAttribute")
        constraints[1234] = constraints[0]
        let request = try RequestDecoder.decode(Array((#"{"views": [{"id": "root"}, {"id": "a", "parent": "root"}], "constraints": ["# + constraints.joined(separator: ",") + "]}").utf8))
        #expect(request.constraints[1234].id == "constraints[1234]")
        #expect(request.constraints[7].id == "constraints[7]")
        #expect(request.constraints[1234].pointer.description == "/constraints/1234")
    }
    @Test func termsAreCountedFromWhereTheirBoundCouldReachTheLimit() throws {
        // The deepest view is 3 levels down, so a constraint is at most 2 + 2 × 3 = 8 terms: with
        // a limit of 9 the first constraint is not counted, the second counts both (1 + 1), the
        // third passes at 8 and the fourth (6 more) is refused.
        try expectTermsLimit(["c.width == 10", "d.width == 10", "c.left == d.left", "c.top == d.top"],
                             passing: 14, refusing: 9, at: "/constraints/3")
    }

    /// Decodes `constraints` among root > a > b > c and root > d: accepted with `maxTerms` at
    /// `passing`, refused as `limit-terms` at `pointer` with `refusing`.
    private func expectTermsLimit(_ constraints: [String], passing: Int, refusing: Int, at pointer: String) throws {
        let body = Array((#"""
            {"views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "a"},
                       {"id": "c", "parent": "b"}, {"id": "d", "parent": "root"}],
             "constraints": [
            """# + constraints.map { "\"\($0)\"" }.joined(separator: ", ") + "]}").utf8)
        var limits = LayoutLimits.default
        limits.maxTerms = passing
        _ = try RequestDecoder.decode(body, limits: limits)
        limits.maxTerms = refusing
        do {
            _ = try RequestDecoder.decode(body, limits: limits)
            Issue.record("a request past maxTerms was accepted")
        } catch {
            #expect(error.type == "limit-terms")
            #expect(error.pointer.description == pointer)
        }
    }
}
