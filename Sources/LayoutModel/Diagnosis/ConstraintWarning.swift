import LayoutSolver

/// A constraint that does nothing useful: listed under `warnings`, never changing the layout.
public struct ConstraintWarning: Hashable, Sendable {
    public enum Kind: String, Sendable {
        /// Implied by other constraints at its priority or above: removing it changes nothing.
        case redundant
        /// Optional, and ruled out by required constraints: it can never hold, whatever else changes.
        case neverActive
    }

    /// The constraint's id (a request id or a system id such as `label.compressionResistance.horizontal`).
    public var constraint: String
    public var kind: Kind
    public var message: String
}

/// Finds redundant and never-active constraints cheaply, in one pass over the installed ones.
///
/// The rules (sound — a reported constraint really is redundant or never active — but not
/// complete: implications that need several constraints of different shapes go unreported,
/// since finding all of them would take a linear program per constraint):
/// - **Solver-detected redundancy**: a required equality that reduced to `0 = 0` when it entered
///   the solver is implied by the required constraints installed before it.
/// - **Parallel constraints**: constraints whose expressions are multiples of one linear form `L`
///   (`a.width == 100`, `a.width <= 120 @750`, `2 × a.width >= 80`) are bounds on `L`. The
///   required ones that hold bound `L` to an interval. A required constraint implied by the
///   required ones installed before it is `redundant`; an optional one implied by the required
///   interval, or by a single parallel constraint of strictly higher priority, is `redundant`; an
///   optional one the required interval excludes is `neverActive`. Two copies of an optional
///   constraint at one priority are not redundant: together they weigh double against the other
///   constraints at that priority.
/// Broken constraints take no part: they are reported as conflicts. The fitting-size rule is
/// never reported (it is meant to lose), and content hugging and compression resistance are never
/// called redundant (they come with the intrinsic size: there is nothing to remove), only never active.
enum ConstraintWarnings {
    /// The warnings among `constraints`, in their order; `handles`: each one's solver handle
    /// (nil when it was broken), which `solver` says whether it reduced to `0 = 0`.
    ///
    /// `varying`: constraints whose constants may change while everything else stays (the
    /// root-size edits, when the root moves to another size). `holdWhileOnlyVaryingChange` is
    /// true when none of them shares a linear form (a key) with another constraint: only
    /// constants compared within such a group decide warnings, so the same warnings then hold
    /// whatever those constants become.
    ///
    /// Cost: one allocation-free key per constraint (its form's variable when the form is one
    /// variable, most constraints: sizes, intrinsic sizes, insets from the superview; else a hash)
    /// and a table of them; only constraints sharing a key are compared, term by term, and not
    /// even those when they cannot warn.
    static func find(
        in constraints: ConstraintList, of request: LayoutRequest, handles: ConstraintHandles, solver: Solver,
        varying: [Int] = []
    ) -> (warnings: [ConstraintWarning], holdWhileOnlyVaryingChange: Bool) {
        var holdWhileOnlyVaryingChange = true
        var found: [(index: Int, warning: ConstraintWarning)] = []
        constraints.withBuffers { compiled, storage in
            func terms(of constraint: CompiledConstraint) -> UnsafeBufferPointer<Term> { UnsafeBufferPointer(rebasing: storage[constraint.terms]) }
            func terms(of index: Int) -> UnsafeBufferPointer<Term> { terms(of: compiled[index]) }
            // Optional content hugging and compression resistance only join: a group of those alone
            // has no required bound, so only a stronger optional one could make a warning, and they
            // are never called redundant. Most layouts have only such groups of two per sized view.
            var table = SameKey(count: constraints.count, variables: solver.variableCount)
            for index in compiled.indices {
                let constraint = compiled[index]
                guard handles[index] != nil, !constraint.isFittingSize else { continue }
                let key = ExpressionForm.key(of: terms(of: constraint))
                if constraint.isIntrinsicSize && !(constraint.priority >= LayoutPriority.required.value) {
                    table.join(index, key: key)
                } else {
                    table.add(index, key: key)
                }
            }
            let sameKey = table.grouped()
            // For a group of several forms, reused: its forms and each member's form.
            var forms: [ExpressionForm] = []
            var formOf: [Int] = []
            for group in sameKey.shared {
                let members = sameKey.members[group]
                if !varying.isEmpty, members.contains(where: varying.contains) { holdWhileOnlyVaryingChange = false }
                // The bounds in scratch storage (on the stack for a small group). Usually every
                // member is parallel to the first: then they go in as they are.
                withUnsafeTemporaryAllocation(of: Bound.self, capacity: members.count) { bounds in
                    let first = ExpressionForm(terms(of: members[group.lowerBound]))
                    var allParallel = true
                    for (position, index) in members.enumerated() {
                        let leading: Double
                        if position == 0 {
                            leading = first.leading
                        } else {
                            let form = ExpressionForm(terms(of: index))
                            allParallel = allParallel && first.isParallel(to: form)
                            leading = form.leading
                        }
                        bounds.initializeElement(at: position, to: Bound(compiled[index], index: index, leading: leading))
                    }
                    let all = UnsafeBufferPointer(bounds)
                    if allParallel {
                        warnings(among: all, constraints: constraints, request: request, into: &found)
                        return
                    }
                    forms.emptyKeepingStorage()
                    formOf.emptyKeepingStorage()
                    for index in members {
                        let form = ExpressionForm(terms(of: index))
                        if let parallel = forms.firstIndex(where: { $0.isParallel(to: form) }) {
                            formOf.append(parallel)
                        } else {
                            formOf.append(forms.count)
                            forms.append(form)
                        }
                    }
                    for form in forms.indices {
                        let parallel = all.indices.filter { formOf[$0] == form }.map { all[$0] }
                        if parallel.count > 1 {
                            parallel.withUnsafeBufferPointer { warnings(among: $0, constraints: constraints, request: request, into: &found) }
                        }
                    }
                }
            }
        }
        // What the solver found and no parallel constraint explains: implied by several others.
        // Asked of each constraint only when the solver found some (most layouts find none).
        if solver.hasImpliedEqualities {
            var reported: Set<Int>?
            for (index, handle) in handles.enumerated() {
                guard let handle, solver.isImpliedByEarlierConstraints(handle) else { continue }
                if reported == nil { reported = Set(found.map(\.index)) }
                guard reported?.contains(index) == false else { continue }
                let constraint = constraints[index]
                let id = constraint.id(in: request)
                found.append((index, ConstraintWarning(
                    constraint: id, kind: .redundant,
                    message: "'\(id)' (\(constraint.description(in: request))) is implied by the required constraints installed before it: removing it changes nothing")))
            }
        }
        return (found.sorted { $0.index < $1.index }.map(\.warning), holdWhileOnlyVaryingChange)
    }

