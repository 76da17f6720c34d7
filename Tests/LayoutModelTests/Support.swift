import LayoutModel
import Testing

/// Decodes and solves a JSON request written in a test.
func solve(_ json: String) throws -> LayoutResult {
    try LayoutEngine.solve(RequestDecoder.decode(Array(json.utf8)))
}

/// The problem a request is refused with, or a test failure.
func problem(_ json: String) -> LayoutProblem? {
    do {
        _ = try solve(json)
        Issue.record("expected the request to be refused")
        return nil
    } catch let problem as LayoutProblem {
        return problem
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}

extension LayoutResult {
    /// The frame of `id` in the first (or only) layout.
    func frame(_ id: String, layout: Int = 0) -> Frame? {
        layouts[layout].frames.first(where: { $0.id == id })?.frame
    }
}

/// Compares a frame with an expected (x, y, width, height) within 1e-9.
func expectFrame(_ frame: Frame?, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    guard let frame else {
        Issue.record("no frame", sourceLocation: sourceLocation)
        return
    }
    let close = { (a: Double, b: Double) in abs(a - b) <= 1e-9 * max(1, abs(b)) }
    #expect(close(frame.x, x) && close(frame.y, y) && close(frame.width, width) && close(frame.height, height),
            "frame \(frame.x), \(frame.y), \(frame.width), \(frame.height) is not \(x), \(y), \(width), \(height)",
            sourceLocation: sourceLocation)
}
