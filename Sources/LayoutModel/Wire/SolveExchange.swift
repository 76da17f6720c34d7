import LayoutSolver

/// One `POST /solve` exchange, from request body to response body: decode, solve, encode, and
/// in strict mode turn a layout that is not ok into a 422 problem. Shared by the server and the
/// `layout` CLI, so both answer byte for byte alike.
public enum SolveExchange {
    /// What a solved layout is answered as; problems are always `application/problem+json`.
    public enum Format: Sendable {
        /// `application/json`: the frames and diagnosis (`ResponseEncoder`).
        case json
        /// `image/svg+xml`: the drawing (`SVGRenderer`).
        case svg

        public var contentType: String { self == .json ? "application/json" : "image/svg+xml" }
    }

    /// What to send back.
    public struct Answer: Sendable {
        /// 200, or the problem's status (400, 422, …).
        public var status: Int
        /// `application/json` or `application/problem+json`.
        public var contentType: String
        public var body: [UInt8]
        /// The layout's status when it was solved (also in strict mode), `nil` when the request was refused.
        public var layoutStatus: LayoutStatus?
        /// The problem's `type` when the request was refused (`solver-budget-exceeded`, …), else nil.
        public var problemType: String?
        /// For metrics: the solve's size and work.
        public var views = 0
        public var constraints = 0
        public var pivots = 0
        public var solveTime: Duration = .zero
    }

    /// Answers a request body. `strict` forces strict mode (`?strict=true`); the body's own
    /// `"strict": true` does too. `format` decides the body of a solved layout; a strict-mode 422
    /// carries the JSON answer whatever the format. The solver's storage comes from `storage`
    /// and goes back to it (see `EngineStorage`): a caller answering one request after another
    /// passes the same one each time.
    public static func answer(
        _ body: [UInt8], limits: LayoutLimits, budget: SolverBudget, pretty: Bool = false, strict: Bool = false, format: Format = .json,
        storage: EngineStorage = EngineStorage()
    ) -> Answer {
        do {
            let request = try RequestDecoder.decode(body, limits: limits)
            let start = ContinuousClock.now
            let result = try LayoutEngine.solve(request, budget: budget, storage: storage)
            let solveTime = ContinuousClock.now - start
            // The JSON answer is written only where it is sent: as the body, or in a strict-mode problem.
            var answer = Answer(status: 200, contentType: format.contentType,
                                body: format == .svg ? SVGRenderer.render(result, of: request) : ResponseEncoder.encode(result, pretty: pretty),
                                layoutStatus: result.status, views: request.views.count, constraints: request.constraints.count,
                                pivots: result.pivots, solveTime: solveTime)
            if strict || request.strict, result.status != .ok {
                let problem = LayoutProblem(
                    status: 422, type: "layout-\(result.status.rawValue)", title: "Layout is not ok",
                    detail: "strict mode: the layout is \(result.status.rawValue); the full answer is under 'layout'", pointer: .root)
                let layout = format == .json ? answer.body : ResponseEncoder.encode(result, pretty: pretty)
                answer.status = 422
                answer.contentType = "application/problem+json"
                answer.body = ResponseEncoder.encode(problem, extra: [("layout", layout)])
            }
            return answer
        } catch {
            return Answer(status: error.status, contentType: "application/problem+json", body: ResponseEncoder.encode(error),
                          layoutStatus: nil, problemType: error.type)
        }
    }
}