    /// Warnings among bounds on one linear form. Near-linear in their number (a request may
    /// repeat one constraint thousands of times): each question below is answered from the
    /// bounds sorted once, not by going through the others.
    private static func warnings(
        among bounds: UnsafeBufferPointer<Bound>, constraints: ConstraintList, request: LayoutRequest,
        into result: inout [(index: Int, warning: ConstraintWarning)]
    ) {
        // Arrays of the required and of the optional bounds are made only when a group needs
        // them (several required ones; a stronger optional one to look for).
        let requiredCount = bounds.reduce(0) { $0 + ($1.isRequired ? 1 : 0) }
        var interval = Interval()
        if requiredCount == 1, let only = bounds.first(where: \.isRequired) {
            interval = Interval(bound: only)
        } else if requiredCount > 1 {
            // Latest first, so of two copies the later one is the redundant one (required ones are
            // installed in Auto Layout's order, so index order is that order).
            let required = bounds.filter(\.isRequired)
            var ends = IntervalEnds(required)
            for position in required.indices.reversed() {
                let bound = required[position]
                if let reasons = ends.interval(excluding: position).implying(bound) {
                    result.append((bound.index, redundant(bound, by: reasons, constraints, request)))
                    ends.remove(position)
                }
            }
            interval = ends.interval(excluding: -1)
        }
        // Only a bound below the strongest optional one can be implied by a stronger one.
        let strongest = bounds.reduce(-Double.infinity) { $1.isRequired ? $0 : max($0, $1.priority) }
        var stronger: StrongerBounds?
        var position = -1
        for bound in bounds where !bound.isRequired {
            position += 1
            if let reason = interval.excluding(bound) {
                let constraint = constraints[bound.index]
                let id = constraint.id(in: request)
                let gap = interval.distance(to: bound) * bound.scale
                result.append((bound.index, ConstraintWarning(
                    constraint: id, kind: .neverActive,
                    message: "'\(id)' (\(constraint.description(in: request))) can never hold: the required \(list([reason], constraints, request)) rules it out, "
                        + "so it is violated by at least \(gap.constraintText) in every layout; \(neverActiveRemedy(constraint, request))")))
            } else if constraints[bound.index].isIntrinsicSize {
                continue
            } else if let reasons = interval.implying(bound) {
                result.append((bound.index, redundant(bound, by: reasons, constraints, request)))
            } else if bound.priority < strongest {
                // Built on first need: a group of content hugging and compression resistance never needs it.
                if stronger == nil { stronger = StrongerBounds(bounds.filter { !$0.isRequired }) }
                if let reason = stronger?.reasons[position] {
                    result.append((bound.index, redundant(bound, by: [reason], constraints, request)))
                }
            }
        }
    }

