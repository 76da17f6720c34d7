import Foundation
import HTTPTestSupport
import JSON
import Testing

/// The README's worked example of each constraint form, `docs/examples/forms-*.json`, posted to the
/// real daemon: the frames are worked out by hand here, and the README must show both the file and
/// the frames the service answers with.
@Suite struct FormsExamplesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test(arguments: [
        // title.leading == root.leadingMargin + 12 = 8 + 12; top 20; width 375 × 0.5; height >= 30 beats
        // the low-priority height == 0.
        ("plain", ["title": [20, 20, 187.5, 30]]),
        // avatar: leading margin 8; safe area top 20 + 8; width 375 / 10 + 2.5 = 40 (nothing fights the 750),
        // square. name: 40 + 8 + 8 = 56, intrinsic 120 × 21, centred on the avatar: 28 + 20 − 10.5 = 37.5.
        ("equation", ["avatar": [8, 28, 40, 40], "name": [56, 37.5, 120, 21]]),
        // Margins 8 each side, gaps 10: 3w = 375 − 16 − 20 → w = 113; x = 8, 8 + 113 + 10, 131 + 113 + 10.
        // V: 20 from the top (an explicit space, not the margin), 44 tall; b and c aligned top and bottom with a.
        ("visual-format", ["a": [8, 20, 113, 44], "b": [131, 20, 113, 44], "c": [254, 20, 113, 44]]),
        // card: 16 in from each side → 343 wide, 20 from the top, height 343 × 0.5. button: 120 × 44
        // centred on the card (187.5 − 60), 12 below it (20 + 171.5 + 12).
        ("masonry", ["card": [16, 20, 343, 171.5], "button": [127.5, 203.5, 120, 44]]),
        // bar: the bottom 49 of 667. Tabs: 4 spaces of 15 → (375 − 60) / 3 = 105 wide at 15, 135, 255.
        ("distribution", ["bar": [0, 618, 375, 49], "tab1": [15, 0, 105, 49], "tab2": [135, 0, 105, 49], "tab3": [255, 0, 105, 49]]),
    ])
    func example(_ form: String, _ frames: [String: [Double]]) throws {
        let path = "docs/examples/forms-\(form).json"
        let request = try Self.text(path)
        let response = try ServiceHarness().post("/solve", request)
        #expect(response.status == 200)
        #expect(response.json?["status"]?.string == "ok")
        for (id, frame) in frames {
            #expect(response.json?.frame(id) == frame, "\(form): \(id)")
        }

        let readme = try Self.text("README.md")
        #expect(readme.contains(request.trimmingCharacters(in: .newlines)), "README shows \(path)")
        let body = String(decoding: response.body, as: UTF8.self)
        let answered = body.range(of: #""frames":"#).flatMap { start in
            body.range(of: #","conflicts""#).map { String(body[start.upperBound..<$0.lowerBound]) }
        }
        #expect(answered.map(readme.contains) == true, "README shows the frames of \(path): \(answered ?? body)")
    }
}
