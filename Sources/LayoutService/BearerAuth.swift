/// The optional API key on `POST /solve`: `Authorization: Bearer KEY`, compared in time that
/// depends only on the lengths, so the key cannot be guessed byte by byte from response times.
struct BearerAuth: Sendable {
    let key: [UInt8]

    init(key: String) { self.key = Array("Bearer \(key)".utf8) }

    /// Whether the `Authorization` header carries the key.
    func accepts(_ authorization: String?) -> Bool {
        guard let authorization else { return false }
        let given = Array(authorization.utf8)
        guard given.count == key.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(given, key) { difference |= a ^ b }
        return difference == 0
    }
}