    /// What to do about a never-active constraint. A request's own: remove it. Content hugging
    /// or compression resistance: the required constraints keep the size on one side of the
    /// intrinsic value, so the other half always holds and the intrinsic size on that axis changes
    /// nothing; it is dropped by setting it to null (a constraint the request cannot remove).
    private static func neverActiveRemedy(_ constraint: CompiledConstraint, _ request: LayoutRequest) -> String {
        guard case .intrinsic(let view, let axis, _) = constraint.origin else {
            return "remove it, or make the required one optional"
        }
        return "\(request.tree.views[view].id)'s intrinsic \(axis.dimension) changes nothing: "
            + "set its intrinsicSize.\(axis.dimension) to null, or make the required one optional"
    }

    private static func redundant(
        _ bound: Bound, by reasons: [Int], _ constraints: ConstraintList, _ request: LayoutRequest
    ) -> ConstraintWarning {
        let constraint = constraints[bound.index]
        let id = constraint.id(in: request)
        return ConstraintWarning(
            constraint: id, kind: .redundant,
            message: "'\(id)' (\(constraint.description(in: request))) is implied by \(list(reasons, constraints, request)): removing it changes nothing")
    }

    private static func list(_ indices: [Int], _ constraints: ConstraintList, _ request: LayoutRequest) -> String {
        indices.map { "'\(constraints[$0].id(in: request))' (\(constraints[$0].description(in: request)))" }.joined(separator: " and ")
    }
}

extension Array {
    /// Removes every element and keeps the storage: for the few members of a group, cheaper
    /// than `removeAll(keepingCapacity: true)`, which replaces a subrange.
    fileprivate mutating func emptyKeepingStorage() {
        while !isEmpty { removeLast() }
    }
}

/// An expression as its leading coefficient (that of its lowest variable) times a linear form
/// whose leading coefficient is 1: parallel expressions have the same form. Compared and hashed
/// from the terms (in a `ConstraintList`'s storage, while `withBuffers` lends it) without building
/// the form, unless the expression names a variable twice.
private struct ExpressionForm {
    let terms: UnsafeBufferPointer<Term>
    let leading: Double
    /// The built form, only for an expression that names a variable twice.
    let built: LinearForm?

    init(_ terms: UnsafeBufferPointer<Term>) {
        self.terms = terms
        (leading, built) = Self.normalized(terms)
    }

