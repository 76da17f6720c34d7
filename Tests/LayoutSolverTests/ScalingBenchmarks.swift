#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutSolver
import Testing

/// Build + solve timings on synthetic layouts shaped like the benchmark families, printed for
/// 1k and 10k views. Off by default: `LAYOUT_SOLVER_BENCH=1 swift test -c release --filter ScalingBenchmarks`.
@Suite(.enabled(if: Environment.benchmarksRequested))
struct ScalingBenchmarks {
    /// flat_row: n equal-width views between 8-point gaps, all required.
    static func flatRow(_ s: inout Solver, views n: Int) throws {
        let root = s.makeVariable()
        try s.add(pin(root, Double(48 * n + 8)), .equal)
        var previous: (x: Variable, w: Variable)?
        var first: Variable?
        for _ in 0..<n {
            let x = s.makeVariable(), y = s.makeVariable(), w = s.makeVariable(), h = s.makeVariable()
            try s.add(pin(y, 0), .equal)
            try s.add(pin(h, 44), .equal)
            if let p = previous {
                try s.add(expr([(x, 1), (p.x, -1), (p.w, -1)], -8), .equal)
                if let first { try s.add(expr([(w, 1), (first, -1)]), .equal) }
            } else {
                try s.add(pin(x, 8), .equal)
                first = w
            }
            previous = (x, w)
        }
        if let p = previous { try s.add(expr([(p.x, 1), (p.w, 1), (root, -1)], 8), .equal) }
    }

    /// A self-sizing list: cells chained top to bottom, each height from a title with intrinsic
    /// height (hugging 250, compression 750) and 12-point margins, the container following.
    static func list(_ s: inout Solver, views n: Int) throws {
        let container = s.makeVariable()
        var previous: (y: Variable, h: Variable)?
        for k in 0..<(n / 2) {
            let y = s.makeVariable(), h = s.makeVariable(), ty = s.makeVariable(), th = s.makeVariable()
            if let p = previous { try s.add(expr([(y, 1), (p.y, -1), (p.h, -1)]), .equal) } else { try s.add(pin(y, 0), .equal) }
            try s.add(pin(ty, 12), .equal)
            try s.add(pin(th, Double(20 + k % 3 * 20)), .lessThanOrEqual, priority: 250)
            try s.add(pin(th, Double(20 + k % 3 * 20)), .greaterThanOrEqual, priority: 750)
            try s.add(expr([(h, 1), (ty, -1), (th, -1)], -12), .greaterThanOrEqual)
            try s.add(expr([(h, 1), (ty, -1), (th, -1)], -12), .equal, priority: 999)
            previous = (y, h)
        }
        if let p = previous { try s.add(expr([(container, 1), (p.y, -1), (p.h, -1)]), .equal) }
    }

    @Test(arguments: ["flatRow", "list"])
    func timing(family: String) throws {
        for n in [1000, 10000] {
            var best = Duration.seconds(1000)
            var statistics: SolverStatistics?
            for _ in 0..<3 {
                var s = Solver()
                let start = ContinuousClock.now
                if family == "flatRow" { try Self.flatRow(&s, views: n) } else { try Self.list(&s, views: n) }
                try s.solve()
                best = min(best, ContinuousClock.now - start)
                statistics = s.statistics
            }
            print("\(family) views=\(n) best=\(best) \(String(describing: statistics))")
        }
    }
}

enum Environment {
    /// Whether LAYOUT_SOLVER_BENCH=1 is set.
    static var benchmarksRequested: Bool {
        guard let value = getenv("LAYOUT_SOLVER_BENCH") else { return false }
        return String(cString: value) == "1"
    }
}
