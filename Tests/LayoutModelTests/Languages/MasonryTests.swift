import JSON
import Testing
@testable import LayoutModel

private func mas(_ text: String, index: Int = 0) throws(LayoutProblem) -> [String] {
    langDescriptions(try langExpand(text, index: index))
}

private func masProblem(_ text: String) -> LayoutProblem? {
    langProblem { () throws(LayoutProblem) in try langExpand(text) }
}

@Suite("Masonry make-chains")
struct LanguagesMasonryTests {
    @Test func singleAttributeToView() throws {
        let cs = try langExpand(#"{"view":"a","make":"left","equalTo":"b","offset":10}"#, index: 5)
        #expect(cs == [LayoutConstraint(id: "constraints[5]", firstItem: "a", firstAttribute: .left, secondItem: "b",
                                        secondAttribute: .left, constant: 10, pointer: JSONPointer() / "constraints" / 5)])
    }

    @Test func chainedAttributesAndExplicitTargetAttribute() throws {
        #expect(try mas(#"{"view":"a","make":"left.and.right.with.top","equalTo":"b"}"#) == [
            "a.left == b.left", "a.right == b.right", "a.top == b.top",
        ])
        #expect(try mas(#"{"view":"a","make":"top","greaterThanOrEqualTo":"b.bottom","offset":8,"priority":"high"}"#) == [
            "a.top >= b.bottom + 8 @750",
        ])
        #expect(try mas(#"{"view":"a","make":["width","height"],"lessThanOrEqualTo":"b.width","multipliedBy":0.5}"#) == [
            "a.width <= b.width * 0.5", "a.height <= b.width * 0.5",
        ])
    }

    @Test func numbersAndTheImplicitSuperview() throws {
        #expect(try mas(#"{"view":"a","make":"width","equalTo":100}"#) == ["a.width == 100"])
        #expect(try mas(#"{"view":"a","make":"left","equalTo":10}"#) == ["a.left == container.left + 10"])
        #expect(try mas(#"{"view":"a","make":"centerX","equalTo":-20}"#) == ["a.centerX == container.centerX - 20"])
        #expect(try mas(#"{"view":"title","make":"size","equalTo":{"width":100,"height":40}}"#) == ["title.width == 100", "title.height == 40"])
        #expect(try mas(#"{"view":"title","make":"center","equalTo":{"x":5,"y":-5}}"#) == ["title.centerX == root.centerX + 5", "title.centerY == root.centerY - 5"])
        let p = masProblem(#"{"view":"root","make":"left","equalTo":0}"#)
        #expect(p?.type == "location-constant")
        #expect(p?.pointer.description == "/constraints/0/equalTo")
    }

    @Test func composites() throws {
        #expect(try mas(#"{"view":"a","make":"edges","equalTo":"container"}"#) == [
            "a.left == container.left", "a.right == container.right", "a.top == container.top", "a.bottom == container.bottom",
        ])
        #expect(try mas(#"{"view":"a","make":"size","equalTo":"b"}"#) == ["a.width == b.width", "a.height == b.height"])
        #expect(try mas(#"{"view":"a","make":"center","equalTo":"superview"}"#) == ["a.centerX == container.centerX", "a.centerY == container.centerY"])
        #expect(try mas(#"{"view":"a","make":"margins","equalTo":"b"}"#) == [
            "a.leftMargin == b.leftMargin", "a.rightMargin == b.rightMargin", "a.topMargin == b.topMargin", "a.bottomMargin == b.bottomMargin",
        ])
        #expect(try mas(#"{"view":"a","make":"centerWithinMargins","equalTo":"b"}"#) == [
            "a.centerXWithinMargins == b.centerXWithinMargins", "a.centerYWithinMargins == b.centerYWithinMargins",
        ])
        // SnapKit's edges.equalTo(v.snp.margins): each edge to its margin.
        #expect(try mas(#"{"view":"a","make":"edges","equalTo":"container.margins"}"#) == [
            "a.left == container.leftMargin", "a.right == container.rightMargin", "a.top == container.topMargin", "a.bottom == container.bottomMargin",
        ])
        #expect(try mas(#"{"view":"title","make":"top.left","equalTo":"root.safeArea"}"#) == [
            "title.top == root.safeArea.top", "title.left == root.safeArea.left",
        ])
    }

    @Test func insetsSignRules() throws {
        #expect(try mas(#"{"view":"a","make":"edges","equalTo":"container","insets":{"top":1,"left":2,"bottom":3,"right":4}}"#) == [
            "a.left == container.left + 2", "a.right == container.right - 4", "a.top == container.top + 1", "a.bottom == container.bottom - 3",
        ])
        #expect(try mas(#"{"view":"a","make":"leading.trailing","equalTo":"container","inset":10}"#) == [
            "a.leading == container.leading + 10", "a.trailing == container.trailing - 10",
        ])
        // Sizes, centers, margins and baselines are untouched by insets (Masonry's setInsets:).
        #expect(try mas(#"{"view":"a","make":"width.centerX.leftMargin.lastBaseline","equalTo":"b","inset":10}"#) == [
            "a.width == b.width", "a.centerX == b.centerX", "a.leftMargin == b.leftMargin", "a.lastBaseline == b.lastBaseline",
        ])
        // Insets as the target value (MASBoxValue of UIEdgeInsets).
        #expect(try mas(#"{"view":"a","make":"edges","equalTo":{"top":5,"left":5,"bottom":5,"right":5}}"#) == [
            "a.left == container.left + 5", "a.right == container.right - 5", "a.top == container.top + 5", "a.bottom == container.bottom - 5",
        ])
    }

    @Test func sizeAndCenterOffsets() throws {
        #expect(try mas(#"{"view":"a","make":"size.center","equalTo":"b","sizeOffset":{"width":-10,"height":20},"centerOffset":{"x":3,"y":-4}}"#) == [
            "a.width == b.width - 10", "a.height == b.height + 20", "a.centerX == b.centerX + 3", "a.centerY == b.centerY - 4",
        ])
        // offset touches everything; modifiers apply in member order (the later one wins).
        #expect(try mas(#"{"view":"a","make":"width.left","equalTo":"b","sizeOffset":{"width":7},"offset":1}"#) == ["a.width == b.width + 1", "a.left == b.left + 1"])
        #expect(try mas(#"{"view":"a","make":"width.left","equalTo":"b","offset":1,"sizeOffset":{"width":7}}"#) == ["a.width == b.width + 7", "a.left == b.left + 1"])
        #expect(try mas(#"{"view":"a","make":"width","equalTo":100,"offset":5}"#) == ["a.width == 5"])
    }

    @Test func multipliersAndPriorities() throws {
        #expect(try mas(#"{"view":"a","make":"width","equalTo":"b","dividedBy":4}"#) == ["a.width == b.width * 0.25"])
        #expect(try mas(#"{"view":"a","make":"width","equalTo":"b","dividedBy":4,"multipliedBy":3}"#) == ["a.width == b.width * 3"])
        for (name, value) in [("low", "250"), ("medium", "500"), ("high", "750"), ("fittingSize", "50")] {
            #expect(try mas("{\"view\":\"a\",\"make\":\"width\",\"equalTo\":1,\"priority\":\"\(name)\"}") == ["a.width == 1 @\(value)"])
        }
        #expect(try mas(#"{"view":"a","make":"width","equalTo":1,"priority":"required"}"#) == ["a.width == 1"])
        #expect(try mas(#"{"view":"a","make":"width","equalTo":1,"priority":999}"#) == ["a.width == 1 @999"])
    }

    @Test func arrays() throws {
        #expect(try mas(#"{"view":"a","make":"left","equalTo":["b", 100, "c.right"]}"#) == [
            "a.left == b.left", "a.left == container.left + 100", "a.left == c.right",
        ])
        #expect(try mas(#"{"view":"a","make":"height.width","greaterThanOrEqualTo":["b","c"],"offset":2}"#) == [
            "a.height >= b.height + 2", "a.height >= c.height + 2", "a.width >= b.width + 2", "a.width >= c.width + 2",
        ])
    }

    @Test func keysAndIds() throws {
        let keyed = try langExpand(#"{"view":"a","make":"edges","equalTo":"b","key":"pin"}"#)
        #expect(keyed.map(\.id) == ["pin.0", "pin.1", "pin.2", "pin.3"])
        let single = try langExpand(#"{"view":"a","make":"width","equalTo":"b","key":"w"}"#)
        #expect(single.map(\.id) == ["w"])
        let unnamed = try langExpand(#"{"view":"a","make":"size","equalTo":"b"}"#, index: 7)
        #expect(unnamed.map(\.id) == ["constraints[7].0", "constraints[7].1"])
        let byId = try langExpand(#"{"view":"a","make":"width","equalTo":"b","id":"x"}"#)
        #expect(byId.map(\.id) == ["x"])
    }

    /// `a.width == b.height` holds, `a.left == b.height` pairs a location with a size: the chain
    /// appends neither, and what the request's earlier elements expanded to stays as it was.
    @Test func aChainThatFailsPartWayAppendsNothing() throws {
        var constraints = try langExpand(#"{"view":"a","make":"width","equalTo":100}"#)
        let before = constraints
        do {
            try ConstraintForms.expand(
                langJSON(#"{"view":"a","make":"width.left","equalTo":"b.height"}"#), index: 1, pointer: JSONPointer() / "constraints" / 1,
                hierarchy: LangHierarchy.standard, layoutDirection: .leftToRight, into: &constraints)
            Issue.record("expected the chain to fail")
        } catch {
            #expect(error.type == "invalid-pairing")
        }
        #expect(constraints == before)
        #expect(constraints.map(\.id) == ["constraints[0]"])
    }

    @Test func errors() {
        func check(_ text: String, _ status: Int, _ type: String, _ pointer: String, _ sourceLocation: SourceLocation = #_sourceLocation) {
            let p = masProblem(text)
            #expect(p?.status == status, sourceLocation: sourceLocation)
            #expect(p?.type == type, sourceLocation: sourceLocation)
            #expect(p?.pointer.description == pointer, sourceLocation: sourceLocation)
        }
        check(#"{"view":"ghost","make":"left","equalTo":"b"}"#, 422, "unknown-view", "/constraints/0/view")
        check(#"{"view":"a","make":"left","equalTo":"ghost"}"#, 422, "unknown-view", "/constraints/0/equalTo")
        check(#"{"view":"a","make":"left","equalTo":"ghost.left"}"#, 422, "unknown-view", "/constraints/0/equalTo")
        check(#"{"view":"a","make":"left","equalTo":["b","ghost"]}"#, 422, "unknown-view", "/constraints/0/equalTo/1")
        check(#"{"view":"a","make":"left","equalTo":"b.sideways"}"#, 422, "unknown-attribute", "/constraints/0/equalTo")
        check(#"{"view":"a","make":"left.sideways","equalTo":"b"}"#, 422, "unknown-attribute", "/constraints/0/make")
        check(#"{"view":"a","make":["left",3],"equalTo":"b"}"#, 400, "schema", "/constraints/0/make/1")
        check(#"{"view":"a","make":"","equalTo":"b"}"#, 422, "unknown-attribute", "/constraints/0/make")
        // A misspelt attribute in a chain string: the column of the name, with a caret under it.
        #expect(masProblem(#"{"view":"a","make":"left.and.rihgt","equalTo":"b"}"#)?.detail
            == "column 10: Unknown Masonry attribute 'rihgt'; use an attribute name or edges, margins, size, center, centerWithinMargins\nleft.and.rihgt\n         ^")
        check(#"{"view":"a","make":"left"}"#, 400, "schema", "/constraints/0")
        check(#"{"view":"a","equalTo":"b"}"#, 400, "schema", "/constraints/0")
        check(#"{"make":"left","equalTo":"b"}"#, 400, "schema", "/constraints/0")
        check(#"{"view":"a","make":"left","equalTo":"b","lessThanOrEqualTo":"c"}"#, 400, "schema", "/constraints/0/lessThanOrEqualTo")
        check(#"{"view":"a","make":"left","equalTo":"b","inset":"wide"}"#, 400, "schema", "/constraints/0/inset")
        check(#"{"view":"a","make":"left","equalTo":"b","insets":{"middle":1}}"#, 400, "schema", "/constraints/0/insets/middle")
        check(#"{"view":"a","make":"left","equalTo":"b","offset":1e400}"#, 422, "invalid-number", "/constraints/0/offset")
        check(#"{"view":"a","make":"left","equalTo":"b","dividedBy":0}"#, 422, "invalid-multiplier", "/constraints/0/dividedBy")
        check(#"{"view":"a","make":"left","equalTo":"b","multipliedBy":0}"#, 422, "location-constant", "/constraints/0/multipliedBy")
        check(#"{"view":"a","make":"left","equalTo":"b","priority":"urgent"}"#, 422, "invalid-priority", "/constraints/0/priority")
        check(#"{"view":"a","make":"left","equalTo":"b","priority":0}"#, 422, "invalid-priority", "/constraints/0/priority")
        check(#"{"view":"a","make":"left","equalTo":"b","key":"k","id":"i"}"#, 400, "schema", "/constraints/0/id")
        check(#"{"view":"a","make":"left","equalTo":"b","colour":1}"#, 400, "schema", "/constraints/0/colour")
        check(#"{"view":"a","make":"left","equalTo":"b.top"}"#, 422, "invalid-pairing", "/constraints/0/equalTo")
        check(#"{"view":"a","make":"left","equalTo":"b.width"}"#, 422, "invalid-pairing", "/constraints/0/equalTo")
        check(#"{"view":"a","make":"leading","equalTo":"b.left"}"#, 422, "invalid-pairing", "/constraints/0/equalTo")
        check(#"{"view":"a","make":"left","equalTo":[]}"#, 400, "schema", "/constraints/0/equalTo")
        check(#"{"view":"a","make":"left","equalTo":true}"#, 400, "schema", "/constraints/0/equalTo")
        check(#"{"view":"a","make":"left","equalTo":{"w":1}}"#, 400, "schema", "/constraints/0/equalTo")
        check(#"{"view":"a","make":"left","equalTo":"island"}"#, 422, "no-common-ancestor", "/constraints/0/equalTo")
    }

    /// The benchmarks' twenty-view screen written as Masonry chains
    /// (`Benchmarks/requests/twenty-views-masonry.json`) gives its plain form's constraints, with
    /// the same ids.
    @Test func twentyViewScreenInChainsIsItsPlainForm() throws {
        let chains = try benchmarkRequestConstraints("twenty-views-masonry.json")
        let plain = try benchmarkRequestConstraints("twenty-views.json")
        #expect(chains.count == 65)
        #expect(langDescriptions(chains) == langDescriptions(plain))
        #expect(chains.map(\.id) == plain.map(\.id))
    }

    /// In a request the tree stores the views, so a chain of ASCII names is split on its bytes and
    /// a target naming a stored view (or its attribute or composite) is read on its bytes; an owned
    /// guide (`card.margins`) is still the guide, not the margins composite. Modifiers apply in the
    /// order the object lists them. The constraints are worked out by hand.
    @Test func chainsInARequestReadInPlace() throws {
        func expand(_ elements: [String]) throws(LayoutProblem) -> [String] {
            let views = #"[{"id":"root"},{"id":"card","parent":"root"},{"id":"button","parent":"root"}]"#
            let body = #"{"size":{"width":375,"height":812},"views":\#(views),"constraints":[\#(elements.joined(separator: ","))]}"#
            return langDescriptions(try RequestDecoder.decode(Array(body.utf8)).constraints)
        }
        #expect(try expand([
            #"{"view":"button","make":"left.right.and.top","equalTo":"card","insets":{"left":4,"right":6,"top":2},"offset":1}"#,
            #"{"offset":1,"view":"button","make":"left.right.with.top","equalTo":"card","insets":{"left":4,"right":6,"top":2}}"#,
            #"{"view":"button","make":"edges","equalTo":"card.margins"}"#,
            #"{"view":"button","make":"width.height","lessThanOrEqualTo":"card.size","multipliedBy":0.5}"#,
            #"{"view":"button","make":"centerX","equalTo":"card.right","priority":"low"}"#,
        ]) == [
            "button.left == card.left + 1", "button.right == card.right + 1", "button.top == card.top + 1",
            "button.left == card.left + 4", "button.right == card.right - 6", "button.top == card.top + 2",
            "button.left == card.margins.left", "button.right == card.margins.right",
            "button.top == card.margins.top", "button.bottom == card.margins.bottom",
            "button.width <= card.width * 0.5", "button.height <= card.height * 0.5",
            "button.centerX == card.right @250",
        ])
        let problem = langProblem { () throws(LayoutProblem) in
            _ = try expand([#"{"view":"button","make":"left.w\u00eddth","equalTo":"card"}"#])
            return []
        }
        #expect(problem?.type == "unknown-attribute")
        #expect(problem?.detail.hasPrefix("column 6: Unknown Masonry attribute 'wídth'") == true, "\(problem?.detail ?? "nil")")
    }
}

@Suite("Masonry distribution")
struct LanguagesDistributionTests {
    @Test func fixedSpacingHorizontal() throws {
        let cs = try langExpand(#"{"distribute":["a","b","c"],"axis":"horizontal","fixedSpacing":10,"leadSpacing":5,"tailSpacing":15}"#, index: 2)
        #expect(langDescriptions(cs) == [
            "a.left == container.left + 5",
            "b.width == a.width", "b.left == a.right + 10",
            "c.width == b.width", "c.left == b.right + 10", "c.right == container.right - 15",
        ])
        #expect(cs.map(\.id) == (0..<6).map { "constraints[2].\($0)" })
        #expect(cs.allSatisfy { $0.pointer.description == "/constraints/2" && $0.priority == .required && $0.relation == .equal })
    }

    @Test func fixedSpacingVertical() throws {
        #expect(try mas(#"{"distribute":["a","b"],"axis":"vertical","fixedSpacing":8}"#) == [
            "a.top == container.top", "b.height == a.height", "b.top == a.bottom + 8", "b.bottom == container.bottom",
        ])
    }

    @Test func fixedItemLengthFormula() throws {
        // n = 4, L = 30, a = 10, b = 20: t_i = i/3, c_i = (1 − t)(L + a) − t·b.
        let cs = try langExpand(#"{"distribute":["a","b","c","d"],"axis":"horizontal","fixedItemLength":30,"leadSpacing":10,"tailSpacing":20,"id":"row"}"#)
        #expect(cs.count == 8)
        #expect(cs.map(\.id) == (0..<8).map { "row.\($0)" })
        #expect(langDescriptions([cs[0], cs[1], cs[2], cs[4], cs[6], cs[7]]) == [
            "a.width == 30", "a.left == container.left + 10",
            "b.width == 30", "c.width == 30", "d.width == 30", "d.right == container.right - 20",
        ])
        let b = cs[3], c = cs[5]
        #expect(b.firstItem == "b" && b.firstAttribute == .right && b.secondItem == "container" && b.secondAttribute == .right)
        #expect(abs(b.multiplier - 1.0 / 3) < 1e-12)
        #expect(abs(b.constant - ((2.0 / 3) * 40 - 20.0 / 3)) < 1e-12)
        #expect(c.firstItem == "c" && abs(c.multiplier - 2.0 / 3) < 1e-12)
        #expect(abs(c.constant - ((1.0 / 3) * 40 - 40.0 / 3)) < 1e-12)
        // With S.left = 0 and W = 400: b.right = 40/3·… gives equal gaps (W − a − b − nL)/(n − 1) = 70/3 … check b.
        let w = 400.0, gap = (w - 10 - 20 - 4 * 30) / 3
        #expect(abs((w * b.multiplier + b.constant) - (10 + 30 + gap + 30)) < 1e-9)
        #expect(abs((w * c.multiplier + c.constant) - (10 + 2 * (30 + gap) + 30)) < 1e-9)
    }

    @Test func fixedItemLengthVerticalTwoViews() throws {
        #expect(try mas(#"{"distribute":["title","other"],"axis":"vertical","fixedItemLength":44}"#) == [
            "title.height == 44", "title.top == root.top", "other.height == 44", "other.bottom == root.bottom",
        ])
    }

    @Test func errors() {
        func check(_ text: String, _ status: Int, _ type: String, _ pointer: String, _ sourceLocation: SourceLocation = #_sourceLocation) {
            let p = masProblem(text)
            #expect(p?.status == status, sourceLocation: sourceLocation)
            #expect(p?.type == type, sourceLocation: sourceLocation)
            #expect(p?.pointer.description == pointer, sourceLocation: sourceLocation)
        }
        check(#"{"distribute":["a"],"axis":"horizontal","fixedSpacing":1}"#, 422, "invalid-distribution", "/constraints/0/distribute")
        check(#"{"distribute":[],"axis":"horizontal","fixedSpacing":1}"#, 422, "invalid-distribution", "/constraints/0/distribute")
        check(#"{"distribute":["a","ghost"],"axis":"horizontal","fixedSpacing":1}"#, 422, "unknown-view", "/constraints/0/distribute/1")
        check(#"{"distribute":["a","b"],"axis":"diagonal","fixedSpacing":1}"#, 422, "invalid-distribution", "/constraints/0/axis")
        check(#"{"distribute":["a","b"],"fixedSpacing":1}"#, 400, "schema", "/constraints/0")
        check(#"{"distribute":["a","b"],"axis":"vertical"}"#, 400, "schema", "/constraints/0")
        check(#"{"distribute":["a","b"],"axis":"vertical","fixedSpacing":1,"fixedItemLength":2}"#, 400, "schema", "/constraints/0/fixedItemLength")
        check(#"{"distribute":"a","axis":"vertical","fixedSpacing":1}"#, 400, "schema", "/constraints/0/distribute")
        check(#"{"distribute":["a",1],"axis":"vertical","fixedSpacing":1}"#, 400, "schema", "/constraints/0/distribute/1")
        check(#"{"distribute":["a","island"],"axis":"vertical","fixedSpacing":1}"#, 422, "no-common-ancestor", "/constraints/0/distribute")
        check(#"{"distribute":["a","b"],"axis":"vertical","fixedSpacing":1e999}"#, 422, "invalid-number", "/constraints/0/fixedSpacing")
        check(#"{"distribute":["a","b"],"axis":"vertical","fixedSpacing":1,"gap":2}"#, 400, "schema", "/constraints/0/gap")
        // Found by validating the constraints made: `b.right == container.right * 0.5 + inf`.
        check(#"{"distribute":["a","b","c"],"axis":"horizontal","fixedItemLength":1e308,"leadSpacing":1e308}"#, 422, "invalid-number", "/constraints/0")
    }
}