    /// The key of the form of `terms`, without keeping the form: equal for parallel expressions.
    /// A form of one variable is keyed by that variable; any other by an order-independent hash
    /// over its (variable, coefficient).
    @inline(__always)
    static func key(of terms: UnsafeBufferPointer<Term>) -> FormKey {
        // One term (most constraints: sizes, frames, intrinsic sizes) is its own form, its
        // variable with coefficient 1.
        if terms.count == 1, terms[0].coefficient != 0, terms[0].coefficient.isFinite { return .variable(terms[0].variable.index) }
        guard let lowest = lowestOfDistinct(terms) else { return builtKey(of: terms) }
        return .hash(terms.reduce(0) { $0 &+ mix($1.variable.index, $1.coefficient / lowest.coefficient) })
    }

    /// `key(of:)` for terms that name a variable twice (or none), from the built form: terms
    /// that cancel down to one variable (an inset from the superview, written in a common
    /// ancestor's coordinates) are keyed by it.
    @inline(never)
    private static func builtKey(of terms: UnsafeBufferPointer<Term>) -> FormKey {
        guard !terms.isEmpty else { return .hash(0) }
        let form = LinearForm.of(terms).form
        if form.variables.count == 1 { return .variable(form.variables[0]) }
        return .hash(zip(form.variables, form.coefficients).reduce(0) { $0 &+ mix($1.0, $1.1) })
    }

    /// The leading coefficient, and the built form for terms that name a variable twice.
    @inline(__always)
    private static func normalized(_ terms: UnsafeBufferPointer<Term>) -> (leading: Double, built: LinearForm?) {
        if let lowest = lowestOfDistinct(terms) { return (lowest.coefficient, nil) }
        guard !terms.isEmpty else { return (1, nil) }
        let (form, leading) = LinearForm.of(terms)
        return (leading, form)
    }

    /// The term of the lowest variable when every variable appears once, nil when one repeats
    /// (or there are no terms). A short expression (nearly all) in one pass, its pairs compared
    /// as it goes; a long one (a position deep in the hierarchy sums an origin per level) by
    /// sorting its variables.
    @inline(__always)
    private static func lowestOfDistinct(_ terms: UnsafeBufferPointer<Term>) -> Term? {
        if terms.count > 16 {
            let variables = terms.map(\.variable.index).sorted()
            guard !zip(variables, variables.dropFirst()).contains(where: { $0 == $1 }) else { return nil }
            return terms.min { $0.variable.index < $1.variable.index }
        }
        guard var lowest = terms.first else { return nil }
        for i in terms.indices.dropFirst() {
            let variable = terms[i].variable
            for j in 0..<i where terms[j].variable == variable { return nil }
            if variable.index < lowest.variable.index { lowest = terms[i] }
        }
        return lowest
    }

    @inline(__always)
    private static func mix(_ variable: Int, _ ratio: Double) -> UInt64 {
        var mixed = UInt64(truncatingIfNeeded: variable) &* 0x9E37_79B9_7F4A_7C15
        mixed ^= ratio.bitPattern &* 0xC2B2_AE3D_27D4_EB4F
        mixed ^= mixed >> 29
        return mixed &* 0x1656_67B1_9E37_79F9
    }

    func isParallel(to other: ExpressionForm) -> Bool {
        if built != nil || other.built != nil {
            return (built ?? LinearForm.of(terms).form) == (other.built ?? LinearForm.of(other.terms).form)
        }
        guard terms.count == other.terms.count else { return false }
        if terms.count > 16 { return normalized.elementsEqual(other.normalized) { $0.0 == $1.0 && $0.1 == $1.1 } }
        return terms.allSatisfy { term in
            other.terms.contains { $0.variable == term.variable && $0.coefficient / other.leading == term.coefficient / leading }
        }
    }

    /// (variable, coefficient ÷ leading), by variable: equal for parallel expressions that name
    /// each variable once.
    private var normalized: [(Int, Double)] {
        terms.map { ($0.variable.index, $0.coefficient / leading) }.sorted { $0.0 < $1.0 }
    }
}

