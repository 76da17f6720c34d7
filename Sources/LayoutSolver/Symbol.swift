/// What a tableau symbol stands for. Symbols are dense integer ids; their kind decides how they may move.
enum SymbolKind: UInt8, Sendable {
    /// A caller's variable: unrestricted in sign.
    case external
    /// The slack of an inequality: `≥ 0`, and the marker of its constraint.
    case slack
    /// The error of an optional constraint: `≥ 0`, costed at its priority level.
    case error
    /// Fixed at 0; the marker of a required edit, whose constant changes through it.
    case dummy
    /// The temporary variable of a phase-one feasibility search: `≥ 0`.
    case artificial

    /// Whether the symbol is sign-restricted (everything but externals).
    var isRestricted: Bool { self != .external }

    /// Whether the symbol may enter the basis in an optimisation pivot.
    var canEnter: Bool { self == .slack || self == .error }
}
