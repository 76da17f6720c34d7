import HTTPServer

/// `GET /`: the playground, one self-contained HTML page (inline CSS and script, no external
/// assets) compiled into the binary, that edits a request and shows `/solve`'s drawing, frames
/// and diagnosis.
enum Playground {
    /// The page may run only its own inline script and style, and talk only to this origin.
    static let contentSecurityPolicy = [
        "default-src 'none'", "script-src 'unsafe-inline'", "style-src 'unsafe-inline'", "img-src 'self' data:",
        "connect-src 'self'", "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    static let response = HTTPResponse(status: 200, headers: [
        ("Content-Type", "text/html; charset=utf-8"),
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
    ], body: PackageResources.playground_html)
}