/// A linear form with its variables ascending and its first coefficient 1.
private struct LinearForm: Equatable {
    var variables: [Int]
    var coefficients: [Double]

    /// The form of an expression's terms and the coefficient it was divided by.
    static func of(_ terms: UnsafeBufferPointer<Term>) -> (form: LinearForm, leading: Double) {
        let terms = terms.sorted { $0.variable.index < $1.variable.index }
        var variables: [Int] = []
        var coefficients: [Double] = []
        var largest: [Double] = []
        for term in terms {
            if variables.last == term.variable.index {
                coefficients[coefficients.count - 1] += term.coefficient
                largest[largest.count - 1] = max(largest[largest.count - 1], abs(term.coefficient))
            } else {
                variables.append(term.variable.index)
                coefficients.append(term.coefficient)
                largest.append(abs(term.coefficient))
            }
        }
        var form = LinearForm(variables: [], coefficients: [])
        for i in variables.indices where abs(coefficients[i]) > 1e-10 * largest[i] {
            form.variables.append(variables[i])
            form.coefficients.append(coefficients[i])
        }
        let leading = form.coefficients.first ?? 1
        form.coefficients = form.coefficients.map { $0 / leading }
        return (form, leading)
    }
}

/// The key of an expression's linear form (`ExpressionForm.key(of:)`): equal for parallel
/// expressions.
private enum FormKey {
    /// A form of one variable: the variable's index.
    case variable(Int)
    /// Any other form: a hash of it.
    case hash(UInt64)
}

/// Constraints grouped by the key of their form, kept only for the keys several share, with
/// linked members in raw storage (freed with the table), filled member by member, then each
/// shared group's members laid out together. A member that only joins waits until the others
/// are in, never added: it takes part only in a group with another kind of member, and makes
/// none with its like.
///
/// A form of one variable (most constraints) finds its group in a table indexed by the variable:
/// a request's constraints name its views' variables roughly in order, so the lookups walk that
/// table instead of landing anywhere in a hash table (mostly out of the caches at 10,000 views).
/// Other forms are in a hash table, a hash's slot its top bits after multiplying by a random odd
/// number drawn once per process (multiply-shift, universal), so however requests choose their
/// hashes, different ones do not pile onto one slot.
private struct SameKey: ~Copyable {
    /// A key's first and last member, and its first and last member that only joins (-1: none yet).
    private struct Group {
        /// The key's hash; 0 for a key that is a variable (found through `byVariable`, never compared).
        var hash: UInt64
        var first: Int32
        var last: Int32
        var firstJoining: Int32 = -1
        var lastJoining: Int32 = -1
    }

    private static let seed = UInt64.random(in: 0...UInt64.max) | 1

    /// Groups, in the order they were made: each member makes at most one.
    private let groups: UnsafeMutableBufferPointer<Group>
    /// Each member's next one in its group's chain (-1: the last).
    private let next: UnsafeMutableBufferPointer<Int32>
    /// Each hash table slot's group (-1: free).
    private let slots: UnsafeMutableBufferPointer<Int32>
    /// Each variable's group (-1: none yet).
    private let byVariable: UnsafeMutableBufferPointer<Int32>
    /// The members that only join, in member order, with their keys.
    private let waiting: UnsafeMutableBufferPointer<(key: FormKey, member: Int32)>
    private let multiplier = SameKey.seed
    private let shift: UInt64
    private let mask: Int
    private var groupCount = 0
    private var waitingCount = 0
    /// Places in `groups` of the groups with a second member, and how many members those have.
    private var sharing: [Int] = []
    private var sharingMembers = 0

    /// An empty table for the members `0..<count`, whose forms name variables `0..<variables`.
    init(count: Int, variables: Int) {
        var bits = 4
        while 1 << bits < 2 * count { bits += 1 }
        shift = UInt64(64 - bits)
        mask = (1 << bits) - 1
        groups = .allocate(capacity: count)
        next = .allocate(capacity: count)
        slots = .allocate(capacity: 1 << bits)
        slots.initialize(repeating: -1)
        byVariable = .allocate(capacity: variables)
        byVariable.initialize(repeating: -1)
        waiting = .allocate(capacity: count)
        // At most one group in two members shares: reserved once, not grown group by group.
        sharing.reserveCapacity(count / 2)
    }

