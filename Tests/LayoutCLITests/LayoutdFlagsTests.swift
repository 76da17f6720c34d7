import Foundation
import Testing

/// `layoutd`'s command line, checked before it binds a port: the request limits stop where a
/// request's constraints, terms and handles would no longer fit the 32-bit tables an
/// installation keeps them in, and the bodies held at once must leave room for one whole body.
@Suite struct LayoutdFlagsTests {
    /// The built `layoutd` next to the test bundle.
    static let executable = LayoutCLITests.executable.deletingLastPathComponent().appendingPathComponent("layoutd")

    /// Runs `layoutd` with `arguments`; its status and standard error.
    func run(_ arguments: [String]) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let error = Pipe()
        process.standardError = error
        process.standardOutput = Pipe()
        try process.run()
        let data = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: [("--max-views", 50_000_000), ("--max-constraints", 500_000_000), ("--max-terms", 500_000_000)])
    func aLimitPastItsMostIsRefused(flag: String, most: Int) throws {
        // Both runs ask for the health probe, which finds no server on port 1 and exits 1: a
        // value that passed validation ends the run there, never starting a server.
        let refused = try run([flag, String(most + 1), "--probe", "--port", "1"])
        #expect(refused.status == 64)
        #expect(refused.error.contains("\(flag) must be at most \(most)"))
        let accepted = try run([flag, String(most), "--probe", "--port", "1"])
        #expect(accepted.status == 1)
    }

    @Test func bodyMemoryMustHoldOneWholeBody() throws {
        let refused = try run(["--max-body", "1000", "--max-body-memory", "999", "--probe", "--port", "1"])
        #expect(refused.status == 64)
        #expect(refused.error.contains("--max-body-memory must be 0 (unlimited) or at least --max-body"))
        for memory in ["1000", "0"] {
            #expect(try run(["--max-body", "1000", "--max-body-memory", memory, "--probe", "--port", "1"]).status == 1)
        }
    }
}
