import LayoutModel
import Testing

/// The last line of defence for "never silently wrong": a solution in which a required
/// constraint holds only if some value moved by more than a millionth of itself is refused (422
/// `numerically-unstable`) rather than answered.
@Suite struct NumericalGuardTests {
    @Test func aRequiredConstraintDoubleArithmeticCannotHoldIsRefused() throws {
        // The solver fuzzer's `required-equality-left-unsolved`, written with view widths (the
        // request limits raised so that the multipliers of 2000 and constants of 1e9 pass). By
        // hand: 1001·x3 = −1e6; x1 = 2000·x3 − 1e9 ≈ −1.002e9; x2 = −2000·x1 − 1e9 ≈ 2.0e12;
        // x4 = 0.002·x1 + 2e6 ≈ −3996. Cancellation at magnitude 1e12 loses x4 (it comes out 0):
        // the engine must refuse, not answer x4 = 0.
        var limits = LayoutLimits.default
        limits.maxMagnitude = 1e9
        limits.maxMultiplier = 2000
        let views = (0..<5).map { #"{"id": "x\#($0)", "parent": "root"}"# }.joined(separator: ", ")
        let body = """
        {"size": {"width": 100, "height": 100}, "views": [{"id": "root"}, \(views)],
         "constraints": ["x1.width == x3.width * 2000 - 1000000000", "x2.width == x1.width * -2000 - 1000000000",
                         "x3.width == x3.width * -1000 - 1000000", "x3.width == x3.width * -1000 - 1000000",
                         "x4.width <= x2.width * 1000 + 1000", "x4.width == x1.width * 0.002 + 2000000",
                         "x3.width <= x3.width * -1000 - 1000000 @1", "x0.width >= x0.width * -1000 - 1000000 @1",
                         "x0.width == x0.width * -1000 - 1000000"]}
        """
        let request = try RequestDecoder.decode(Array(body.utf8), limits: limits)
        do {
            let result = try LayoutEngine.solve(request)
            // If it is answered, it must be right.
            let x1 = 2000 * (-1e6 / 1001) - 1e9
            let x4 = result.frame("x4")?.width ?? .nan
            #expect(abs(x4 - (0.002 * x1 + 2e6)) <= 1e-6 * 2e6)
        } catch let problem {
            #expect(problem.status == 422)
            #expect(problem.type == "numerically-unstable")
        }
    }
}
