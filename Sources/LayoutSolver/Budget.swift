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

    /// Throws if the deadline has passed (checked outside pivots, once per constraint).
    func checkDeadline() throws(SolverError) {
        if enforcing, let deadline = budget.deadline, ContinuousClock.now >= deadline { throw .deadlineExceeded }
    }
}
