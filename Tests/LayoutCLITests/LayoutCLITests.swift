import Foundation
import Testing

/// The `layout` executable, run as a user would: it prints what POST /solve returns and exits
/// 0 (ok), 1 (conflict or ambiguous) or 2 (invalid input).
@Suite struct LayoutCLITests {
    /// The built `layout` next to the test bundle.
    static let executable: URL = {
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
            ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return bundle.deletingLastPathComponent().appendingPathComponent("layout")
    }()

    func run(_ arguments: [String], stdin: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func solvesACentredBox() throws {
        let (status, output) = try run(["solve", "-"], stdin: """
        {"size": {"width": 375, "height": 667}, "views": [{"id": "root"}, {"id": "box", "parent": "root"}],
         "constraints": ["box.centerX == root.centerX", "box.centerY == root.centerY", "box.width == 200", "box.height == 200"]}
        """)
        #expect(status == 0)
        #expect(output == #"{"status":"ok","size":{"width":375,"height":667},"frames":{"root":{"x":0,"y":0,"width":375,"height":667},"box":{"x":87.5,"y":233.5,"width":200,"height":200}},"conflicts":[],"ambiguities":[],"warnings":[]}"# + "\n")
    }

    @Test func conflictExitsOne() throws {
        let (status, output) = try run(["solve", "-"], stdin: """
        {"size": {"width": 100, "height": 100}, "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.width == 10", "a.width == 20", "a.left == root.left", "a.top == root.top", "a.height == 5"]}
        """)
        #expect(status == 1)
        #expect(output.contains(#""broken":"constraints[1]""#))
    }

    @Test func ambiguityExitsOne() throws {
        let (status, _) = try run(["solve", "-"], stdin: #"{"size": {"width": 100, "height": 100}, "views": [{"id": "root"}, {"id": "a", "parent": "root"}]}"#)
        #expect(status == 1)
    }

    @Test func invalidInputExitsTwoWithTheProblem() throws {
        let (status, output) = try run(["solve", "-"], stdin: "{\"views\": 3}")
        #expect(status == 2)
        #expect(output.contains(#""status":400"#))
    }

    @Test func rendersAnSVGFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("layout-render-\(getpid()).svg").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, output) = try run(["render", "-", "-o", path], stdin: """
        {"size": {"width": 375, "height": 667}, "views": [{"id": "root"}, {"id": "box", "parent": "root"}],
         "constraints": ["box.centerX == root.centerX", "box.centerY == root.centerY", "box.width == 200", "box.height == 200"]}
        """)
        #expect(status == 0)
        #expect(output.isEmpty)
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml"))
        // (375 − 200) / 2 = 87.5, (667 − 200) / 2 = 233.5.
        #expect(svg.contains(#"data-view="box""#) && svg.contains(#"x="87.5" y="233.5" width="200" height="200""#))
    }

