import JSON
import Testing
@testable import LayoutModel

@Suite("Plain constraints")
struct LanguagesPlainConstraintTests {
    @Test func fullFields() throws {
        let cs = try langExpand(#"{"id":"gap","firstItem":"b","firstAttribute":"leading","relation":">=","secondItem":"a","secondAttribute":"trailing","multiplier":2,"constant":8,"priority":750}"#)
        #expect(cs == [LayoutConstraint(id: "gap", firstItem: "b", firstAttribute: .leading, relation: .greaterThanOrEqual,
                                        secondItem: "a", secondAttribute: .trailing, multiplier: 2, constant: 8,
                                        priority: LayoutPriority(750)!, pointer: JSONPointer() / "constraints" / 0)])
        #expect(cs[0].debugDescription == "b.leading >= a.trailing * 2 + 8 @750")
    }

    @Test func defaults() throws {
        let cs = try langExpand(#"{"firstItem":"a","firstAttribute":"width","secondItem":"b"}"#, index: 3)
        #expect(cs.count == 1)
        #expect(cs[0].id == "constraints[3]")
        #expect(cs[0].secondAttribute == .width)
        #expect(cs[0].relation == .equal && cs[0].multiplier == 1 && cs[0].constant == 0 && cs[0].priority == .required)
        #expect(cs[0].pointer.description == "/constraints/3")
    }

    /// `LayoutAttribute(wireName:)` gives the case at each index of `wireNames` (every raw value
    /// in declaration order, then `baseline`), and every attribute reads back from its name.
    @Test func everyAttributeWireNameGivesItsCase() throws {
        let names = LayoutAttribute.wireNames.names
        #expect(names.count == LayoutAttribute.allCases.count + 1)
        for (index, attribute) in LayoutAttribute.allCases.enumerated() {
            #expect(names[index] == attribute.rawValue)
            #expect(LayoutAttribute(wireName: index) == attribute)
            #expect(LayoutAttribute(name: attribute.rawValue) == attribute)
        }
        #expect(names.last == "baseline")
        #expect(LayoutAttribute(wireName: names.count - 1) == .lastBaseline)
        for attribute in LayoutAttribute.allCases where attribute != .notAnAttribute {
            let cs = try langExpand(#"{"firstItem":"a","firstAttribute":"\#(attribute.rawValue)","secondItem":"b","secondAttribute":"\#(attribute.rawValue)"}"#)
            #expect(cs.map(\.firstAttribute) == [attribute])
            #expect(cs.map(\.secondAttribute) == [attribute])
        }
    }

    /// `Field.count` is the number of field names, in `Field` order: the names a plain constraint
    /// is read against are the first `Field.count` of `ConstraintKeys.current.element`.
    @Test func fieldCountMatchesTheFieldNames() {
        #expect(PlainConstraintForm.Field.count == PlainConstraintForm.fieldNames.count)
        #expect(Array(ConstraintKeys.current.element.names.prefix(PlainConstraintForm.Field.count)) == PlainConstraintForm.fieldNames)
        for (index, name) in PlainConstraintForm.fieldNames.enumerated() {
            #expect(PlainConstraintForm.Field(rawValue: index) != nil, "\(name)")
        }
    }

    /// A constraint without an id is named by its position, short (a small string) or long.
    @Test func defaultIDsNameThePosition() throws {
        for index in [0, 9, 10, 99, 100, 1234, 8191, 8192, 8193, 123_456] {
            let cs = try langExpand(#"{"firstItem":"a","firstAttribute":"width","constant":1}"#, index: index)
            #expect(cs[0].id == "constraints[\(index)]")
        }
    }

    @Test func relationNamesAndPriorityNames() throws {
        let cs = try langExpand(#"{"firstItem":"a","firstAttribute":"height","relation":"lessThanOrEqual","constant":-5,"priority":"low"}"#)
        #expect(cs[0].relation == .lessThanOrEqual)
        #expect(cs[0].priority == .defaultLow)
        #expect(cs[0].secondItem == nil)
        #expect(cs[0].debugDescription == "a.height <= -5 @250")   // a negative constant size is legal
        let fitting = try langExpand(#"{"firstItem":"a","firstAttribute":"width","priority":"fittingSize","relation":"greaterThanOrEqual"}"#)
        #expect(fitting[0].priority.value == 50)
        #expect(fitting[0].relation == .greaterThanOrEqual)
    }

    @Test func locationWithoutSecondItemUsesSuperview() throws {
        let cs = try langExpand(#"{"firstItem":"a","firstAttribute":"left","constant":10}"#)
        #expect(cs[0].debugDescription == "a.left == container.left + 10")
        let named = try langExpand(#"{"firstItem":"title","firstAttribute":"centerX","secondAttribute":"left","constant":100}"#)
        #expect(named[0].debugDescription == "title.centerX == root.left + 100")
    }

    @Test func locationOnRootIsAConstant() {
        let p = langProblem { () throws(LayoutProblem) in try langExpand(#"{"firstItem":"root","firstAttribute":"top","constant":10}"#) }
        #expect(p?.status == 422)
        #expect(p?.type == "location-constant")
        #expect(p?.detail.hasPrefix(ConstraintValidation.locationConstant) == true)
    }

    @Test func aspectRatioIsLegal() throws {
        let cs = try langExpand(#"{"firstItem":"a","firstAttribute":"width","secondItem":"a","secondAttribute":"height","multiplier":1.5}"#)
        #expect(cs[0].debugDescription == "a.width == a.height * 1.5")
    }

    @Test func schemaErrors() {
        let unknownField = langProblem { () throws(LayoutProblem) in try langExpand(#"{"firstItem":"a","firstAttribute":"width","colour":1}"#) }
        #expect(unknownField?.status == 400)
        #expect(unknownField?.type == "schema")
        #expect(unknownField?.pointer.description == "/constraints/0/colour")
        let wrongType = langProblem { () throws(LayoutProblem) in try langExpand(#"{"firstItem":"a","firstAttribute":"width","constant":"10"}"#) }
        #expect(wrongType?.status == 400)
        #expect(wrongType?.pointer.description == "/constraints/0/constant")
        let missing = langProblem { () throws(LayoutProblem) in try langExpand(#"{"firstItem":"a"}"#) }
        #expect(missing?.status == 400)
        let notObject = langProblem { () throws(LayoutProblem) in try langExpand("42") }
        #expect(notObject?.status == 400)
        #expect(notObject?.pointer.description == "/constraints/0")
        let unknownForm = langProblem { () throws(LayoutProblem) in try langExpand(#"{"item":"a"}"#) }
        #expect(unknownForm?.status == 400)
    }

    @Test func valueErrors() {
        func check(_ text: String, _ type: String, _ pointer: String, status: Int = 422, _ sourceLocation: SourceLocation = #_sourceLocation) {
            let p = langProblem { () throws(LayoutProblem) in try langExpand(text) }
            #expect(p?.status == status, sourceLocation: sourceLocation)
            #expect(p?.type == type, sourceLocation: sourceLocation)
            #expect(p?.pointer.description == pointer, sourceLocation: sourceLocation)
        }
        check(#"{"firstItem":"a","firstAttribute":"wide"}"#, "unknown-attribute", "/constraints/0/firstAttribute")
        check(#"{"firstItem":"a","firstAttribute":"width","secondItem":"b","secondAttribute":"tall"}"#, "unknown-attribute", "/constraints/0/secondAttribute")
        check(#"{"firstItem":"ghost","firstAttribute":"width"}"#, "unknown-view", "/constraints/0/firstItem")
        check(#"{"firstItem":"a","firstAttribute":"width","secondItem":"ghost"}"#, "unknown-view", "/constraints/0/secondItem")
        check(#"{"firstItem":null,"firstAttribute":"width"}"#, "missing-item", "/constraints/0/firstItem")
        check(#"{"firstItem":"","firstAttribute":"width"}"#, "missing-item", "/constraints/0/firstItem")
        check(#"{"firstItem":"a","firstAttribute":"width","secondItem":"b","secondAttribute":"left"}"#, "invalid-pairing", "/constraints/0/secondAttribute")
        check(#"{"firstItem":"a","firstAttribute":"left","secondItem":"b","secondAttribute":"top"}"#, "invalid-pairing", "/constraints/0/secondAttribute")
        check(#"{"firstItem":"a","firstAttribute":"leading","secondItem":"b","secondAttribute":"right"}"#, "invalid-pairing", "/constraints/0/secondAttribute")
        check(#"{"firstItem":"a","firstAttribute":"left","secondItem":"b","multiplier":0}"#, "location-constant", "/constraints/0/multiplier")
        check(#"{"firstItem":"a","firstAttribute":"width","secondItem":"b","multiplier":0}"#, "invalid-multiplier", "/constraints/0/multiplier")
        check(#"{"firstItem":"a","firstAttribute":"width","constant":1e999}"#, "invalid-number", "/constraints/0/constant")
        check(#"{"firstItem":"a","firstAttribute":"width","priority":0}"#, "invalid-priority", "/constraints/0/priority")
        check(#"{"firstItem":"a","firstAttribute":"width","priority":1001}"#, "invalid-priority", "/constraints/0/priority")
        check(#"{"firstItem":"a","firstAttribute":"width","priority":"urgent"}"#, "invalid-priority", "/constraints/0/priority")
        check(#"{"firstItem":"a","firstAttribute":"width","relation":"="}"#, "invalid-relation", "/constraints/0/relation")
        check(#"{"firstItem":"a","firstAttribute":"width","secondItem":"island"}"#, "no-common-ancestor", "/constraints/0/secondItem")
        check(#"{"firstItem":"a","firstAttribute":"notAnAttribute"}"#, "invalid-pairing", "/constraints/0/firstAttribute")
    }

    @Test func priorityMessagesAreApples() {
        let zero = langProblem { () throws(LayoutProblem) in try langExpand(#"{"firstItem":"a","firstAttribute":"width","priority":0}"#) }
        #expect(zero?.detail == "Invalid priority specified: 0. Priority must be greater than 0")
        let high = langProblem { () throws(LayoutProblem) in try langExpand(#"{"firstItem":"a","firstAttribute":"width","priority":1001}"#) }
        #expect(high?.detail == "Invalid priority specified: 1001. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.")
    }

    @Test func leadingTrailingMixMessage() {
        let p = langProblem { () throws(LayoutProblem) in try langExpand(#"{"firstItem":"a","firstAttribute":"left","secondItem":"b","secondAttribute":"trailing"}"#) }
        #expect(p?.detail == ConstraintValidation.directionalMix)
        let center = try? langExpand(#"{"firstItem":"a","firstAttribute":"centerX","secondItem":"b","secondAttribute":"leading"}"#)
        #expect(center?.count == 1)
    }

    @Test func guides() throws {
        let cs = try langExpand(#"{"firstItem":"title","firstAttribute":"top","secondItem":"root.safeArea","secondAttribute":"top","constant":8}"#)
        #expect(cs[0].debugDescription == "title.top == root.safeArea.top + 8")
    }
}

@Suite("Equation strings")
struct LanguagesEquationTests {
    @Test func fullForm() throws {
        let cs = try langEquation("b.leading >= a.trailing * 2 + 8 @750", index: 2)
        #expect(cs == [LayoutConstraint(id: "constraints[2]", firstItem: "b", firstAttribute: .leading, relation: .greaterThanOrEqual,
                                        secondItem: "a", secondAttribute: .trailing, multiplier: 2, constant: 8,
                                        priority: LayoutPriority(750)!, pointer: JSONPointer() / "constraints" / 2)])
    }

    @Test(arguments: [
        ("a.left == b.left", "a.left == b.left"),
        ("a.left==b.right-10", "a.left == b.right - 10"),
        ("a.width == b.width / 2", "a.width == b.width * 0.5"),
        ("a.width == 0.5 * b.height + 3", "a.width == b.height * 0.5 + 3"),
        ("a.width <= 100", "a.width <= 100"),
        ("a.height >= -5 @low", "a.height >= -5 @250"),
        ("a.left == 20", "a.left == container.left + 20"),
        ("a.centerX == -20 @ high", "a.centerX == container.centerX - 20 @750"),
        ("title.top == root.safeArea.top + 8 @required", "title.top == root.safeArea.top + 8"),
        ("a.baseline == b.firstBaseline", "a.lastBaseline == b.firstBaseline"),
        ("a.width == b.width * 1e1 @999.5", "a.width == b.width * 10 @999.5"),
        ("a.width == b.width * -1", "a.width == b.width * -1"),
        ("a.top == b.bottom @fittingSize", "a.top == b.bottom @50"),
        ("a.leadingMargin == b.centerX @medium", "a.leadingMargin == b.centerX @500"),
    ])
    func forms(_ input: String, _ expected: String) throws {
        let cs = try langEquation(input)
        #expect(langDescriptions(cs) == [expected])
    }

    @Test func tripleEqualsReportsTheColumn() {
        let p = langProblem { () throws(LayoutProblem) in try langEquation("a.left === b.left") }
        #expect(p?.status == 422)
        #expect(p?.type == "parse-error")
        #expect(p?.pointer.description == "/constraints/0")
        #expect(p?.detail == "column 10: expected an item or a number after '==' at column 8, found '='\na.left === b.left\n         ^")
    }

    @Test(arguments: [
        ("", 1, "parse-error"),
        ("a.left", 7, "parse-error"),
        ("a.left = b.left", 8, "parse-error"),
        ("a.left == ", 11, "parse-error"),
        ("a == b.left", 1, "parse-error"),
        ("a.left == b.left +", 19, "parse-error"),
        ("a.left == b.left + c", 20, "parse-error"),
        ("a.left == b.left 10", 18, "parse-error"),
        ("a.left == b.left @", 19, "parse-error"),
        ("a.left == b.left @ urgent", 20, "invalid-priority"),
        ("a.left == b.left @0", 19, "invalid-priority"),
        ("a.left == b.left @1000.5", 19, "invalid-priority"),
        ("a.left == b.left @-3", 19, "invalid-priority"),
        ("ghost.left == b.left", 1, "unknown-view"),
        ("a.left == ghost.left", 11, "unknown-view"),
        ("a.lefty == b.left", 3, "unknown-attribute"),
        ("a.left == b.notAnAttribute", 13, "unknown-attribute"),
        ("a.width == b.width / 0", 20, "invalid-multiplier"),
        ("a.width == 1e999", 12, "invalid-number"),
        ("a.width == 2 * b.width * 3", 24, "parse-error"),
        ("a.left == b.left # c", 18, "parse-error"),
        ("a..left == b.left", 3, "parse-error"),
        ("a.left == b.", 13, "parse-error"),
        ("a.width == 5 b.width", 14, "parse-error"),
        ("a.width == 5e", 13, "parse-error"),
        ("a.width == 0x10", 13, "parse-error"),
        ("a.width == b.width * 2 / 3", 24, "parse-error"),
        ("a.width == b.width @750 @750", 25, "parse-error"),
        ("a.wídth == b.width", 3, "unknown-attribute"),
        ("é.width == b.width", 1, "parse-error"),
        ("a.width == b.width @ é", 22, "parse-error"),
    ])
    func errors(_ input: String, _ column: Int, _ type: String) {
        let p = langProblem { () throws(LayoutProblem) in try langEquation(input) }
        #expect(p?.status == 422)
        #expect(p?.type == type)
        #expect(p?.pointer.description == "/constraints/0")
        #expect(p?.detail.hasPrefix("column \(column):") == true, "\(p?.detail ?? "nil")")
        // the caret line sits under the column
        #expect(p?.detail.split(separator: "\n", omittingEmptySubsequences: false).last == Substring(String(repeating: " ", count: column - 1) + "^"))
    }

    @Test func validationAppliesToEquations() {
        #expect(langProblem { () throws(LayoutProblem) in try langEquation("a.left == b.top") }?.type == "invalid-pairing")
        #expect(langProblem { () throws(LayoutProblem) in try langEquation("a.width == b.left") }?.type == "invalid-pairing")
        #expect(langProblem { () throws(LayoutProblem) in try langEquation("root.left == 10") }?.type == "location-constant")
        #expect(langProblem { () throws(LayoutProblem) in try langEquation("a.left == 0 * b.left + 3") }?.type == "location-constant")
        #expect(langProblem { () throws(LayoutProblem) in try langEquation("a.leading == b.left") }?.detail == ConstraintValidation.directionalMix)
    }

    /// In a request the items are matched on the string's bytes in place, in the view tree:
    /// equations with JSON escapes, an owned guide, numbers written `.5`, `1.`, `007` and `1.e1`,
    /// a priority name and Masonry's implicit superview read as the plain constraints written
    /// for them by hand.
    @Test func equationsInARequestReadAsTheirPlainForms() throws {
        let equations = [
            #""a.left == b.right + .5""#,
            #""a.width == b.width * 1. - 007""#,
            #""a.top == root.safeArea.top + 1.e1 @high""#,
            #""a\u002eheight \u003c= 20""#,
            #""b.centerX == 8""#,
        ]
        let plain = [
            #"{"firstItem":"a","firstAttribute":"left","secondItem":"b","secondAttribute":"right","constant":0.5}"#,
            #"{"firstItem":"a","firstAttribute":"width","secondItem":"b","secondAttribute":"width","constant":-7}"#,
            #"{"firstItem":"a","firstAttribute":"top","secondItem":"root.safeArea","secondAttribute":"top","constant":10,"priority":750}"#,
            #"{"firstItem":"a","firstAttribute":"height","relation":"<=","constant":20}"#,
            #"{"firstItem":"b","firstAttribute":"centerX","constant":8}"#,
        ]
        func decode(_ constraints: [String]) throws(LayoutProblem) -> [LayoutConstraint] {
            let views = #"[{"id":"root","safeAreaInsets":{"top":44,"left":0,"bottom":34,"right":0}},{"id":"a","parent":"root"},{"id":"b","parent":"root"}]"#
            let body = #"{"size":{"width":375,"height":812},"views":\#(views),"constraints":[\#(constraints.joined(separator: ","))]}"#
            return try RequestDecoder.decode(Array(body.utf8)).constraints
        }
        let read = try decode(equations)
        #expect(read == (try decode(plain)))
        #expect(read.map(\.debugDescription) == [
            "a.left == b.right + 0.5", "a.width == b.width - 7", "a.top == root.safeArea.top + 10 @750",
            "a.height <= 20", "b.centerX == root.centerX + 8",
        ])
        // a is view 1 and b view 2; the guide and the implicit superview are found by name later.
        #expect(read.map(\.resolvedItems) == [
            ResolvedItems(first: 1, second: 2), ResolvedItems(first: 1, second: 2), ResolvedItems(first: 1, second: -1),
            ResolvedItems(first: 1, second: -1), ResolvedItems(first: 2, second: -1),
        ])
    }

    /// The benchmarks' twenty-view screen written as equation strings
    /// (`Benchmarks/requests/twenty-views-equations.json`) is the same request as its plain form.
    @Test func twentyViewScreenInEquationsIsItsPlainForm() throws {
        let equations = try benchmarkRequestConstraints("twenty-views-equations.json")
        #expect(equations.count == 65)
        #expect(equations == (try benchmarkRequestConstraints("twenty-views.json")))
    }

    @Test func equationObjectWithId() throws {
        let cs = try langExpand(#"{"equation":"a.width == 10","id":"w"}"#)
        #expect(cs.map(\.id) == ["w"])
        #expect(cs[0].pointer.description == "/constraints/0")
    }
}
