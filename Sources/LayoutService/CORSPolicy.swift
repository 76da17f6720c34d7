import HTTPServer

/// CORS for browser-based design tools: the headers that let an allowed origin read any
/// response of the service, errors included, and the answer to a preflight.
struct CORSPolicy: Sendable {
    let allowedOrigins: [String]

    /// `Access-Control-Allow-Origin` (and `Vary: Origin`) for a request's origin, or nothing.
    func headers(for head: HTTPRequestHead) -> [(name: String, value: String)] {
        guard !allowedOrigins.isEmpty else { return [] }
        var headers: [(name: String, value: String)] = [("Vary", "Origin")]
        guard let origin = head.header("origin") else { return headers }
        if allowedOrigins.contains("*") {
            headers.append(("Access-Control-Allow-Origin", "*"))
        } else if allowedOrigins.contains(origin) {
            headers.append(("Access-Control-Allow-Origin", origin))
        } else {
            return headers
        }
        headers.append(("Access-Control-Expose-Headers", "X-Request-Id, Retry-After"))
        return headers
    }

    /// The 204 answer to `OPTIONS` (a preflight).
    func preflight(_ head: HTTPRequestHead, allow: String) -> HTTPResponse {
        var headers = headers(for: head)
        if headers.contains(where: { $0.name == "Access-Control-Allow-Origin" }) {
            headers.append(("Access-Control-Allow-Methods", allow))
            headers.append(("Access-Control-Allow-Headers", "Content-Type, Authorization, Accept, X-Request-Id"))
            headers.append(("Access-Control-Max-Age", "600"))
        }
        headers.append(("Allow", allow))
        return HTTPResponse(status: 204, headers: headers)
    }
}
