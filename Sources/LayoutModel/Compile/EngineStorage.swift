import LayoutSolver

/// What one caller keeps from one solve for the next: the last solver, made new again with its
/// tables' storage (`Solver.reset(budget:)`) for the next request, which so lays itself out
/// without allocating them again. A server keeps one per solve it runs at a time.
///
/// It holds no constraint, value or answer of the request before: a solver made from it answers
/// as a new one does. Storage of more than `maxKeptBytes` is not kept, so that one large request
/// does not leave megabytes behind for small ones.
public final class EngineStorage: @unchecked Sendable {
    // Unchecked: the storage is used by one solve at a time, handed from one to the next by its
    // owner (a lock, or a single thread).
    private var solver: Solver?

    /// 1 MiB: a twenty-view request's solver takes 124 KB, a 100-view one's 370–410 KB (the
    /// benchmark families), a 1,000-view one's about 3 MB, whose solve takes long enough that
    /// allocating is a small part of it.
    public static let maxKeptBytes = 1 << 20

    public init() {}

    /// The bytes of the storage kept now (0 for none).
    var keptBytes: Int { solver?.storageBytes ?? 0 }

    /// A new solver, made with the storage kept, if any.
    func solver(budget: SolverBudget) -> Solver {
        guard var kept = solver.take() else { return Solver(budget: budget) }
        kept.reset(budget: budget)
        return kept
    }

    /// Keeps `finished` for its storage, for the next `solver(budget:)`, unless it takes more
    /// than `maxKeptBytes`; it is moved out, and a new solver left in its place.
    func keep(_ finished: inout Solver) {
        guard finished.storageBytes <= Self.maxKeptBytes else { return }
        var kept = Solver()
        swap(&kept, &finished)
        solver = consume kept
    }
}
