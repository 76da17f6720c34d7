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
struct BudgetMeter: Sendable {
    var budget: SolverBudget
    /// Pivots in the current call.
    var pivotsThisRun = 0
    /// Pivots since the solver was made.
    var totalPivots = 0
    /// When false, pivots are counted but never refused (used to restore a consistent state).
    var enforcing = true

    /// Starts a new call.
    mutating func startRun() { pivotsThisRun = 0 }

    /// Accounts for one pivot about to be made; throws if the budget forbids it.
    mutating func charge() throws(SolverError) {
        if enforcing {
            if pivotsThisRun >= budget.maxPivots { throw .pivotBudgetExceeded(limit: budget.maxPivots) }
            if let deadline = budget.deadline, pivotsThisRun & 7 == 0, ContinuousClock.now >= deadline {
                throw .deadlineExceeded
            }
        }
        pivotsThisRun += 1
        totalPivots += 1
    }

    /// Calls of `checkDeadline()` since the solver was made.
    var deadlineChecks = 0

    /// Throws if the deadline has passed. Called once per constraint as it is added or placed,
    /// it reads the clock on the first call and every sixteenth after: a request adds thousands
    /// of constraints in microseconds each, and reading the clock for each was a visible part
    /// of the solve.
    mutating func checkDeadline() throws(SolverError) {
        deadlineChecks &+= 1
        guard enforcing, let deadline = budget.deadline, deadlineChecks & 15 == 1 else { return }
        if ContinuousClock.now >= deadline { throw .deadlineExceeded }
    }
}