    deinit {
        groups.deallocate()
        next.deallocate()
        slots.deallocate()
        byVariable.deallocate()
        waiting.deallocate()
    }

    /// The group of `key`, else nil and where its group would be entered: its variable, or the
    /// free slot of its hash.
    @inline(__always)
    private func lookUp(_ key: FormKey) -> (group: Int?, place: Int) {
        switch key {
        case .variable(let variable):
            let group = Int(byVariable[variable])
            return (group >= 0 ? group : nil, variable)
        case .hash(let hash):
            var slot = Int(truncatingIfNeeded: (hash &* multiplier) >> shift)
            while true {
                let group = Int(slots[slot])
                if group < 0 { return (nil, slot) }
                if groups[group].hash == hash { return (group, slot) }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Adds `member` (above every member added or joined so far) to the group of `key`.
    @inline(__always)
    mutating func add(_ member: Int, key: FormKey) {
        next[member] = -1
        let (found, place) = lookUp(key)
        guard let group = found else {
            let made = Int32(truncatingIfNeeded: groupCount)
            var hash: UInt64 = 0
            switch key {
            case .variable: byVariable[place] = made
            case .hash(let keyHash):
                slots[place] = made
                hash = keyHash
            }
            groups.initializeElement(at: groupCount, to: Group(hash: hash, first: Int32(member), last: Int32(member)))
            groupCount += 1
            return
        }
        if groups[group].first == groups[group].last {
            sharing.append(group)
            sharingMembers += 1
        }
        sharingMembers += 1
        next[Int(groups[group].last)] = Int32(member)
        groups[group].last = Int32(member)
    }

    /// Notes that `member` (above every member added or joined so far) joins the group of `key`
    /// if a member is added to it.
    @inline(__always)
    mutating func join(_ member: Int, key: FormKey) {
        next[member] = -1
        waiting.initializeElement(at: waitingCount, to: (key, Int32(member)))
        waitingCount += 1
    }

    /// The members of the groups of more than one, group after group, each in member order, and
    /// where each group is in them (in the order the groups got their second member).
    consuming func grouped() -> (members: [Int], shared: [Range<Int>]) {
        // The members that only join, in member order, each to the group of its key if there is one.
        for (key, member) in waiting[..<waitingCount] {
            guard let group = lookUp(key).group else { continue }
            if groups[group].firstJoining < 0 {
                if groups[group].first == groups[group].last {
                    sharing.append(group)
                    sharingMembers += 1
                }
                groups[group].firstJoining = member
            } else {
                next[Int(groups[group].lastJoining)] = member
            }
            groups[group].lastJoining = member
            sharingMembers += 1
        }
        // With no member to place, `Array(unsafeUninitializedCapacity: 0)` would write its count
        // into the empty-array singleton every empty array shares: a data race between two
        // solves on two threads (ThreadSanitizer saw it), though each writes 0.
        guard sharingMembers > 0 else { return ([], []) }
        var shared: [Range<Int>] = []
        shared.reserveCapacity(sharing.count)
        let members = [Int](unsafeUninitializedCapacity: sharingMembers) { members, initialized in
            for group in sharing {
                let start = initialized
                // The two chains, each in member order, merged.
                var member = groups[group].first
                var joining = groups[group].firstJoining
                while member >= 0 || joining >= 0 {
                    if joining < 0 || (member >= 0 && member < joining) {
                        members.initializeElement(at: initialized, to: Int(member))
                        member = next[Int(member)]
                    } else {
                        members.initializeElement(at: initialized, to: Int(joining))
                        joining = next[Int(joining)]
                    }
                    initialized += 1
                }
                shared.append(start..<initialized)
            }
        }
        return (members, shared)
    }
}

/// `L REL value` from the constraint at `index`; `scale` turns a gap in L back into the constraint's units.
private struct Bound {
    var index: Int
    var relation: Relation
    var value: Double
    var priority: Double
    var scale: Double

    /// `a·L + k REL 0` is `L REL′ −k/a`, REL′ reversed when a (the leading coefficient) < 0.
    init(_ constraint: CompiledConstraint, index: Int, leading: Double) {
        var relation = constraint.relation
        if leading < 0 {
            switch relation {
            case .lessThanOrEqual: relation = .greaterThanOrEqual
            case .greaterThanOrEqual: relation = .lessThanOrEqual
            case .equal: break
            }
        }
        self.index = index
        self.relation = relation
        value = -constraint.constant / leading
        priority = constraint.priority
        scale = abs(leading)
    }

    var isRequired: Bool { priority >= LayoutPriority.required.value }
}

/// The values of a linear form allowed by some bounds, with the bounds that set each end.
private struct Interval {
    var low = -Double.infinity, high = Double.infinity
    var lowReason: Int?, highReason: Int?

    init() {}

    init(bound: Bound) { narrow(by: bound) }

    mutating func narrow(by bound: Bound) {
        if bound.relation != .lessThanOrEqual, bound.value > low { low = bound.value; lowReason = bound.index }
        if bound.relation != .greaterThanOrEqual, bound.value < high { high = bound.value; highReason = bound.index }
    }

    /// Values within 1e-9 (relative) count as equal.
    private static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }

    /// The bounds that imply `bound` (nil when these bounds do not).
    func implying(_ bound: Bound) -> [Int]? {
        let lowOK = low.isFinite && (low > bound.value || Self.close(low, bound.value))
        let highOK = high.isFinite && (high < bound.value || Self.close(high, bound.value))
        switch bound.relation {
        case .greaterThanOrEqual: return lowOK ? lowReason.map { [$0] } : nil
        case .lessThanOrEqual: return highOK ? highReason.map { [$0] } : nil
        case .equal:
            guard lowOK, highOK, Self.close(low, bound.value), Self.close(high, bound.value),
                  let lowReason, let highReason else { return nil }
            return lowReason == highReason ? [lowReason] : [lowReason, highReason].sorted()
        }
    }

    /// How far `bound`'s allowed values are from this interval (0 when they meet).
    func distance(to bound: Bound) -> Double {
        let wantsAbove = bound.relation != .lessThanOrEqual ? bound.value - high : -Double.infinity
        let wantsBelow = bound.relation != .greaterThanOrEqual ? low - bound.value : -Double.infinity
        return max(0, wantsAbove, wantsBelow)
    }

    /// The bound that leaves no value of `bound` (nil when some value is allowed).
    func excluding(_ bound: Bound) -> Int? {
        guard distance(to: bound) > 1e-9 * max(1, abs(bound.value)) else { return nil }
        return bound.relation != .lessThanOrEqual && bound.value > high ? highReason : lowReason
    }
}

/// The tightest ends of some bounds, as bounds are taken away: `interval(excluding:)` is the
/// interval of all remaining bounds but one, as `Interval` would narrow it in index order (the
/// largest low, the lowest index among equal ones; likewise the smallest high).
private struct IntervalEnds {
    private let bounds: [Bound]
    /// Positions of the bounds that give a low end (≥, ==), best first; the same for high ends.
    private let lows: [Int]
    private let highs: [Int]
    /// position → its place in `lows` / `highs`.
    private var lowRank: [Int]
    private var highRank: [Int]
    private var lowSurvivors: Survivors
    private var highSurvivors: Survivors

    init(_ bounds: [Bound]) {
        self.bounds = bounds
        lows = bounds.indices.filter { bounds[$0].relation != .lessThanOrEqual }
            .sorted { (-bounds[$0].value, $0) < (-bounds[$1].value, $1) }
        highs = bounds.indices.filter { bounds[$0].relation != .greaterThanOrEqual }
            .sorted { (bounds[$0].value, $0) < (bounds[$1].value, $1) }
        lowRank = [Int](repeating: -1, count: bounds.count)
        highRank = lowRank
        for (rank, position) in lows.enumerated() { lowRank[position] = rank }
        for (rank, position) in highs.enumerated() { highRank[position] = rank }
        lowSurvivors = Survivors(count: lows.count)
        highSurvivors = Survivors(count: highs.count)
    }

    mutating func remove(_ position: Int) {
        if lowRank[position] >= 0 { lowSurvivors.remove(lowRank[position]) }
        if highRank[position] >= 0 { highSurvivors.remove(highRank[position]) }
    }

    /// The interval of the remaining bounds other than the one at `position` (-1: of them all).
    mutating func interval(excluding position: Int) -> Interval {
        var interval = Interval()
        if let low = Self.best(lows, &lowSurvivors, excluding: position) {
            interval.low = bounds[low].value
            interval.lowReason = bounds[low].index
        }
        if let high = Self.best(highs, &highSurvivors, excluding: position) {
            interval.high = bounds[high].value
            interval.highReason = bounds[high].index
        }
        return interval
    }

    private static func best(_ order: [Int], _ survivors: inout Survivors, excluding position: Int) -> Int? {
        var rank = survivors.first(from: 0)
        if rank < order.count, order[rank] == position { rank = survivors.first(from: rank + 1) }
        return rank < order.count ? order[rank] : nil
    }
}

/// Which of `count` places are left, found by skipping removed ones with path compression.
private struct Survivors {
    /// place → a place at or after it that may be left (`count`: none).
    private var next: [Int]

    init(count: Int) { next = Array(0..<count + 1) }

    mutating func remove(_ place: Int) { next[place] = place + 1 }

    /// The first place left at or after `place` (`count` when none is).
    mutating func first(from place: Int) -> Int {
        var root = place
        while next[root] != root { root = next[root] }
        var current = place
        while next[current] != root {
            let following = next[current]
            next[current] = root
            current = following
        }
        return root
    }
}

/// For an optional bound, an optional bound of strictly higher priority that implies it on its
/// own: for `>=` the largest such low end, for `<=` the smallest high end (lowest index among
/// equal ones), for `==` one with the very same value. Bounds are swept by priority, highest
/// first, so each question costs a lookup.
private struct StrongerBounds {
    /// position → the index of the bound implying the one there, if any.
    private(set) var reasons: [Int?]

    init(_ bounds: [Bound]) {
        reasons = [Int?](repeating: nil, count: bounds.count)
        let order = bounds.indices.sorted { (-bounds[$0].priority, $0) < (-bounds[$1].priority, $1) }
        var low: Bound?
        var high: Bound?
        var equalities: [UInt64: Bound] = [:]
        var start = 0
        while start < order.count {
            var end = start
            while end < order.count, bounds[order[end]].priority == bounds[order[start]].priority { end += 1 }
            for position in order[start..<end] {
                let bound = bounds[position]
                var interval = Interval()
                switch bound.relation {
                case .greaterThanOrEqual: if let low { interval.narrow(by: low) }
                case .lessThanOrEqual: if let high { interval.narrow(by: high) }
                case .equal:
                    if let equality = equalities[bound.value.bitPattern] { interval.narrow(by: equality) }
                }
                reasons[position] = interval.implying(bound)?.first
            }
            for position in order[start..<end] {
                let bound = bounds[position]
                if bound.relation != .lessThanOrEqual, low.map({ bound.value > $0.value || (bound.value == $0.value && bound.index < $0.index) }) ?? true {
                    low = bound
                }
                if bound.relation != .greaterThanOrEqual, high.map({ bound.value < $0.value || (bound.value == $0.value && bound.index < $0.index) }) ?? true {
                    high = bound
                }
                if bound.relation == .equal, (equalities[bound.value.bitPattern]?.index ?? .max) > bound.index {
                    equalities[bound.value.bitPattern] = bound
                }
            }
            start = end
        }
    }
}
