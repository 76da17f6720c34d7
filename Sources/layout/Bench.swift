import ArgumentParser
import JSON
import LayoutModel
import LayoutSolver

/// `layout bench FILE [--runs N]`: times reading (JSON + validation), solving and writing one
/// request, each the median of N runs in this process (each solve on the solver the one before
/// left, made new with its storage kept, as the server solves: `EngineStorage`), and prints one JSON object:
/// `{"parseMs", "solveMs", "writeMs", "readMBps", "writeMBps", "jsonReadMBps", "pivots", "status", "frames": {"id": [x, y, w, h]}}`.
/// `readMBps` is the whole request read (JSON, validation, the model); `jsonReadMBps` the JSON
/// parser alone on the same body; `writeMBps` the response writer. 1 MB = 10⁶ bytes.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time reading, solving and writing a request (medians; build with -c release).")

    @Argument(help: "The request JSON file.")
    var file: String

    @Option(help: "Runs per phase; the median is reported.")
    var runs = 5

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
    }

    func run() throws {
        guard let body = InputFile.read(file) else {
            printError("layout: cannot read '\(file)'")
            throw ExitCode(2)
        }
        do {
            let json = try median { () throws(LayoutProblem) in _ = try Self.countedParse(body) }
            var request: LayoutRequest?
            let parse = try median { () throws(LayoutProblem) in request = try Self.countedRead(body) }
            guard let request else { throw ExitCode(2) }
            var result: LayoutResult?
            // As the server solves: each solve on the storage of the solver the one before left.
            let storage = EngineStorage()
            let solve = try median { () throws(LayoutProblem) in result = try Self.countedSolve(request, storage: storage) }
            guard let result else { throw ExitCode(2) }
            var output: [UInt8] = []
            let write = try median { () throws(LayoutProblem) in output = Self.countedWrite(result) }
            print(String(decoding: report(parse: parse, json: json, solve: solve, write: write, input: body.count, output: output.count, result: result), as: UTF8.self))
        } catch let problem as LayoutProblem {
            printError("layout: \(problem.detail) at \(problem.pointer)")
            throw ExitCode(2)
        }
    }

    private func report(parse: Double, json: Double, solve: Double, write: Double, input: Int, output: Int, result: LayoutResult) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("parseMs"); writer.number(parse)
        writer.key("solveMs"); writer.number(solve)
        writer.key("writeMs"); writer.number(write)
        writer.key("readMBps"); writer.number(Double(input) / 1e3 / parse)
        writer.key("writeMBps"); writer.number(Double(output) / 1e3 / write)
        writer.key("jsonReadMBps"); writer.number(Double(input) / 1e3 / json)
        writer.key("pivots"); writer.number(result.pivots)
        writer.key("status"); writer.string(result.status.rawValue)
        writer.key("frames")
        writer.beginObject()
        for (id, frame) in result.layouts.first?.frames ?? [] {
            writer.key(id)
            writer.beginArray()
            for value in [frame.x, frame.y, frame.width, frame.height] { writer.number(value) }
            writer.endArray()
        }
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }

    // Each phase in a function of its own that is never inlined: `Benchmarks/run.sh` counts the
    // instructions of one with callgrind's `--toggle-collect='*countedSolve*'` (or
    // `countedParse`, `countedRead`, `countedWrite`), which counts only while that function
    // runs. The phase is not the function's last call: a tail call jumps out of it, and
    // callgrind stops counting there.

    /// The JSON parser alone on the body.
    @inline(never)
    static func countedParse(_ body: [UInt8]) throws(LayoutProblem) -> JSONDocument {
        try withExtendedLifetime(body) { () throws(LayoutProblem) in try RequestDecoder.document(body) }
    }

    /// The whole read: the JSON, the validation and the model.
    @inline(never)
    static func countedRead(_ body: [UInt8]) throws(LayoutProblem) -> LayoutRequest {
        try withExtendedLifetime(body) { () throws(LayoutProblem) in try RequestDecoder.decode(body) }
    }

    /// One solve (parsing and writing excluded).
    @inline(never)
    static func countedSolve(_ request: LayoutRequest, storage: EngineStorage) throws(LayoutProblem) -> LayoutResult {
        try withExtendedLifetime(storage) { () throws(LayoutProblem) in try LayoutEngine.solve(request, storage: storage) }
    }

    /// The response written.
    @inline(never)
    static func countedWrite(_ result: LayoutResult) -> [UInt8] {
        withExtendedLifetime(result) { ResponseEncoder.encode(result) }
    }

    /// The median wall time of `runs` calls, in milliseconds.
    private func median(_ body: () throws(LayoutProblem) -> Void) throws(LayoutProblem) -> Double {
        var times: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let start = clock.now
            try body()
            let (seconds, attoseconds) = (clock.now - start).components
            times.append(Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
        }
        times.sort()
        return times[times.count / 2]
    }
}
