import JSON
import Testing

/// Parses `text`, recording an issue if it fails.
func parse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue? {
    do {
        return try JSONDocument(parsing: Array(text.utf8)).root
    } catch {
        Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The error parsing `bytes`, recording an issue if it succeeds.
func parseError(_ bytes: [UInt8], maxDepth: Int = 512, sourceLocation: SourceLocation = #_sourceLocation) -> JSONSyntaxError? {
    do {
        _ = try JSONDocument(parsing: bytes, maxDepth: maxDepth)
        Issue.record("accepted invalid JSON", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

func parseError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSONSyntaxError? {
    parseError(Array(text.utf8), sourceLocation: sourceLocation)
}
