import LayoutModel
import Testing

/// Conflicts, ambiguity, explanations and warnings of issue #6, worked out by hand.
@Suite struct DiagnosisTests {
    /// Six views, five constraints each, none touching `a` or `b`: thirty that all hold.
    static let thirtyUnrelated: [String] = (0..<6).flatMap { i in
        ["u\(i).left == root.left + \(10 * i)", "u\(i).top == root.top + \(40 * i)",
         "u\(i).width == 30", "u\(i).height == 30", "u\(i).right <= root.right"]
    }
    static let unrelatedViews = (0..<6).map { #"{"id": "u\#($0)", "parent": "root"}"# }.joined(separator: ", ")

    /// The thirty constraints as JSON strings, with `extra` (JSON elements) inserted after every tenth.
    static func constraints(interleaving extra: [String]) -> String {
        var elements: [String] = []
        for (index, equation) in thirtyUnrelated.enumerated() {
            elements.append("\"\(equation)\"")
            if index % 10 == 9, index / 10 < extra.count { elements.append(extra[index / 10]) }
        }
        return elements.joined(separator: ", ")
    }

    @Test func threeConflictingConstraintsAmongThirtyUnrelated() throws {
        // b.width == a.width, a.width == 200, b.width == 100: any two hold, not all three. The
        // last installed (c3) is broken, so a and b are both 200 wide; nothing else takes part.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, \(Self.unrelatedViews), {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}],
         "constraints": ["a.left == root.left", "a.top == root.top", "a.height == 10",
           "b.left == root.left", "b.top == a.bottom", "b.height == 10",
           \(Self.constraints(interleaving: [
             #"{"equation": "b.width == a.width", "id": "c1"}"#,
             #"{"equation": "a.width == 200", "id": "c2"}"#,
             #"{"equation": "b.width == 100", "id": "c3"}"#]))]}
        """)
        #expect(result.status == .conflict)
        let conflicts = result.layouts[0].conflicts
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.constraints == ["c1", "c2", "c3"])
        #expect(conflicts.first?.broken == "c3")
        #expect(conflicts.first?.description == ["b.width == a.width  (c1)", "a.width == 200  (c2)", "b.width == 100  (c3)"])
        expectFrame(result.frame("a"), 0, 0, 200, 10)
        expectFrame(result.frame("b"), 0, 10, 200, 10)
        // The unrelated ones hold: u4 at (40, 160), 30 × 30.
        expectFrame(result.frame("u4"), 40, 160, 30, 30)
    }

    @Test func threeConflictingConstraintsWithTheRootWidth() throws {
        // a.left == root.left + 10, a.width == 200, a.right == root.right − 300: with the root
        // 375 wide the right edge would be 75, but 10 + 200 = 210. The root width takes part
        // (size.width); the last installed (c3) is broken, so a is at x 10, 200 wide.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, \(Self.unrelatedViews), {"id": "a", "parent": "root"}],
         "constraints": ["a.top == root.top", "a.height == 10",
           \(Self.constraints(interleaving: [
             #"{"equation": "a.left == root.left + 10", "id": "c1"}"#,
             #"{"equation": "a.width == 200", "id": "c2"}"#,
             #"{"equation": "a.right == root.right - 300", "id": "c3"}"#]))]}
        """)
        let conflict = try #require(result.layouts[0].conflicts.first)
        #expect(result.layouts[0].conflicts.count == 1)
        #expect(conflict.constraints == ["size.width", "c1", "c2", "c3"])
        #expect(conflict.broken == "c3")
        #expect(conflict.description.first == "root.width == 375  (size.width)")
        expectFrame(result.frame("a"), 10, 0, 200, 10)
    }

    @Test func intrinsicSizeConflictsOnlyWhenItsCompressionResistanceIsRequired() throws {
        // A label 100 wide by content, squeezed to 50 by a required width.
        func request(compression: String) -> String {
            """
            {"size": {"width": 375, "height": 667},
             "views": [{"id": "root"}, {"id": "label", "parent": "root", "intrinsicSize": {"width": 100, "height": 20},
                        "compressionResistance": {"horizontal": \(compression)}}],
             "constraints": ["label.left == root.left", "label.top == root.top", {"equation": "label.width == 50", "id": "narrow"}]}
            """
        }
        // Required (1000): width >= 100 cannot hold with width == 50; the later one (narrow) is
        // broken and the label keeps its intrinsic 100.
        let required = try solve(request(compression: "1000"))
        #expect(required.status == .conflict)
        #expect(required.layouts[0].conflicts.first?.constraints == ["label.compressionResistance.horizontal", "narrow"])
        #expect(required.layouts[0].conflicts.first?.broken == "narrow")
        expectFrame(required.frame("label"), 0, 0, 100, 20)

        // At 750 (the default) it gives way: no conflict, width 50, and it is reported as never
        // active, violated by 100 − 50 = 50.
        let optional = try solve(request(compression: "750"))
        #expect(optional.status == .ok)
        #expect(optional.layouts[0].conflicts.isEmpty)
        expectFrame(optional.frame("label"), 0, 0, 50, 20)
        #expect(optional.layouts[0].warnings.map(\.constraint) == ["label.compressionResistance.horizontal"])
        #expect(optional.layouts[0].warnings.first?.kind == .neverActive)
        // The width stays below 100, so the hugging (<= 100) always holds: the intrinsic width
        // changes nothing, and the remedy says how to drop it (a request cannot remove it).
        #expect(optional.layouts[0].warnings.first?.message == "'label.compressionResistance.horizontal' "
            + "(label.width >= 100 @750 (compression resistance)) can never hold: the required 'narrow' (label.width == 50) rules it out, "
            + "so it is violated by at least 50 in every layout; label's intrinsic width changes nothing: "
            + "set its intrinsicSize.width to null, or make the required one optional")
    }

    @Test func aHuggingStretchedByARequiredHeightIsNeverActiveWithItsOwnRemedy() throws {
        // A button 30 high by content, given a required height of 44: the hugging (height <= 30
        // @250) misses by 44 − 30 = 14 in every layout.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "button", "parent": "root", "intrinsicSize": {"width": 80, "height": 30}}],
         "constraints": ["button.left == root.left", "button.top == root.top", {"equation": "button.height == 44", "id": "tall"}]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("button"), 0, 0, 80, 44)
        let warnings = result.layouts[0].warnings
        #expect(warnings.map(\.constraint) == ["button.hugging.vertical"])
        #expect(warnings.map(\.kind) == [.neverActive])
        #expect(warnings.first?.message == "'button.hugging.vertical' (button.height <= 30 @250 (content hugging)) can never hold: "
            + "the required 'tall' (button.height == 44) rules it out, so it is violated by at least 14 in every layout; "
            + "button's intrinsic height changes nothing: set its intrinsicSize.height to null, or make the required one optional")
    }

    @Test func optionalIntrinsicSizeConstraintsTakePartInTheirViewsOtherBounds() throws {
        // Optional hugging and compression resistance alone never warn, but they bound the width
        // like any other constraint: atLeast80 (>= 80 @500) is implied by the compression
        // resistance (>= 100 @750), atMost120 (<= 120 @200) by the hugging (<= 100 @250).
        let optional = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "label", "parent": "root", "intrinsicSize": {"width": 100, "height": 20}}],
         "constraints": ["label.left == root.left", "label.top == root.top",
                         {"equation": "label.width >= 80 @500", "id": "atLeast80"}, {"equation": "label.width <= 120 @200", "id": "atMost120"}]}
        """)
        let warnings = optional.layouts[0].warnings
        #expect(warnings.map(\.constraint) == ["atLeast80", "atMost120"])
        #expect(warnings.map(\.kind) == [.redundant, .redundant])
        #expect(warnings.first?.message.contains("implied by 'label.compressionResistance.horizontal'") == true)
        #expect(warnings.last?.message.contains("implied by 'label.hugging.horizontal'") == true)

        // A required hugging (<= 100 @1000) rules wide (>= 120 @600) out and implies cap (<= 150 @300);
        // the optional compression resistance beside it (>= 100 @750) is never called redundant.
        let required = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "label", "parent": "root", "intrinsicSize": {"width": 100, "height": 20},
                    "hugging": {"horizontal": 1000}}],
         "constraints": ["label.left == root.left", "label.top == root.top",
                         {"equation": "label.width >= 120 @600", "id": "wide"}, {"equation": "label.width <= 150 @300", "id": "cap"}]}
        """)
        #expect(required.layouts[0].warnings.map(\.constraint) == ["wide", "cap"])
        #expect(required.layouts[0].warnings.map(\.kind) == [.neverActive, .redundant])
        #expect(required.layouts[0].warnings.first?.message.contains("the required 'label.hugging.horizontal'") == true)
    }

    @Test func twoViewsSharingAFreeEdgeAreAmbiguousUntilALowPriorityWidthPinsIt() throws {
        // |[a][b]| in 375: a.width + b.width = 375 fixes neither. a's width moves, and with it
        // b's x (a's right edge) and b's width.
        let base = """
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}],
         "constraints": ["a.left == root.left", "b.left == a.right", "b.right == root.right",
           "a.top == root.top", "a.height == 20", "b.top == root.top", "b.height == 20"
        """
        let ambiguous = try solve(base + "]}")
        #expect(ambiguous.status == .ambiguous)
        let ambiguities = ambiguous.layouts[0].ambiguities
        #expect(ambiguities.map(\.view) == ["a", "b"])
        #expect(ambiguities.first?.attributes == ["width"])
        #expect(ambiguities.last?.attributes == ["x", "width"])
        #expect(ambiguities.first?.hint == "nothing fixes the width of 'a': add a width, an intrinsic size or a trailing edge")

        // a.width == 100 at priority 1 decides it: b starts at 100 and is 375 − 100 = 275 wide.
        let pinned = try solve(base + ", \"a.width == 100 @1\"]}")
        #expect(pinned.status == .ok)
        #expect(pinned.layouts[0].ambiguities.isEmpty)
        expectFrame(pinned.frame("a"), 0, 0, 100, 20)
        expectFrame(pinned.frame("b"), 100, 0, 275, 20)
    }

    @Test func explainALabelWithHugging() throws {
        // A label 120 × 20 by content, at x 20, with its trailing edge wanted 20 from the root's
        // at priority 200. Hugging (250) beats that: the width stays 120, so the right edge is at
        // 140 and `stretch` misses 375 − 20 = 355 by 215.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "label", "parent": "root", "intrinsicSize": {"width": 120, "height": 20}}],
         "constraints": [{"equation": "label.leading == root.leading + 20", "id": "lead"},
                         {"equation": "label.top == root.top + 8", "id": "top"},
                         {"equation": "label.trailing == root.trailing - 20 @200", "id": "stretch"}],
         "explain": ["label"]}
        """)
        expectFrame(result.frame("label"), 20, 8, 120, 20)
        let explanation = try #require(result.layouts[0].explanations?.first)
        #expect(explanation.view == "label")
        #expect(explanation.attributes.map(\.attribute) == ["x", "y", "width", "height"])
        let lists = Dictionary(uniqueKeysWithValues: explanation.attributes.map { ($0.attribute, $0.constraints) })

        // x: the leading constraint holds exactly; the stretch (x + width == 355) misses by 215.
        #expect(lists["x"]?.map(\.id) == ["lead", "stretch"])
        #expect(lists["x"]?.map(\.isActive) == [true, false])
        #expect(lists["x"]?.map(\.violation) == [0, 215])
        #expect(lists["y"]?.map(\.id) == ["top"])

        // width: hugging (width <= 120) and compression resistance (width >= 120) both hold
        // with equality; the stretch loses by 215. Installed order: intrinsic size first.
        let width = try #require(lists["width"])
        #expect(width.map(\.id) == ["label.hugging.horizontal", "label.compressionResistance.horizontal", "stretch"])
        #expect(width.map(\.description) == ["label.width <= 120 @250 (content hugging)",
                                             "label.width >= 120 @750 (compression resistance)",
                                             "label.trailing == root.trailing - 20 @200"])
        #expect(width.map(\.priority) == [250, 750, 200])
        #expect(width.map(\.isActive) == [true, true, false])
        #expect(width.map(\.violation) == [0, 0, 215])
        #expect(lists["height"]?.map(\.id) == ["label.hugging.vertical", "label.compressionResistance.vertical"])
    }

    @Test func explainTheRootListsItsSizeAndShowsABrokenConstraintAsViolated() throws {
        // w200 is broken (installed after w100): a is 100 wide, so w200 misses by 100.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": [{"id": "w100", "firstItem": "a", "firstAttribute": "width", "constant": 100},
                         {"id": "w200", "firstItem": "a", "firstAttribute": "width", "constant": 200},
                         "a.left == root.left", "a.top == root.top", "a.height == 10"],
         "explain": ["root", "a", "root"]}
        """)
        let explanations = try #require(result.layouts[0].explanations)
        #expect(explanations.map(\.view) == ["root", "a"])
        let root = Dictionary(uniqueKeysWithValues: explanations[0].attributes.map { ($0.attribute, $0.constraints) })
        #expect(root["x"]?.isEmpty == true)
        #expect(root["width"]?.map(\.id) == ["size.width"])
        #expect(root["width"]?.first?.description == "root.width == 375")
        #expect(root["height"]?.map(\.id) == ["size.height"])
        let width = explanations[1].attributes[2].constraints
        #expect(width.map(\.id) == ["w100", "w200"])
        #expect(width.map(\.isActive) == [true, false])
        #expect(width.map(\.violation) == [0, 100])
    }

    @Test func explainIsPerLayoutWithSeveralSizes() throws {
        // a.right == root.right − 10 and a.left == root.left + 10: width 300 at 320, 355 at 375.
        // `narrow` (a.width == 300 @750) holds at 320 and misses by 55 at 375.
        let result = try solve("""
        {"sizes": [{"width": 320, "height": 100}, {"width": 375, "height": 100}],
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.left == root.left + 10", "a.right == root.right - 10", "a.top == root.top", "a.height == 10",
                         {"equation": "a.width == 300 @750", "id": "narrow"},
                         {"equation": "root.width == 320 @500", "id": "phone"}],
         "explain": ["a"]}
        """)
        #expect(result.layouts.count == 2)
        let widths = result.layouts.map { $0.explanations?.first?.attributes[2].constraints ?? [] }
        #expect(widths.map { $0.map(\.id) } == [["constraints[1]", "narrow"], ["constraints[1]", "narrow"]])
        #expect(widths.map { $0.last?.violation } == [0, 55])
        // At 320 the required size implies `phone` (root.width == 320 @500); at 375 it rules it out.
        #expect(result.layouts[0].warnings.map(\.constraint) == ["phone"])
        #expect(result.layouts[0].warnings.first?.kind == .redundant)
        #expect(result.layouts[1].warnings.map(\.constraint) == ["phone"])
        #expect(result.layouts[1].warnings.first?.kind == .neverActive)
        #expect(result.layouts[1].warnings.first?.message.contains("'size.width' (root.width == 375)") == true)
    }

    @Test func warningsThatHoldAtEverySizeAreReportedAtEverySize() throws {
        // `again` repeats a.width == 100 (redundant whatever the root's size); `cap` keeps a
        // narrower than the root, which a.width == 100 does not bound, so it stays quiet. The
        // root-size edits share no linear form with another constraint, so the warnings found at
        // 320 are kept for 375 and 414: they must be the same ones.
        let result = try solve("""
        {"sizes": [{"width": 320, "height": 100}, {"width": 375, "height": 100}, {"width": 414, "height": 100}],
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.left == root.left", "a.top == root.top", "a.height == 10", "a.width == 100",
                         {"equation": "a.width == 100", "id": "again"},
                         {"equation": "a.width <= root.width", "id": "cap"}]}
        """)
        #expect(result.layouts.count == 3)
        for layout in result.layouts {
            #expect(layout.warnings.map(\.constraint) == ["again"])
            #expect(layout.warnings.first?.kind == .redundant)
            #expect(layout.frames.first { $0.id == "a" }?.frame.width == 100)
        }
    }

    @Test func redundantConstraints() throws {
        // twice: the same width twice (the second is redundant); again: a.right == root.left + 100,
        // implied by a.left == 0 and a.width == 100 (the solver finds it reduces to 0 = 0);
        // atLeast: a.width >= 50 @750, implied by the required width 100; tall: a.height == 20
        // pinned again as height == 2 × height − 20; rootWidth: the root's given size, restated.
        // Two copies of an optional constraint (soft, soft2) are not redundant: they weigh double.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}],
         "constraints": ["a.left == root.left", "a.top == root.top", "a.width == 100", "a.height == 20",
                         {"equation": "a.width == 100", "id": "twice"},
                         {"equation": "a.right == root.left + 100", "id": "again"},
                         {"equation": "a.width >= 50 @750", "id": "atLeast"},
                         {"firstItem": "a", "firstAttribute": "height", "multiplier": 2, "constant": -20, "id": "tall",
                          "secondItem": "a", "secondAttribute": "height"},
                         {"equation": "root.width == 375", "id": "rootWidth"},
                         "b.left == root.left", "b.top == root.top", "b.height == 10",
                         {"equation": "b.width == 40 @500", "id": "soft"}, {"equation": "b.width == 40 @500", "id": "soft2"}]}
        """)
        #expect(result.status == .ok)
        expectFrame(result.frame("a"), 0, 0, 100, 20)
        let warnings = result.layouts[0].warnings
        #expect(warnings.map(\.constraint) == ["twice", "again", "atLeast", "tall", "rootWidth"])
        #expect(warnings.allSatisfy { $0.kind == .redundant })
        #expect(warnings.first?.message == "'twice' (a.width == 100) is implied by 'constraints[2]' (a.width == 100): removing it changes nothing")
    }

    @Test func boundsOnOneWidth() throws {
        // Required a.width >= 10, >= 20, >= 20 again, <= 50: latest first, lo20b is implied by
        // lo20 (the earliest of the tightest), lo20 by nothing left (lo10 is looser), lo10 by
        // lo20. The required interval is then [20, 50]. Optional: wide5 (>= 5 @700) is implied by
        // it (by lo20); cap40 (<= 40 @800) and cap45 (<= 45 @600) by eq30 (== 30 @900, the
        // tightest stronger bound); eq30low (== 30 @300) by eq30; wide60 (>= 60 @500) is ruled
        // out by hi50, 10 short. eq30 holds: a.width = 30.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.left == root.left", "a.top == root.top", "a.height == 20",
                         {"equation": "a.width >= 10", "id": "lo10"}, {"equation": "a.width >= 20", "id": "lo20"},
                         {"equation": "a.width >= 20", "id": "lo20b"}, {"equation": "a.width <= 50", "id": "hi50"},
                         {"equation": "a.width >= 5 @700", "id": "wide5"}, {"equation": "a.width <= 40 @800", "id": "cap40"},
                         {"equation": "a.width <= 45 @600", "id": "cap45"}, {"equation": "a.width == 30 @900", "id": "eq30"},
                         {"equation": "a.width == 30 @300", "id": "eq30low"}, {"equation": "a.width >= 60 @500", "id": "wide60"}]}
        """)
        expectFrame(result.frame("a"), 0, 0, 30, 20)
        let warnings = result.layouts[0].warnings
        #expect(warnings.map(\.constraint) == ["lo10", "lo20b", "wide5", "cap40", "cap45", "eq30low", "wide60"])
        #expect(warnings.map(\.kind) == [.redundant, .redundant, .redundant, .redundant, .redundant, .redundant, .neverActive])
        let reasons = warnings.map { $0.message.split(separator: "'").dropFirst(2).first.map(String.init) ?? "" }
        #expect(reasons == ["lo20", "lo20", "lo20", "eq30", "eq30", "eq30", "hi50"])
        #expect(warnings.last?.message.contains("violated by at least 10 in every layout") == true)
    }

    @Test func anOptionalConstraintOverriddenByARequiredOneIsNeverActive() throws {
        // a.width == 100 (required) leaves a.width == 300 @750 no chance: violated by 200 always.
        let result = try solve("""
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.left == root.left", "a.top == root.top", "a.height == 20", {"equation": "a.width == 100", "id": "fixed"},
                         {"equation": "a.width == 300 @750", "id": "wish"}, {"equation": "a.width <= 150 @750", "id": "cap"}]}
        """)
        #expect(result.status == .ok)
        let warnings = result.layouts[0].warnings
        #expect(warnings.map(\.constraint) == ["wish", "cap"])
        #expect(warnings.map(\.kind) == [.neverActive, .redundant])
        #expect(warnings.first?.message == "'wish' (a.width == 300 @750) can never hold: the required 'fixed' (a.width == 100) rules it out, "
            + "so it is violated by at least 200 in every layout; remove it, or make the required one optional")
    }

    @Test func explainIsValidated() {
        let views = #""views": [{"id": "root", "safeAreaInsets": {"top": 20}}, {"id": "a", "parent": "root"}]"#
        let unknown = problem(#"{\#(views), "explain": ["a", "ghost"]}"#)
        #expect(unknown?.status == 422)
        #expect(unknown?.type == "unknown-view")
        #expect(unknown?.pointer.description == "/explain/1")
        let guide = problem(#"{\#(views), "explain": ["root.safeArea"]}"#)
        #expect(guide?.status == 422)
        #expect(guide?.detail.contains("explain its view 'root'") == true)
        let notAString = problem(#"{\#(views), "explain": [7]}"#)
        #expect(notAString?.status == 400)
        #expect(notAString?.pointer.description == "/explain/0")
        let notAnArray = problem(#"{\#(views), "explain": "a"}"#)
        #expect(notAnArray?.status == 400)
        #expect(notAnArray?.pointer.description == "/explain")
        let many = problem(#"{\#(views), "explain": [\#(Array(repeating: "\"a\"", count: 101).joined(separator: ","))]}"#)
        #expect(many?.status == 422)
        #expect(many?.type == "limit-explain")
    }
}
