import Foundation
@testable import LayoutModel
import Testing

/// Solves that share an `EngineStorage`, one after another as a server's do, answer as solves
/// with solvers of their own.
@Suite struct EngineStorageTests {
    /// Requests of every kind of answer: ok, a conflict, an ambiguity, several sizes (one of them
    /// conflicting, so rebuilt), a fitting height, and the twenty-view screen.
    static let requests: [String] = [
        """
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": [{"id": "w100", "firstItem": "a", "firstAttribute": "width", "constant": 100},
           {"id": "w200", "firstItem": "a", "firstAttribute": "width", "constant": 200},
           "a.left == root.left", "a.top == root.top", "a.height == 10"]}
        """,
        """
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "a", "parent": "root"}],
         "constraints": ["a.left == root.left + 8", "a.top == root.top + 8", "a.height == 20"]}
        """,
        """
        {"sizes": [{"width": 320, "height": 568}, {"width": 375, "height": 667}, {"width": 414, "height": 896}],
         "views": [{"id": "root"}, {"id": "box", "parent": "root"}],
         "constraints": ["box.centerX == root.centerX", "box.centerY == root.centerY", "box.width == 200", "box.height == 200",
           "box.width <= root.width - 160"]}
        """,
        """
        {"size": {"width": 375},
         "views": [{"id": "root"}, {"id": "label", "parent": "root", "intrinsicSize": {"width": 500, "height": 60}}],
         "constraints": ["label.left == root.left + 16", "label.right == root.right - 16", "label.top == root.top + 12",
           "root.bottom == label.bottom + 12"]}
        """,
    ]

    static func twentyViews() throws -> String {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/requests/twenty-views.json")
        return String(decoding: try Data(contentsOf: file), as: UTF8.self)
    }

    static func answer(_ json: String, storage: EngineStorage) throws -> [UInt8] {
        ResponseEncoder.encode(try LayoutEngine.solve(RequestDecoder.decode(Array(json.utf8)), storage: storage))
    }

    @Test func sharedStorageAnswersAsOwnSolvers() throws {
        let requests = try Self.requests + [Self.twentyViews()]
        let storage = EngineStorage()
        // Each request after each other one, twice round.
        for _ in 0..<2 {
            for json in requests + requests.reversed() {
                #expect(try Self.answer(json, storage: storage) == Self.answer(json, storage: EngineStorage()))
            }
        }
        #expect(storage.keptBytes > 0)
    }

    @Test func storageOverTheLimitIsLetGo() throws {
        // 2,000 views in a row: a solver of a few megabytes.
        let views = (0..<2_000).map { "{\"id\": \"v\($0)\", \"parent\": \"root\"}" }.joined(separator: ", ")
        let constraints = (0..<2_000).map { "\"v\($0).left == root.left + \($0)\", \"v\($0).top == root.top\", \"v\($0).width == 1\", \"v\($0).height == 1\"" }
        let large = "{\"size\": {\"width\": 3000, \"height\": 10}, \"views\": [{\"id\": \"root\"}, \(views)], \"constraints\": [\(constraints.joined(separator: ", "))]}"
        let storage = EngineStorage()
        _ = try Self.answer(Self.requests[1], storage: storage)
        #expect(storage.keptBytes > 0 && storage.keptBytes <= EngineStorage.maxKeptBytes)
        _ = try Self.answer(large, storage: storage)
        #expect(storage.keptBytes == 0)
    }
}
