import LayoutModel

/// Chooses the format of a `POST /solve` answer from the `Accept` header (RFC 9110 §12.5.1):
/// media ranges with q-values, the most specific range matching a type deciding its quality.
/// No header, `*/*` or `application/json` → JSON; `image/svg+xml` → the drawing; on a tie, JSON.
enum ContentNegotiation {
    /// The formats `/solve` offers, in order of preference on a tie.
    static let offered: [SolveExchange.Format] = [.json, .svg]

    /// The format to answer in, or `nil` when the client accepts none of them (406).
    static func format(accept: String?) -> SolveExchange.Format? {
        // The usual headers (curl's and most libraries' `*/*`, a JSON client's), answered without
        // splitting and lowercasing the header: parsing it costs some 25,000 instructions, twice a request.
        if accept == "*/*" || accept == "application/json" { return .json }
        let ranges = accept?.split(separator: ",").compactMap(MediaRange.init) ?? []
        // No header, or none of it readable: as if absent (RFC 9110 lets a server ignore a bad Accept).
        guard !ranges.isEmpty else { return .json }
        var best: (format: SolveExchange.Format, quality: Double)?
        for format in offered {
            let quality = ranges.filter { $0.matches(format.contentType) }
                .max { $0.specificity < $1.specificity }?.quality ?? 0
            if quality > 0, quality > best?.quality ?? 0 { best = (format, quality) }
        }
        return best?.format
    }

    /// The media types `/solve` can answer, for a 406's detail.
    static var offeredList: String { offered.map(\.contentType).joined(separator: ", ") }
}

/// One element of an `Accept` header: `type/subtype;params;q=0.5`.
private struct MediaRange {
    var type: String
    var subtype: String
    var quality: Double

    init?(_ text: Substring) {
        let parts = text.split(separator: ";").map { $0.trimmingSpaces.lowercased() }
        guard let range = parts.first else { return nil }
        let halves = range.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2, !halves[0].isEmpty, !halves[1].isEmpty, halves[0] != "*" || halves[1] == "*" else { return nil }
        type = String(halves[0])
        subtype = String(halves[1])
        quality = 1
        for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
            guard let q = Double(parameter.dropFirst(2)), (0...1).contains(q) else { return nil }
            quality = q
        }
    }

    func matches(_ contentType: String) -> Bool {
        let halves = contentType.split(separator: "/")
        return (type == "*" || type[...] == halves[0]) && (subtype == "*" || subtype[...] == halves[1])
    }

    /// `*/*` < `type/*` < `type/subtype`.
    var specificity: Int { (type == "*" ? 0 : 1) + (subtype == "*" ? 0 : 1) }
}
