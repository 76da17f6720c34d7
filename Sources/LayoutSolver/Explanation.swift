/// Conflict explanation, computed only when a required constraint fails.
///
/// The additive method: with T = {}, re-add `wanted`, then T, then the other present required
/// constraints in handle order into a fresh feasibility-only solver until one fails; that one
/// belongs to every infeasible subset of what was added, so it joins T. When `wanted` ∪ T alone
/// fails, T is irreducible. A deletion pass then confirms that each member is needed. Cost:
/// (|conflict| + 1) linear passes plus |conflict| small ones, over the constraints connected to
/// the failing one.
extension Solver {
    /// A minimal set of present required constraints (other than `excluding`) that cannot hold
    /// together with `wanted`, ascending. Only constraints linked to `wanted` through shared
    /// variables are tried: a minimal infeasible set is always connected that way. Throws
    /// `.deadlineExceeded` if the budget's deadline passes meanwhile.
    func explainConflict(adding wanted: Record, excluding: Int) throws(SolverError) -> [ConstraintHandle] {
        let candidates = connectedRequiredConstraints(to: wanted, excluding: excluding)
        var chosen: [Int] = []
        while chosen.count < candidates.count {
            var others = candidates.filter { !chosen.contains($0) }
            let prefix = [wanted] + chosen.map { records[$0] }
            guard let failure = try firstFailure(prefix + others.map { records[$0] }) else { break }
            if failure < prefix.count { break }
            chosen.append(others.remove(at: failure - prefix.count))
        }
        var index = 0
        while index < chosen.count {
            var trial = chosen
            trial.remove(at: index)
            if try firstFailure([wanted] + trial.map { records[$0] }) != nil {
                chosen = trial
            } else {
                index += 1
            }
        }
        return chosen.sorted().map { ConstraintHandle(index: $0) }
    }

    /// Active required constraints reachable from `wanted` through shared variables, in handle order.
    private func connectedRequiredConstraints(to wanted: Record, excluding: Int) -> [Int] {
        var byVariable = [[Int]](repeating: [], count: variableCount)
        for handle in records.indices where handle != excluding && records[handle].isActive
            && records[handle].priority >= 1000 {
            for variable in terms.variables[records[handle].terms] { byVariable[variable].append(handle) }
        }
        var reached = [Bool](repeating: false, count: variableCount)
        var taken = [Bool](repeating: false, count: records.count)
        var pending = Array(terms.variables[wanted.terms])
        for variable in pending { reached[variable] = true }
        while let variable = pending.popLast() {
            for handle in byVariable[variable] where !taken[handle] {
                taken[handle] = true
                for next in terms.variables[records[handle].terms] where !reached[next] {
                    reached[next] = true
                    pending.append(next)
                }
            }
        }
        return records.indices.filter { taken[$0] }
    }

    /// The position of the first record that a fresh solver with only these records rejects.
    private func firstFailure(_ list: [Record]) throws(SolverError) -> Int? {
        var scratch = Solver(budget: SolverBudget(deadline: tableau.meter.budget.deadline))
        scratch.explainsConflicts = false
        // The same terms: the scratch solver appends none, so the storage stays shared.
        scratch.terms = terms
        _ = scratch.makeVariables(count: variableCount)
        for (position, record) in list.enumerated() {
            var plain = record
            plain.editVariable = -1
            do { _ = try scratch.append(plain) } catch {
                if case .unsatisfiable = error { return position }
                throw error
            }
        }
        return nil
    }
}
