/// An `Int` kept in 32 bits, for indices that stay far below 2^31 (symbols, rows, variables,
/// heap slots) in the structs the solver keeps one of per constraint, row or symbol: those are
/// read in passes over all of them and at random, and half the bytes is fewer lines fetched.
@propertyWrapper
struct Int32Storage: Sendable {
    private var stored: Int32

    init(wrappedValue: Int) { stored = Int32(wrappedValue) }

    var wrappedValue: Int {
        get { Int(stored) }
        set { stored = Int32(newValue) }
    }
}
