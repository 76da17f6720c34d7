import ArgumentParser
import Dispatch
import HTTPServer
import LayoutModel
import LayoutService
import Logging

#if canImport(Glibc)
import Glibc
#endif

/// `layoutd`: Auto Layout over HTTP.
@main
struct Layoutd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutd",
        abstract: "Auto Layout over HTTP: POST a view hierarchy and its constraints to /solve, get every frame back.",
        discussion: "Every flag can also be set by the environment variable named in its help (the flag wins).",
        version: ServiceVersion.version)

    @Option(help: "Address to listen on (env HOST).")
    var host: String = Environment.string("HOST") ?? "0.0.0.0"

    @Option(help: "Port to listen on; 0 picks a free one (env PORT).")
    var port: Int = Environment.int("PORT") ?? 8080

    @Option(help: "Network threads (libmicrohttpd's poll() pool) (env LAYOUTD_THREADS).")
    var threads: Int = Environment.int("LAYOUTD_THREADS") ?? Environment.cores

    @Option(help: "Solver worker threads (env LAYOUTD_WORKERS).")
    var workers: Int = Environment.int("LAYOUTD_WORKERS") ?? Environment.cores

    @Option(help: "Requests waiting for a solver slot beyond the busy workers before 503 (env LAYOUTD_QUEUE).")
    var queue: Int = Environment.int("LAYOUTD_QUEUE") ?? 4 * Environment.cores

    @Option(help: "Largest request body in bytes, answered 413 past it (env LAYOUTD_MAX_BODY).")
    var maxBody: Int = Environment.int("LAYOUTD_MAX_BODY") ?? 8 << 20

    @Option(help: "Bytes of request and response bodies held at once, all connections together, a request body until its answer is sent and an answer until it is sent; one that would pass it is answered 503; 0 = unlimited, else at least --max-body (env LAYOUTD_MAX_BODY_MEMORY).")
    var maxBodyMemory: Int = Environment.int("LAYOUTD_MAX_BODY_MEMORY") ?? 256 << 20

    @Option(help: "Seconds an idle connection is kept (env LAYOUTD_CONNECTION_TIMEOUT).")
    var connectionTimeout: Int = Environment.int("LAYOUTD_CONNECTION_TIMEOUT") ?? 10

    @Option(help: "Connections from one IP address; 0 = unlimited, for use behind a proxy (env LAYOUTD_PER_IP_LIMIT).")
    var perIPLimit: Int = Environment.int("LAYOUTD_PER_IP_LIMIT") ?? 64

    @Option(help: "Connections in all (env LAYOUTD_CONNECTION_LIMIT).")
    var connectionLimit: Int = Environment.int("LAYOUTD_CONNECTION_LIMIT") ?? 1000

    @Option(help: "Bytes per connection for its request line, headers and read buffer, not the body (env LAYOUTD_CONNECTION_MEMORY_LIMIT).")
    var connectionMemoryLimit: Int = Environment.int("LAYOUTD_CONNECTION_MEMORY_LIMIT") ?? 64 << 10

    @Option(help: "Stack size in bytes of the network and solver threads (env LAYOUTD_THREAD_STACK_SIZE).")
    var threadStackSize: Int = Environment.int("LAYOUTD_THREAD_STACK_SIZE") ?? 8 << 20

    @Option(help: "Most views in one request (env LAYOUTD_MAX_VIEWS).")
    var maxViews: Int = Environment.int("LAYOUTD_MAX_VIEWS") ?? LayoutLimits.default.maxViews

    @Option(help: "Most constraints in one request, after expanding shorthands (env LAYOUTD_MAX_CONSTRAINTS).")
    var maxConstraints: Int = Environment.int("LAYOUTD_MAX_CONSTRAINTS") ?? LayoutLimits.default.maxConstraints

    @Option(help: "Most terms the constraints of one request compile to: one per item and one per view between a constraint's items and their closest common ancestor (env LAYOUTD_MAX_TERMS).")
    var maxTerms: Int = Environment.int("LAYOUTD_MAX_TERMS") ?? LayoutLimits.default.maxTerms

    @Option(help: "Solver budget: simplex pivots per request (env LAYOUTD_MAX_PIVOTS).")
    var maxPivots: Int = Environment.int("LAYOUTD_MAX_PIVOTS") ?? 1_000_000

    @Option(help: "Solver budget: milliseconds per request (env LAYOUTD_SOLVE_TIMEOUT_MS).")
    var solveTimeoutMs: Int = Environment.int("LAYOUTD_SOLVE_TIMEOUT_MS") ?? 10_000

    @Option(help: "Milliseconds a solve of a body up to 64 KiB may run on the network thread before a worker takes it over; 0 sends every solve to a worker (env LAYOUTD_NETWORK_SOLVE_MS).")
    var networkSolveMs: Int = Environment.int("LAYOUTD_NETWORK_SOLVE_MS") ?? 2

    @Option(help: "Comma-separated origins allowed by CORS, or '*'; none by default (env LAYOUTD_CORS_ORIGINS).")
    var corsOrigins: String = Environment.string("LAYOUTD_CORS_ORIGINS") ?? ""

    @Option(help: "When set, POST /solve requires 'Authorization: Bearer KEY' (env LAYOUTD_API_KEY).")
    var apiKey: String = Environment.string("LAYOUTD_API_KEY") ?? ""

    @Option(help: "Seconds to finish in-flight requests after SIGTERM/SIGINT (env LAYOUTD_DRAIN_SECONDS).")
    var drainSeconds: Int = Environment.int("LAYOUTD_DRAIN_SECONDS") ?? 25

    @Option(help: "Log format: json or text (env LAYOUTD_LOG_FORMAT).")
    var logFormat: String = Environment.string("LAYOUTD_LOG_FORMAT") ?? "json"

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical (env LAYOUTD_LOG_LEVEL).")
    var logLevel: String = Environment.string("LAYOUTD_LOG_LEVEL") ?? "info"

    @Flag(help: "Check a layoutd on 127.0.0.1:--port: exit 0 if GET /healthz answers 200 (the container health check).")
    var probe = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be within 0…65535") }
        for (name, value) in [("--threads", threads), ("--workers", workers), ("--max-body", maxBody),
                              ("--max-views", maxViews), ("--max-constraints", maxConstraints), ("--max-terms", maxTerms),
                              ("--max-pivots", maxPivots), ("--solve-timeout-ms", solveTimeoutMs)] where value < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
        for (name, value) in [("--queue", queue), ("--connection-timeout", connectionTimeout),
                              ("--per-ip-limit", perIPLimit), ("--drain-seconds", drainSeconds),
                              ("--network-solve-ms", networkSolveMs)] where value < 0 {
            throw ValidationError("\(name) must not be negative")
        }
        // An installation keeps its constraints, their terms and their solver handles in 32-bit
        // tables (`CompiledConstraint`, `ConstraintHandles`): these bounds keep every count below
        // 2^31 (a term per view level, two for a right or bottom edge, and four constraints of
        // one term per view besides the request's).
        for (name, value, most) in [("--max-views", maxViews, 50_000_000), ("--max-constraints", maxConstraints, 500_000_000),
                                    ("--max-terms", maxTerms, 500_000_000)] where value > most {
            throw ValidationError("\(name) must be at most \(most)")
        }
        guard maxBodyMemory == 0 || maxBodyMemory >= maxBody else {
            throw ValidationError("--max-body-memory must be 0 (unlimited) or at least --max-body")
        }
        guard connectionLimit >= 1 else { throw ValidationError("--connection-limit must be at least 1") }
        guard connectionMemoryLimit >= 4096 else { throw ValidationError("--connection-memory-limit must be at least 4096") }
        guard threadStackSize >= 1 << 20 else { throw ValidationError("--thread-stack-size must be at least 1 MiB (deep JSON needs it)") }
        guard ["json", "text"].contains(logFormat) else { throw ValidationError("--log-format must be json or text") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level '\(logLevel)' is not a level") }
    }

    func run() throws {
        if probe { throw HealthProbe.check(port: port) ? ExitCode.success : ExitCode.failure }
        let level = Logger.Level(rawValue: logLevel) ?? .info
        let json = logFormat == "json"
        LoggingSystem.bootstrap { label in
            var handler: any LogHandler = json ? JSONLogHandler(label: label) : StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        // Lines below notice wait up to 20 ms in the buffer: write them before the process ends.
        defer { LogBuffer.standardError.flush() }
        let logger = Logger(label: "layoutd")

        var limits = LayoutLimits.default
        limits.maxViews = maxViews
        limits.maxConstraints = maxConstraints
        limits.maxTerms = maxTerms
        let service = LayoutService(
            configuration: ServiceConfiguration(
                limits: limits, maxPivots: maxPivots, solveTimeout: .milliseconds(solveTimeoutMs),
                allowedOrigins: corsOrigins.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty },
                apiKey: apiKey.isEmpty ? nil : apiKey, networkThreadSolveTime: .milliseconds(networkSolveMs)),
            logger: logger,
            // The access log's JSON lines are written straight (the same lines); text ones, and
            // none below the log level, through the logger.
            accessLog: json && level <= .info ? JSONAccessLog(label: logger.label) : nil)
        var configuration = HTTPServerConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.networkThreads = threads
        configuration.workers = workers
        configuration.queueLimit = queue
        configuration.maxBodyBytes = maxBody
        configuration.maxBodyMemoryBytes = maxBodyMemory
        configuration.connectionTimeoutSeconds = connectionTimeout
        configuration.perIPConnectionLimit = perIPLimit
        configuration.connectionLimit = connectionLimit
        configuration.connectionMemoryLimitBytes = connectionMemoryLimit
        configuration.threadStackSizeBytes = threadStackSize
        let server = HTTPServer(configuration: configuration, handler: service, logger: logger)
        service.observe(server)

        let boundPort: Int
        do {
            boundPort = try server.start()
        } catch {
            logger.critical("cannot start", metadata: ["error": "\(error)"])
            throw ExitCode(1)
        }
        logger.notice("listening", metadata: ["host": "\(host)", "port": "\(boundPort)", "version": "\(ServiceVersion.version)"])

        // The main thread waits for a signal, drains and returns normally, so that the process
        // exits 0 through main, everything it owns released. The signal handlers hold neither
        // the server nor the service: a handler still running when main returned kept the
        // server alive past exit (LeakSanitizer then saw its weak-reference side table, which
        // only the server's encoded reference count points to, as leaked).
        let signalled = DispatchSemaphore(value: 0)
        let signals: [Int32] = [SIGTERM, SIGINT]
        let sources = signals.map { signalNumber -> any DispatchSourceSignal in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                logger.notice("draining", metadata: ["signal": "\(signalNumber)", "deadline_s": "\(drainSeconds)"])
                signalled.signal()
            }
            source.resume()
            return source
        }
        signalled.wait()
        service.beginDraining()
        server.drain(deadline: .seconds(drainSeconds))
        logger.notice("stopped")
        for source in sources { source.cancel() }
    }
}

/// Flag defaults from the environment.
enum Environment {
    static func string(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    static func int(_ name: String) -> Int? { string(name).flatMap { Int($0.trimmed) } }

    static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

extension String {
    var trimmed: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
