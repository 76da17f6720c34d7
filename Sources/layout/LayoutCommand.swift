import ArgumentParser
import LayoutModel
import LayoutSolver

#if canImport(Glibc)
import Glibc
#endif

/// `layout`: the service's answers on the command line.
@main
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Solve Auto Layout requests locally, exactly as layoutd's POST /solve would.",
        version: ServiceVersion.version,
        subcommands: [Solve.self, Expand.self, Render.self, Bench.self])
}

/// `layout solve FILE|-`
struct Solve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON body POST /solve returns for a request file.",
        discussion: "Exit status: 0 ok, 1 conflict or ambiguous, 2 invalid input (the body is then a problem document).")

    @Argument(help: "The request JSON file, or - for standard input.")
    var file: String

    @Flag(help: "Indent the output.")
    var pretty = false

    @Flag(help: "Strict mode: a layout that is not ok prints a 422 problem document.")
    var strict = false

    func run() throws {
        guard let body = InputFile.read(file) else {
            printError("layout: cannot read '\(file)'")
            throw ExitCode(2)
        }
        let answer = SolveExchange.answer(body, limits: .default, budget: .unlimited, pretty: pretty, strict: strict)
        var output = answer.body
        output.append(UInt8(ascii: "\n"))
        writeAll(output, to: STDOUT_FILENO)
        switch answer.layoutStatus {
        case .ok?: return
        case .conflict?, .ambiguous?: throw ExitCode(1)
        case nil: throw ExitCode(2)
        }
    }
}
