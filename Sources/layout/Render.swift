import ArgumentParser
import LayoutModel
import LayoutSolver

#if canImport(Glibc)
import Glibc
#endif

/// `layout render FILE|- [-o out.svg]`
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a request's solved layout as SVG, as POST /solve answers 'Accept: image/svg+xml'.",
        discussion: """
            Conflicting views are outlined red with the broken constraint drawn as a line, ambiguous views orange.
            Exit status: 0 ok, 1 conflict or ambiguous (the drawing shows it), 2 invalid input (the problem \
            document goes to standard error and nothing is written).
            """)

    @Argument(help: "The request JSON file, or - for standard input.")
    var file: String

    @Option(name: .shortAndLong, help: "Where to write the SVG; - or omitted for standard output.")
    var output = "-"

    func run() throws {
        guard let body = InputFile.read(file) else {
            printError("layout: cannot read '\(file)'")
            throw ExitCode(2)
        }
        let answer = SolveExchange.answer(body, limits: .default, budget: .unlimited, format: .svg)
        guard let status = answer.layoutStatus else {
            writeAll(answer.body + [UInt8(ascii: "\n")], to: STDERR_FILENO)
            throw ExitCode(2)
        }
        guard OutputFile.write(answer.body, to: output) else {
            printError("layout: cannot write '\(output)'")
            throw ExitCode(2)
        }
        if status != .ok { throw ExitCode(1) }
    }
}
