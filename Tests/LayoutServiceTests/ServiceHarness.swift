import HTTPServer
import HTTPTestSupport
import JSON
import LayoutService
import Logging

/// The real service on a real libmicrohttpd daemon, on a free loopback port.
final class ServiceHarness {
    let server: HTTPServer
    let service: LayoutService
    let port: Int

    /// `server` adjusts the HTTP server's configuration (threads, workers, queue) after the
    /// harness's loopback defaults.
    init(configuration: ServiceConfiguration = ServiceConfiguration(), maxBody: Int = 1 << 20, accessLog: (any AccessLog)? = nil,
         server adjust: (inout HTTPServerConfiguration) -> Void = { _ in }) throws {
        var http = HTTPServerConfiguration()
        http.host = "127.0.0.1"
        http.port = 0
        http.maxBodyBytes = maxBody
        adjust(&http)
        var logger = Logger(label: "layoutd-test")
        logger.logLevel = .warning
        service = LayoutService(configuration: configuration, logger: logger, accessLog: accessLog)
        server = HTTPServer(configuration: http, handler: service, logger: logger)
        service.observe(server)
        port = try server.start()
    }

    deinit { server.stop() }

    func post(_ path: String = "/solve", _ body: String, headers: [(String, String)] = [("Content-Type", "application/json")]) throws -> RawHTTPResponse {
        try RawHTTP.request(port: port, method: "POST", path: path, headers: headers, body: Array(body.utf8))
    }

    func get(_ path: String, headers: [(String, String)] = []) throws -> RawHTTPResponse {
        try RawHTTP.request(port: port, method: "GET", path: path, headers: headers)
    }
}

extension RawHTTPResponse {
    /// The body parsed as JSON.
    var json: JSONValue? { try? JSONDocument(parsing: body).root }
}

extension JSONValue {
    /// `frames[id]` as (x, y, width, height).
    func frame(_ id: String) -> [Double]? {
        guard let frame = self["frames"]?[id] else { return nil }
        return ["x", "y", "width", "height"].compactMap { frame[$0]?.number }
    }
}
