import JSON
import LayoutModel
import LayoutSolver

/// What every request-shaped fuzz target checks: a body is decoded and validated, solved within a
/// small budget and encoded, or refused with a 4xx problem; both answers are valid JSON; and a
/// request solved is solved again on the storage the inputs before left (as the server keeps it
/// from request to request), with the same answer. Anything else (a trap, a 5xx, a malformed
/// answer, a different one) stops the fuzzer.
public enum FuzzExchange {
    /// Small enough that one input stays well under libFuzzer's timeout.
    public static let limits = LayoutLimits(maxViews: 200, maxConstraints: 2_000)

    public static func check(_ body: [UInt8]) {
        let budget = SolverBudget(maxPivots: 20_000, deadline: .now + .seconds(2))
        do {
            let request = try RequestDecoder.decode(body, limits: limits)
            let result = try LayoutEngine.solve(request, budget: budget)
            let answer = ResponseEncoder.encode(result)
            requireJSON(answer, "layout")
            requireSameAnswerOnKeptStorage(answer, request)
        } catch {
            guard (400..<500).contains(error.status) else {
                fatalError("status \(error.status) for a request: \(error)")
            }
            requireJSON(ResponseEncoder.encode(error), "problem")
        }
    }

    /// A request with a root 320 × 480 and children `a`, `b` (and guides of theirs) around one
    /// constraint element given as JSON.
    public static func request(constraint: (inout JSONWriter) -> Void) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("size")
        writer.beginObject()
        writer.key("width"); writer.number(320)
        writer.key("height"); writer.number(480)
        writer.endObject()
        writer.key("views")
        writer.beginArray()
        for (id, parent) in [("root", nil), ("a", "root"), ("b", "root"), ("c", "a")] as [(String, String?)] {
            writer.beginObject()
            writer.key("id"); writer.string(id)
            if let parent { writer.key("parent"); writer.string(parent) }
            writer.endObject()
        }
        writer.endArray()
        writer.key("constraints")
        writer.beginArray()
        constraint(&writer)
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// The solver storage kept from input to input.
    static let storage = EngineStorage()

    /// `request`, which solved to `answer` on new storage, solves to it again on `storage`: with
    /// the same pivot budget and no deadline, which the first solve met, so the same work.
    private static func requireSameAnswerOnKeptStorage(_ answer: [UInt8], _ request: LayoutRequest) {
        do {
            let again = ResponseEncoder.encode(try LayoutEngine.solve(request, budget: SolverBudget(maxPivots: 20_000), storage: storage))
            if again != answer {
                fatalError("on kept storage the answer is \(String(decoding: again, as: UTF8.self)), on new storage \(String(decoding: answer, as: UTF8.self))")
            }
        } catch {
            fatalError("on kept storage the request is refused: \(error)")
        }
    }

    private static func requireJSON(_ bytes: [UInt8], _ what: String) {
        do {
            _ = try JSONDocument(parsing: bytes)
        } catch {
            fatalError("the \(what) answer is not JSON: \(error)")
        }
    }
}
