import JSON
import Testing
@testable import LayoutModel

/// Expands `{"visualFormat": format, ...extra}` and returns the Masonry-style descriptions.
private func vfl(_ format: String, _ extra: String = "", direction: LayoutDirection = .leftToRight) throws(LayoutProblem) -> [String] {
    let text = "{\"visualFormat\":\"\(format)\"\(extra.isEmpty ? "" : "," + extra)}"
    return langDescriptions(try langExpand(text, direction: direction))
}

private func vflProblem(_ format: String, _ extra: String = "") -> LayoutProblem? {
    langProblem { () throws(LayoutProblem) in
        try langExpand("{\"visualFormat\":\"\(format)\"\(extra.isEmpty ? "" : "," + extra)}")
    }
}

@Suite("Visual Format Language")
struct LanguagesVisualFormatTests {
    @Test func standardSpacingAndMargins() throws {
        #expect(try vfl("H:|-[a]-[b]-|") == [
            "a.leading == container.leadingMargin",
            "b.leading == a.trailing + 8",
            "container.trailingMargin == b.trailing",
        ])
        #expect(try vfl("V:|-[a]-|") == [
            "a.top == container.topMargin",
            "container.bottomMargin == a.bottom",
        ])
    }

    @Test func defaultOrientationIsHorizontal() throws {
        #expect(try vfl("[a]-[b]") == ["b.leading == a.trailing + 8"])
    }

    @Test func explicitAndFlushConnections() throws {
        #expect(try vfl("H:|-20-[a]-0-[b]-(30)-|") == [
            "a.leading == container.leading + 20",
            "b.leading == a.trailing",
            "container.trailing == b.trailing + 30",
        ])
        #expect(try vfl("H:|[a][b]|") == [
            "a.leading == container.leading",
            "b.leading == a.trailing",
            "container.trailing == b.trailing",
        ])
        #expect(try vfl("V:[a]-10.5-[b]") == ["b.top == a.bottom + 10.5"])
    }

    @Test func connectionPredicates() throws {
        #expect(try vfl("H:[a]-(>=20@750)-[b]") == ["b.leading >= a.trailing + 20 @750"])
        #expect(try vfl("H:[a]-(-10)-[b]") == ["b.leading == a.trailing - 10"])
        #expect(try vfl("H:[a]-(>=8,<=40@250)-[b]") == [
            "b.leading >= a.trailing + 8",
            "b.leading <= a.trailing + 40 @250",
        ])
        #expect(try vfl("H:|-(<=pad)-[a]", #""metrics":{"pad":12}"#) == ["a.leading <= container.leading + 12"])
    }

    @Test func metrics() throws {
        #expect(try vfl("H:|-pad-[a(w@p)]-gap-[b(>=w)]", #""metrics":{"pad":16,"w":100,"p":750,"gap":4}"#) == [
            "a.leading == container.leading + 16",
            "a.width == 100 @750",
            "b.leading == a.trailing + 4",
            "b.width >= 100",
        ])
    }

    @Test func viewPredicates() throws {
        #expect(try vfl("H:[a(100)]") == ["a.width == 100"])
        #expect(try vfl("H:[a(>=50,<=200@750)]") == ["a.width >= 50", "a.width <= 200 @750"])
        #expect(try vfl("H:[a][b(==a)]") == ["b.leading == a.trailing", "b.width == a.width"])
        #expect(try vfl("H:[b(==a@500)]") == ["b.width == a.width @500"])
        #expect(try vfl("V:[a(<=b)]") == ["a.height <= b.height"])
        #expect(try vfl("V:[a(-3)]") == ["a.height == -3"])
        #expect(try vfl("H:[a(100@20)]") == ["a.width == 100 @20"])
    }

    @Test func spacesAreIgnored() throws {
        #expect(try vfl(" H : | - [ a ( >= 50 ) ] - ( 20 ) - [ b ] | ") == [
            "a.leading == container.leadingMargin", "a.width >= 50",
            "b.leading == a.trailing + 20", "container.trailing == b.trailing",
        ])
    }

    @Test func guidesAsViewNames() throws {
        #expect(try vfl("V:[root.safeArea]-[title]") == ["title.top == root.safeArea.bottom + 8"])
    }

    @Test func ids() throws {
        let cs = try langExpand(#"{"visualFormat":"H:|-[a]-|"}"#, index: 4)
        #expect(cs.map(\.id) == ["constraints[4].0", "constraints[4].1"])
        #expect(cs.allSatisfy { $0.pointer.description == "/constraints/4" })
        let named = try langExpand(#"{"visualFormat":"H:|-[a]-|","id":"row"}"#)
        #expect(named.map(\.id) == ["row.0", "row.1"])
        let single = try langExpand(#"{"visualFormat":"H:[a(10)]","id":"w"}"#)
        #expect(single.map(\.id) == ["w"])
    }

    @Test func alignmentOptions() throws {
        #expect(try vfl("H:[a]-[b]-[c]", #""options":["alignAllTop","alignAllBottom"]"#) == [
            "b.leading == a.trailing + 8", "c.leading == b.trailing + 8",
            "b.top == a.top", "c.top == b.top",
            "b.bottom == a.bottom", "c.bottom == b.bottom",
        ])
        for (name, attr) in [("alignAllCenterY", "centerY"), ("alignAllBaseline", "lastBaseline"),
                             ("alignAllLastBaseline", "lastBaseline"), ("alignAllFirstBaseline", "firstBaseline")] {
            #expect(try vfl("H:[a][b]", "\"options\":[\"\(name)\"]") == ["b.leading == a.trailing", "b.\(attr) == a.\(attr)"])
        }
        for (name, attr) in [("alignAllLeft", "left"), ("alignAllRight", "right"), ("alignAllLeading", "leading"),
                             ("alignAllTrailing", "trailing"), ("alignAllCenterX", "centerX")] {
            #expect(try vfl("V:[a][b]", "\"options\":[\"\(name)\"]") == ["b.top == a.bottom", "b.\(attr) == a.\(attr)"])
        }
        #expect(try vfl("H:[a]", #""options":"alignAllTop""#) == [])
    }

    @Test func alignmentMustBePerpendicular() {
        let h = vflProblem("H:[a][b]", #""options":["alignAllTop","alignAllLeading"]"#)
        #expect(h?.status == 422)
        #expect(h?.type == "invalid-options")
        #expect(h?.pointer.description == "/constraints/0/options/1")
        #expect(h?.detail == "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also horizontal.")
        let v = vflProblem("V:[a][b]", #""options":["alignAllCenterY"]"#)
        #expect(v?.detail == "Options mask required views to be aligned on a vertical edge, which is not allowed for layout that is also vertical.")
        #expect(vflProblem("[a]", #""options":["alignAllSideways"]"#)?.type == "invalid-options")
        #expect(vflProblem("[a]", #""options":[3]"#)?.status == 400)
        #expect(vflProblem("[a]", #""options":["directionLeftToRight","directionRightToLeft"]"#)?.type == "invalid-options")
    }

    @Test func directionOptions() throws {
        #expect(try vfl("H:|-[a]-[b]-10-|", #""options":["directionLeftToRight"]"#) == [
            "a.left == container.leftMargin", "b.left == a.right + 8", "container.right == b.right + 10",
        ])
        #expect(try vfl("H:|-[a]-[b]-10-|", #""options":["directionLeadingToTrailing"]"#) == [
            "a.leading == container.leadingMargin", "b.leading == a.trailing + 8", "container.trailing == b.trailing + 10",
        ])
        // Right to left: a sits at the right margin, b to its left, 10 from the left edge.
        #expect(try vfl("H:|-[a]-(>=4)-[b]-10-|", #""options":["directionRightToLeft"]"#) == [
            "container.rightMargin == a.right", "a.left >= b.right + 4", "b.left == container.left + 10",
        ])
        #expect(try vfl("H:|[a]|", #""options":["directionRightToLeft"]"#) == [
            "container.right == a.right", "a.left == container.left",
        ])
        // Vertical layouts ignore the direction.
        #expect(try vfl("V:|[a]", #""options":["directionRightToLeft"]"#) == ["a.top == container.top"])
        // The request's layout direction does not change leading/trailing (the compiler resolves them).
        #expect(try vfl("H:|-[a]", direction: .rightToLeft) == ["a.leading == container.leadingMargin"])
    }

    @Test func baselineToBaseline() throws {
        #expect(try vfl("V:|-[a]-[b]-(>=20)-|", #""options":["spacingBaselineToBaseline"]"#) == [
            "a.top == container.topMargin",
            "b.firstBaseline == a.lastBaseline + 8",
            "container.bottom >= b.bottom + 20",
        ])
        #expect(try vfl("V:[a]-[b]", #""options":["spacingEdgeToEdge"]"#) == ["b.top == a.bottom + 8"])
        let h = vflProblem("H:[a][b]", #""options":["spacingBaselineToBaseline"]"#)
        #expect(h?.detail == "BaselineToBaseline format option not valid for horizontal layout")
        #expect(h?.pointer.description == "/constraints/0/options/0")
    }

    @Test func superviewIsTheCommonParent() throws {
        #expect(try vfl("H:|-[title]-[other]-|") == [
            "title.leading == root.leadingMargin", "other.leading == title.trailing + 8", "root.trailingMargin == other.trailing",
        ])
        #expect(try vfl("H:|[a]-[title]") == ["a.leading == root.leading", "title.leading == a.trailing + 8"])
        let p = vflProblem("H:|[root]")
        #expect(p?.type == "no-superview")
        #expect(p?.detail.hasPrefix("Unable to parse constraint format: \nUnable to interpret '|' character, because the related view doesn't have a superview \nH:|[root] \n  ^") == true)
        // No '|': views without a superview are fine.
        #expect(try vfl("V:[root(100)]") == ["root.height == 100"])
    }

    @Test func appleErrorFormat() {
        let p = vflProblem("H:|-[a")
        #expect(p?.status == 422)
        #expect(p?.type == "parse-error")
        #expect(p?.pointer.description == "/constraints/0/visualFormat")
        #expect(p?.detail == "Unable to parse constraint format: \nA predicate on a view's thickness must end with ')' and the view must end with ']' \nH:|-[a \n      ^\n(at character 6)")
    }

    @Test(arguments: [
        ("V[a]", 1, "Expected ':' after 'V' to specify vertical arrangement", "parse-error"),
        ("H|[a]", 1, "Expected ':' after 'H' to specify horizontal arrangement", "parse-error"),
        ("", 0, "Expected a view or '|'", "parse-error"),
        ("H:", 2, "Expected a view or '|'", "parse-error"),
        ("H:-[a]", 2, "Expected a view or '|'", "parse-error"),
        ("H:|", 3, "Expected a view", "parse-error"),
        ("H:|x", 3, "Expected a connection after the '|' character", "parse-error"),
        ("H:|-10-|", 7, "Expected a view", "parse-error"),
        ("H:[a(100]", 8, "A predicate on a view's thickness must end with ')' and the view must end with ']'", "parse-error"),
        ("H:[a(100)", 9, "A predicate on a view's thickness must end with ')' and the view must end with ']'", "parse-error"),
        ("H:[a]-", 6, "Expected a view or '|'", "parse-error"),
        ("H:[a]-10", 8, "Expected a '-' here", "parse-error"),
        ("H:[a]-10[b]", 8, "Expected a '-' here", "parse-error"),
        ("H:[a]--10-[b]", 6, "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.", "parse-error"),
        ("H:[a]-|-[b]", 7, "Expected the end of the format string", "parse-error"),
        ("H:[a]x", 5, "Expected a view or '|'", "parse-error"),
        ("H:[a]-#-[b]", 6, "Expected a number or key from the metrics dictionary, but encountered something else", "parse-error"),
        ("H:[a(=100)]", 5, "Unknown relation. Must be ==, >=, or <=", "parse-error"),
        ("H:[a(=>100)]", 5, "Unknown relation. Must be ==, >=, or <=", "parse-error"),
        ("H:[a(==)]", 7, "Expected a number or key from the metrics dictionary, but encountered something else", "parse-error"),
        ("H:[ghost]", 3, "ghost is not a key in the views dictionary.", "unknown-view"),
        ("H:[a]-[ghost]", 7, "ghost is not a key in the views dictionary.", "unknown-view"),
        ("H:[a]-gap-[b]", 6, "Encountered metric with name \"gap\", but value was not specified in metrics or views dictionaries", "unknown-metric"),
        ("H:[a(w)]", 5, "Encountered metric with name \"w\", but value was not specified in metrics or views dictionaries", "unknown-metric"),
        ("H:[a]-b-[c]", 6, "It's not possible to set a space equal to the width or height of a view. Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]", "parse-error"),
        ("H:[a(100@0)]", 9, "Invalid priority specified: 0. Priority must be greater than 0", "invalid-priority"),
        ("H:[a(100@1001)]", 9, "Invalid priority specified: 1001. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.", "invalid-priority"),
        ("H:[a]-(10@p)-[b]", 10, "Encountered metric with name \"p\", but value was not specified in metrics or views dictionaries", "unknown-metric"),
        ("H:[a]-(10;20)-[b]", 9, "A predicate list must be separated by ',' and end with ')'", "parse-error"),
        ("H:[]", 3, "Expected a view", "parse-error"),
        ("H:[a]-1e999-[b]", 6, "The number 1e999 is out of range", "invalid-number"),
        ("H:[a]-[é]", 7, "Non-ASCII characters are not allowed in a visual format string", "parse-error"),
    ])
    func errors(_ format: String, _ position: Int, _ message: String, _ type: String) {
        let p = vflProblem(format)
        #expect(p?.status == 422)
        #expect(p?.type == type)
        #expect(p?.pointer.description == "/constraints/0/visualFormat")
        let expected = "Unable to parse constraint format: \n\(message) \n\(format) \n\(String(repeating: " ", count: position))^\n(at character \(position))"
        #expect(p?.detail == expected)
    }

    @Test func metricsMustBeFiniteNumbers() {
        let p = vflProblem("[a]", #""metrics":{"w":"wide"}"#)
        #expect(p?.status == 400)
        #expect(p?.pointer.description == "/constraints/0/metrics/w")
        let inf = vflProblem("[a]", #""metrics":{"w":-1e999}"#)
        #expect(inf?.status == 422)
        #expect(inf?.type == "invalid-number")
        #expect(inf?.pointer.description == "/constraints/0/metrics/w")
        #expect(vflProblem("[a]", #""views":{}"#)?.pointer.description == "/constraints/0/views")
        #expect(vflProblem("[a]", #""metrics":[]"#)?.status == 400)
    }
}
