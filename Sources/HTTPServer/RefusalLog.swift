/// When to log a connection libmicrohttpd refused at accept (over the connection limit or the
/// per-IP one): the first at once, then at most one line per `interval`, carrying how many
/// were refused since the line before. A client that reconnects without pause is refused
/// thousands of times a second, and a line each flooded the log (53,752-174,778 lines in 4 s
/// of `wrk` with 136 connections over the per-IP limit).
struct RefusalLog {
    let interval: Duration
    private var lastLogged: ContinuousClock.Instant?
    private var unlogged = 0

    init(interval: Duration) { self.interval = interval }

    /// Notes one refusal at `now`: the number of refusals the line to log now stands for (this
    /// one included), or nil when the line before is less than `interval` old.
    mutating func refused(at now: ContinuousClock.Instant) -> Int? {
        unlogged += 1
        if let lastLogged, now - lastLogged < interval { return nil }
        defer { (lastLogged, unlogged) = (now, 0) }
        return unlogged
    }

    /// The refusals held back since the last line, if any, now counted as logged: for one last
    /// line when the server stops, which would otherwise leave them out of the log for good.
    mutating func takeHeldBack() -> Int? {
        guard unlogged > 0 else { return nil }
        defer { unlogged = 0 }
        return unlogged
    }
}
