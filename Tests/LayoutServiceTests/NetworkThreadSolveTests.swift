import HTTPTestSupport
import JSON
import LayoutService
import Testing

/// Small solves run on the network thread within a slice of time; past it a worker redoes them.
/// Whichever thread answers, the answer is the same.
@Suite struct NetworkThreadSolveTests {
    /// A 200 × 200 box centred in 375 × 667: x = (375 − 200) / 2, y = (667 − 200) / 2.
    static let centredBox = """
        {"size": {"width": 375, "height": 667},
         "views": [{"id": "root"}, {"id": "box", "parent": "root"}],
         "constraints": ["box.centerX == root.centerX", "box.centerY == root.centerY", "box.width == 200", "box.height == 200"]}
        """

    static func handedToWorker(_ harness: ServiceHarness) throws -> String? {
        let metrics = try harness.get("/metrics").bodyText
        return metrics.split(separator: "\n").first { $0.hasPrefix("layoutd_solves_handed_to_worker_total ") }
            .map { String($0.split(separator: " ").last ?? "") }
    }

    @Test(arguments: [
        (Duration.seconds(5), "0"),       // solved within the slice
        (.nanoseconds(1), "1"),           // out of its slice at once: handed to a worker
        (.zero, "0"),                     // never tried on the network thread
    ])
    func sameAnswerOnEitherThread(slice: Duration, handedOver: String) throws {
        let harness = try ServiceHarness(configuration: ServiceConfiguration(networkThreadSolveTime: slice))
        let response = try harness.post("/solve", Self.centredBox)
        #expect(response.status == 200)
        #expect(response.json?["status"]?.string == "ok")
        #expect(response.json?.frame("box") == [87.5, 233.5, 200, 200])
        #expect(try Self.handedToWorker(harness) == handedOver)
    }

    @Test func requestTimeoutShorterThanTheSliceIsTheAnswer() throws {
        // The request's own budget ends first: its 422 is final, not handed to a worker.
        let harness = try ServiceHarness(configuration: ServiceConfiguration(
            solveTimeout: .nanoseconds(1), networkThreadSolveTime: .seconds(1)))
        let response = try harness.post("/solve", Self.centredBox)
        #expect(response.status == 422)
        #expect(response.json?["type"]?.string?.hasSuffix("solver-budget-exceeded") == true)
        #expect(try Self.handedToWorker(harness) == "0")
    }

    @Test func largeBodiesGoStraightToAWorker() throws {
        // Over 64 KiB with whitespace: never tried on the network thread, so never handed over.
        let padded = Self.centredBox + String(repeating: " ", count: 70_000)
        let harness = try ServiceHarness(configuration: ServiceConfiguration(networkThreadSolveTime: .nanoseconds(1)))
        let response = try harness.post("/solve", padded)
        #expect(response.status == 200)
        #expect(response.json?.frame("box") == [87.5, 233.5, 200, 200])
        #expect(try Self.handedToWorker(harness) == "0")
    }
}
