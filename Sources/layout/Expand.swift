import ArgumentParser
import LayoutModel

#if canImport(Glibc)
import Glibc
#endif

/// `layout expand FILE|-`
struct Expand: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the request with every constraint shorthand expanded into plain constraints.",
        discussion: """
        Equations, visual formats, Masonry chains and distributions become the NSLayoutConstraint-style \
        objects they stand for, with their ids; the output is itself a request for POST /solve. \
        Exit status: 0, or 2 for invalid input (the output is then the problem document).
        """)

    @Argument(help: "The request JSON file, or - for standard input.")
    var file: String

    @Flag(help: "Indent the output.")
    var pretty = false

    func run() throws {
        guard let body = InputFile.read(file) else {
            printError("layout: cannot read '\(file)'")
            throw ExitCode(2)
        }
        do throws(LayoutProblem) {
            var output = try ExpandedRequestEncoder.encode(body, pretty: pretty)
            output.append(UInt8(ascii: "\n"))
            writeAll(output, to: STDOUT_FILENO)
        } catch {
            var output = ResponseEncoder.encode(error)
            output.append(UInt8(ascii: "\n"))
            writeAll(output, to: STDOUT_FILENO)
            throw ExitCode(2)
        }
    }
}
