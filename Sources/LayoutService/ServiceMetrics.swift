import CoreMetrics
import HTTPServer
import Metrics
import Prometheus

/// The service's metrics through swift-metrics, kept in its own Prometheus registry and
/// rendered by `GET /metrics` in the Prometheus text format.
final class ServiceMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let inFlight: CoreMetrics.Gauge
    private let openConnections: CoreMetrics.Gauge
    private let bodyMemory: CoreMetrics.Gauge
    private let responseMemory: CoreMetrics.Gauge
    private let solveTime: Metrics.Timer
    private let pivots: Recorder
    private let views: Recorder
    private let constraints: Recorder
    private let handedToWorkerCount: CoreMetrics.Counter

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        let latencyBuckets: [Duration] = [.microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
                                          .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25),
                                          .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500),
                                          .seconds(1), .seconds(2.5), .seconds(5), .seconds(10)]
        factory.defaultDurationHistogramBuckets = latencyBuckets
        let sizeBuckets: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]
        factory.defaultValueHistogramBuckets = sizeBuckets
        self.factory = factory
        inFlight = CoreMetrics.Gauge(label: "layoutd_requests_in_flight", factory: factory)
        openConnections = CoreMetrics.Gauge(label: "layoutd_connections_open", factory: factory)
        bodyMemory = CoreMetrics.Gauge(label: "layoutd_request_body_bytes", factory: factory)
        responseMemory = CoreMetrics.Gauge(label: "layoutd_response_body_bytes", factory: factory)
        solveTime = Metrics.Timer(label: "layoutd_solve_duration_seconds", factory: factory)
        pivots = Recorder(label: "layoutd_solve_pivots", aggregate: true, factory: factory)
        views = Recorder(label: "layoutd_request_views", aggregate: true, factory: factory)
        constraints = Recorder(label: "layoutd_request_constraints", aggregate: true, factory: factory)
        handedToWorkerCount = Counter(label: "layoutd_solves_handed_to_worker_total", factory: factory)
    }

    /// A small solve that ran out of its slice on the network thread and went to a worker.
    func handedToWorker() { handedToWorkerCount.increment() }

    /// One finished request: counted by route and status, timed by route.
    func requestFinished(route: String, status: Int, duration: Duration) {
        let key = RouteStatus(route: route, status: status)
        let (counter, timer) = perRoute.withLock { made in
            if let known = made[key] { return known }
            let new = (Counter(label: "layoutd_http_requests_total", dimensions: [("route", route), ("status", String(status))], factory: factory),
                       Metrics.Timer(label: "layoutd_http_request_duration_seconds", dimensions: [("route", route)], factory: factory))
            made[key] = new
            return new
        }
        counter.increment()
        timer.recordNanoseconds(duration.nanoseconds)
    }

    private struct RouteStatus: Hashable {
        let route: String
        let status: Int
    }

    /// Each route and status's counter and timer, made on first use (making one is a registry
    /// lookup that cost as much as the rest of a request's metrics). A few routes × statuses.
    private let perRoute = ConditionLock<[RouteStatus: (CoreMetrics.Counter, Metrics.Timer)]>([:])

    /// A request turned away before solving: `body-too-large`, `overloaded`, `unauthorized`, …
    /// Each reason's counter is made on first use, as the routes' are: under overload every
    /// request is turned away, and a registry lookup each time would make that path dearer.
    func rejected(reason: String) {
        let counter = rejections.withLock { made in
            if let known = made[reason] { return known }
            let new = Counter(label: "layoutd_rejected_total", dimensions: [("reason", reason)], factory: factory)
            made[reason] = new
            return new
        }
        counter.increment()
    }

    private let rejections = ConditionLock<[String: CoreMetrics.Counter]>([:])

    /// One solve: its time, pivots and size.
    func solved(duration: Duration, pivots pivotCount: Int, views viewCount: Int, constraints constraintCount: Int) {
        solveTime.recordNanoseconds(duration.nanoseconds)
        pivots.record(pivotCount)
        views.record(viewCount)
        constraints.record(constraintCount)
    }

    /// The Prometheus text exposition of every metric, with the server's gauges read now
    /// (`layoutd_requests_in_flight`: solves queued for or running on the workers; `layoutd_connections_open`;
    /// `layoutd_request_body_bytes`: request bodies held until their answer is sent;
    /// `layoutd_response_body_bytes`: answers not yet sent).
    func render(server: HTTPServer?) -> [UInt8] {
        if let server {
            inFlight.record(server.requestsInFlight)
            openConnections.record(server.currentConnections)
            bodyMemory.record(server.bodyMemoryBytes)
            responseMemory.record(server.responseMemoryBytes)
        }
        return registry.emitToBuffer()
    }
}

extension Duration {
    /// Whole nanoseconds, saturating.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : whole.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }

    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}
