import CHTTPShim
import Logging

// The C callbacks. They are plain global functions in a file that is not main.swift, so they
// are nonisolated (a closure in top-level main.swift would be inferred @MainActor and trap on
// the first request on an MHD thread). They capture nothing: the state travels in `ctx`
// (an Unmanaged<ServerCore>, retained by HTTPServer.start and released after lhs_stop).
// A Swift error cannot cross these frames; nothing in them throws.

func shimOnHead(_ ctx: UnsafeMutableRawPointer?, _ conn: OpaquePointer?,
                _ head: UnsafePointer<lhs_head>?,
                _ tokenOut: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> OpaquePointer? {
    guard let ctx, let conn, let head else { return nil }
    let core = Unmanaged<ServerCore>.fromOpaque(ctx).takeUnretainedValue()
    return core.onHead(conn: conn, head.pointee, tokenOut: tokenOut)
}

func shimOnRequest(_ ctx: UnsafeMutableRawPointer?, _ conn: OpaquePointer?,
                   _ token: UnsafeMutableRawPointer?, _ body: UnsafePointer<UInt8>?,
                   _ bodyLength: Int, _ flags: Int32) -> OpaquePointer? {
    guard let ctx, let conn, let token else { return nil }  // nil → the shim answers 500
    let core = Unmanaged<ServerCore>.fromOpaque(ctx).takeUnretainedValue()
    let request = Unmanaged<RequestToken>.fromOpaque(token).takeUnretainedValue()
    let bytes: [UInt8] = (body != nil && bodyLength > 0)
        ? Array(UnsafeBufferPointer(start: body, count: bodyLength)) : []
    return core.onRequest(conn: conn, token: request, body: bytes, flags: flags)
}

func shimOnCompleted(_ ctx: UnsafeMutableRawPointer?, _ token: UnsafeMutableRawPointer?,
                     _ toe: Int32) {
    // The token was passRetained in onHead; this is its one release.
    guard let token else { return }
    Unmanaged<RequestToken>.fromOpaque(token).release()
}

func shimLog(_ ctx: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) {
    guard let ctx, let message else { return }
    let core = Unmanaged<ServerCore>.fromOpaque(ctx).takeUnretainedValue()
    let text = String(cString: message)
    if text.hasPrefix("Server reached connection limit") {  // the connection or the per-IP one
        core.connectionRefused(text)
        return
    }
    core.logger.log(level: mhdLogLevel(text), "\(text)", metadata: ["source": "libmicrohttpd"])
}

/// libmicrohttpd logs what clients do wrong as errors; a public server sees those all the time,
/// and a hostile client could flood the log with them. Client-caused messages go to `debug`,
/// anything else (the server's own trouble) stays a `warning`. (Refused connections are
/// counted and logged apart: `ServerCore.connectionRefused`.)
func mhdLogLevel(_ text: String) -> Logger.Level {
    let clientCaused = [
        "Error processing request",             // 400/413/414/431/505 answered by MHD itself
        "Application reported internal error",  // the shim's deliberate MHD_NO (client left
                                                // mid-body, far over the body limit)
        "Connection was closed by remote side",
        "Failed to parse `Content-Length'",
        "Too large value of 'Content-Length'",
        "Failed to receive data",
        "Failed to send data",
    ]
    if clientCaused.contains(where: { text.hasPrefix($0) }) { return .debug }
    return .warning
}
