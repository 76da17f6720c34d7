/// Conflict explanation, computed only when a required constraint fails.
///
/// The additive method: with T = {}, re-add `wanted`, then T, then the other present required
/// constraints in handle order into a fresh feasibility-only solver until one fails; that one
/// belongs to every infeasible subset of what was added, so it joins T. When `wanted` ∪ T alone
/// fails, T is irreducible. A deletion pass then confirms that each member is needed. Cost:
/// (|conflict| + 1) linear passes plus |conflict| small ones.
extension Solver {
    /// A minimal set of present required constraints (other than `excluding`) that cannot hold
    /// together with `wanted`, ascending.
    func explainConflict(adding wanted: Record, excluding: Int) -> [ConstraintHandle] {
        let candidates = records.indices.filter {
            $0 != excluding && records[$0].isActive && records[$0].priority >= 1000
        }
        var chosen: [Int] = []
        while chosen.count < candidates.count {
            var others = candidates.filter { !chosen.contains($0) }
            let prefix = [wanted] + chosen.map { records[$0] }
            guard let failure = firstFailure(prefix + others.map { records[$0] }) else { break }
            if failure < prefix.count { break }
            chosen.append(others.remove(at: failure - prefix.count))
        }
        var index = 0
        while index < chosen.count {
            var trial = chosen
            trial.remove(at: index)
            if firstFailure([wanted] + trial.map { records[$0] }) != nil {
                chosen = trial
            } else {
                index += 1
            }
        }
        return chosen.sorted().map { ConstraintHandle(index: $0) }
    }

    /// The position of the first record that a fresh solver with only these records rejects.
    private func firstFailure(_ list: [Record]) -> Int? {
        var scratch = Solver()
        scratch.explainsConflicts = false
        for _ in 0..<variableCount { _ = scratch.makeVariable() }
        for (position, record) in list.enumerated() {
            var plain = record
            plain.editVariable = -1
            do { _ = try scratch.append(plain) } catch { return position }
        }
        return nil
    }
}
