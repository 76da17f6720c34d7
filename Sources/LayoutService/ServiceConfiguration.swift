import LayoutModel

/// What the service allows and how much work one request may buy.
public struct ServiceConfiguration: Sendable {
    /// Per-request work limits (views, constraints, strings, magnitudes).
    public var limits: LayoutLimits
    /// Solver budget: pivots per request.
    public var maxPivots: Int
    /// Solver budget: wall time per request.
    public var solveTimeout: Duration
    /// Origins allowed by CORS; `["*"]` allows any; empty (the default) sends no CORS headers.
    public var allowedOrigins: [String]
    /// When set, `POST /solve` requires `Authorization: Bearer <apiKey>`.
    public var apiKey: String?
    /// Seconds a client should wait after a 503.
    public var retryAfterSeconds: Int
    /// How long a small solve (body up to ``networkThreadMaxBodyBytes``) may run on the network
    /// thread that read it, skipping the hand-off to a worker; past it the solve stops and a
    /// worker redoes it with the whole budget. `.zero`: every solve goes to a worker.
    public var networkThreadSolveTime: Duration
    /// Bodies up to this size may be solved on the network thread (decoding one takes well
    /// under a millisecond); larger ones always go to a worker.
    public static let networkThreadMaxBodyBytes = 64 << 10

    public init(
        limits: LayoutLimits = .default, maxPivots: Int = 1_000_000, solveTimeout: Duration = .seconds(10),
        allowedOrigins: [String] = [], apiKey: String? = nil, retryAfterSeconds: Int = 1,
        networkThreadSolveTime: Duration = .milliseconds(2)
    ) {
        self.limits = limits
        self.maxPivots = maxPivots
        self.solveTimeout = solveTimeout
        self.allowedOrigins = allowedOrigins
        self.apiKey = apiKey
        self.retryAfterSeconds = retryAfterSeconds
        self.networkThreadSolveTime = networkThreadSolveTime
    }
}
