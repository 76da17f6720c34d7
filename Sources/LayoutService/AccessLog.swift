import Logging

/// One request as the access log records it.
public struct AccessLogEntry: Sendable {
    public var method: String
    /// The path as requested, cut to its first 200 characters.
    public var path: String
    public var status: Int
    /// From the request's arrival to its answer.
    public var duration: Duration
    /// The client's `X-Request-Id`, or the one the service assigned.
    public var requestID: String
    public var remoteAddress: String

    public init(method: String, path: String, status: Int, duration: Duration, requestID: String, remoteAddress: String) {
        self.method = method
        self.path = path
        self.status = status
        self.duration = duration
        self.requestID = requestID
        self.remoteAddress = remoteAddress
    }

    /// Calls `body` with each field's name and text, names in ascending order (the order a log
    /// handler that sorts its metadata writes them in): `method`, `ms` (the duration in
    /// milliseconds, as `Double.description` prints it), `path`, `remote`, `request_id`, `status`.
    public func forEachField(_ body: (StaticString, String) -> Void) {
        body("method", method)
        body("ms", String(duration.milliseconds))
        body("path", path)
        body("remote", remoteAddress)
        body("request_id", requestID)
        body("status", String(status))
    }
}

/// Where the service writes one entry per request. Called from whichever network or worker
/// thread answered the request, so an implementation must be safe to call from several at once.
public protocol AccessLog: Sendable {
    func record(_ entry: AccessLogEntry)
}

/// The access log as `info` lines of a swift-log `Logger`, message `request`, the entry's fields
/// as metadata: what any log handler can write, and what the service writes unless given another.
public struct LoggerAccessLog: AccessLog {
    public let logger: Logger

    public init(logger: Logger) {
        self.logger = logger
    }

    public func record(_ entry: AccessLogEntry) {
        // Made only when the logger writes `info` lines.
        logger.info("request", metadata: entry.metadata)
    }
}

extension AccessLogEntry {
    /// The fields as swift-log metadata.
    var metadata: Logger.Metadata {
        var metadata = Logger.Metadata(minimumCapacity: 6)
        forEachField { name, text in metadata[name.description] = .string(text) }
        return metadata
    }
}