    @Test func renderRefusesInvalidInputWithoutWriting() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("layout-render-bad-\(getpid()).svg").path
        let (status, output) = try run(["render", "-", "-o", path], stdin: "{\"views\": 3}")
        #expect(status == 2)
        #expect(output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// The README's gallery: every docs/examples/NAME.json drawn by the CLI is byte for byte the
    /// committed NAME.svg (redraw them with `bash docs/examples/render.sh`).
    @Test func galleryDrawingsAreUpToDate() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/examples")
        let requests = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(requests.count >= 4)
        for request in requests {
            let (status, drawn) = try run(["render", examples.appendingPathComponent(request).path], stdin: "")
            #expect(status == 0 || status == 1, "\(request): exit \(status)")
            let committed = try? String(contentsOf: examples.appendingPathComponent(request.replacingOccurrences(of: ".json", with: ".svg")), encoding: .utf8)
            #expect(drawn == committed, "docs/examples/\(request): the committed SVG is out of date; run bash docs/examples/render.sh")
        }
    }

    @Test func expandPrintsPlainConstraintsThatPostBackToTheSameAnswer() throws {
        let request = """
        {"size": {"width": 300, "height": 100},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}, {"id": "b", "parent": "root"}],
         "constraints": ["a.top == root.top + 10", {"visualFormat": "H:|-[a]-[b(==a)]-|"},
                         {"view": "b", "make": "top.height", "equalTo": "a", "key": "row"}, "a.height == 20 @750"]}
        """
        let (status, output) = try run(["expand", "-"], stdin: request)
        #expect(status == 0)
        // The equation is one constraint (constraints[0]); the visual format four (constraints[1].0…3:
        // |- binds to root's leading margin, - is 8, (==a) an equal width, -| root's trailing margin);
        // the Masonry chain two, named by its key; the last equation keeps its priority 750 and, a
        // constant size, has no second item. Other members are written back as they were.
        let plain = [
            #"{"id":"constraints[0]","firstItem":"a","firstAttribute":"top","relation":"==","secondItem":"root","secondAttribute":"top","multiplier":1,"constant":10,"priority":1000}"#,
            #"{"id":"constraints[1].0","firstItem":"a","firstAttribute":"leading","relation":"==","secondItem":"root","secondAttribute":"leadingMargin","multiplier":1,"constant":0,"priority":1000}"#,
            #"{"id":"constraints[1].1","firstItem":"b","firstAttribute":"leading","relation":"==","secondItem":"a","secondAttribute":"trailing","multiplier":1,"constant":8,"priority":1000}"#,
            #"{"id":"constraints[1].2","firstItem":"b","firstAttribute":"width","relation":"==","secondItem":"a","secondAttribute":"width","multiplier":1,"constant":0,"priority":1000}"#,
            #"{"id":"constraints[1].3","firstItem":"root","firstAttribute":"trailingMargin","relation":"==","secondItem":"b","secondAttribute":"trailing","multiplier":1,"constant":0,"priority":1000}"#,
            #"{"id":"row.0","firstItem":"b","firstAttribute":"top","relation":"==","secondItem":"a","secondAttribute":"top","multiplier":1,"constant":0,"priority":1000}"#,
            #"{"id":"row.1","firstItem":"b","firstAttribute":"height","relation":"==","secondItem":"a","secondAttribute":"height","multiplier":1,"constant":0,"priority":1000}"#,
            #"{"id":"constraints[3]","firstItem":"a","firstAttribute":"height","relation":"==","multiplier":1,"constant":20,"priority":750}"#,
        ]
        #expect(output == #"{"size":{"width":300,"height":100},"views":[{"id":"root"},{"id":"a","parent":"root"},{"id":"b","parent":"root"}],"constraints":["#
            + plain.joined(separator: ",") + "]}\n")

        // Posted back, the expansion gives the same answer byte for byte: a and b are
        // (300 − 8 − 8 − 8) / 2 = 138 wide, a at x 8, b at 8 + 138 + 8 = 154, both at y 10, 20 tall.
        let original = try run(["solve", "-"], stdin: request)
        let expanded = try run(["solve", "-"], stdin: output)
        #expect(original.status == 0 && expanded.status == 0)
        #expect(expanded.output == original.output)
        #expect(original.output.contains(#""a":{"x":8,"y":10,"width":138,"height":20},"b":{"x":154,"y":10,"width":138,"height":20}"#))
    }

    @Test func expandRefusesAnInvalidShorthandWithThePointer() throws {
        let (status, output) = try run(["expand", "-"], stdin: #"{"views": [{"id": "root"}, {"id": "a", "parent": "root"}], "constraints": ["a.width == 1", "a.left === root.left"]}"#)
        #expect(status == 2)
        #expect(output.contains(#""type":"urn:layoutd:problem:parse-error""#))
        #expect(output.contains(#""pointer":"/constraints/1""#))
        #expect(output.contains("column 10"))
    }
}
