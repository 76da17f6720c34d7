import Dispatch
import Foundation
import HTTPServer
import HTTPTestSupport
import JSON
import LayoutService
import Synchronization
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

    @Test func smallSolvesAreAnsweredHereWhenConnectionsWaitAndTheWorkersAreFull() throws {
        // A client opening and closing connections without pause keeps new connections waiting
        // to be accepted (as clients over the per-IP limit do, refused and reconnecting), while
        // eight others post solves: each goes to the one worker (no queue) when it is free, and
        // is answered on the network thread when it is not, never turned away with 503. (The
        // slice is long: on a loaded machine a solve preempted past 2 ms would go to the worker
        // and, with it busy, rightly get 503.)
        let harness = try ServiceHarness(configuration: ServiceConfiguration(networkThreadSolveTime: .seconds(5)),
                                         server: { $0.networkThreads = 1; $0.workers = 1; $0.queueLimit = 0 })
        let port = harness.port
        let churning = Atomic<Bool>(true)
        let opened = Atomic<Int>(0)
        let churn = DispatchGroup()
        churn.enter()
        Thread.detachNewThread {
            while churning.load(ordering: .relaxed) {
                if (try? RawHTTPConnection(port: port)) != nil { opened.add(1, ordering: .relaxed) }
            }
            churn.leave()
        }
        // Threads of their own: `concurrentPerform` runs only as many at once as there are cores.
        // A pthread lock, which ThreadSanitizer sees; under contention `Mutex` takes a path it
        // does not, and the counting was reported as a race (see `ConditionLock`).
        let statuses = ConditionLock<[Int: Int]>([:])
        let clients = DispatchGroup()
        for _ in 0..<8 {
            clients.enter()
            Thread.detachNewThread {
                for _ in 0..<50 {
                    let status = (try? RawHTTP.request(port: port, method: "POST", path: "/solve",
                                                        headers: [("Content-Type", "application/json")],
                                                        body: Array(Self.centredBox.utf8)))?.status ?? 0
                    statuses.withLock { $0[status, default: 0] += 1 }
                }
                clients.leave()
            }
        }
        clients.wait()
        churning.store(false, ordering: .relaxed)
        churn.wait()
        #expect(opened.load(ordering: .relaxed) > 0)
        #expect(statuses.withLock { $0 } == [200: 400])
    }
}
