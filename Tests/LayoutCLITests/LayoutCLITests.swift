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
}
