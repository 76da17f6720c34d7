/// How much work one call of the solver may do before it stops with an error.
public struct SolverBudget: Sendable {
    /// Pivots allowed in one call (`add`, `remove`, `suggestValue`, `solve`).
    public var maxPivots: Int
    /// An instant after which a running call stops with ``SolverError/deadlineExceeded``.
    public var deadline: ContinuousClock.Instant?

    public init(maxPivots: Int = .max, deadline: ContinuousClock.Instant? = nil) {
        self.maxPivots = maxPivots
        self.deadline = deadline
    }

    /// No limit at all.
    public static let unlimited = SolverBudget()
}

/// Counts the pivots of one call against a ``SolverBudget``.
///
/// The deadline is kept as a `Duration` since the continuous clock's epoch, not as a
/// `ContinuousClock.Instant`: that type is resilient (its layout is decided by the runtime), and
/// one stored here made every struct holding the meter — the tableau, the solver — resilient
/// too, so that copying or reading any of them went through runtime type metadata.
struct BudgetMeter: Sendable {
    /// Pivots allowed in one call.
    var maxPivots = Int.max
    /// The deadline, as a duration since `ContinuousClock().systemEpoch`; nil for none.
    var deadline: Duration?
    /// Pivots in the current call.
    var pivotsThisRun = 0
    /// Pivots since the solver was made.
    var totalPivots = 0
    /// When false, pivots are counted but never refused (used to restore a consistent state).
    var enforcing = true
    /// Calls of `checkDeadline()` since the solver was made.
    var deadlineChecks = 0

    init(budget: SolverBudget) { self.budget = budget }

    /// The budget this meter enforces.
    var budget: SolverBudget {
        get { SolverBudget(maxPivots: maxPivots, deadline: deadline.map { ContinuousClock().systemEpoch.advanced(by: $0) }) }
        set {
            maxPivots = newValue.maxPivots
            deadline = newValue.deadline.map { ContinuousClock().systemEpoch.duration(to: $0) }
        }
    }

    /// Starts a new call.
    mutating func startRun() { pivotsThisRun = 0 }

    /// Accounts for one pivot about to be made; throws if the budget forbids it. The clock is
    /// read every eighth pivot.
    mutating func charge() throws(SolverError) {
        if enforcing {
            if pivotsThisRun >= maxPivots { throw .pivotBudgetExceeded(limit: maxPivots) }
            if pivotsThisRun & 7 == 0, let deadline, Self.now >= deadline { throw .deadlineExceeded }
        }
        pivotsThisRun += 1
        totalPivots += 1
    }

    /// Throws if the deadline has passed. Called once per constraint as it is added or placed,
    /// it reads the clock on the first call and every sixteenth after: a request adds thousands
    /// of constraints in microseconds each, and reading the clock for each was a visible part
    /// of the solve.
    /// The count is inlined where constraints are added and placed; the clock is read out of line.
    @inline(__always)
    mutating func checkDeadline() throws(SolverError) {
        deadlineChecks &+= 1
        guard deadlineChecks & 15 == 1, enforcing, let deadline else { return }
        try Self.check(deadline)
    }

    /// Throws if `deadline` has passed.
    @inline(never)
    private static func check(_ deadline: Duration) throws(SolverError) {
        if now >= deadline { throw .deadlineExceeded }
    }

    /// The continuous clock's reading, as a duration since its epoch.
    private static var now: Duration { ContinuousClock().systemEpoch.duration(to: .now) }
}
