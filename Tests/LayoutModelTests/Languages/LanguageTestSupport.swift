import Foundation
import JSON
import Testing
@testable import LayoutModel

/// A dictionary of parents: `root` ← `container` ← `a`, `b`, `c`, `d`; `root` ← `title`, `other`;
/// guide `root.safeArea` owned by `root`; `island` is a second root (no common ancestor).
struct LangHierarchy: ViewHierarchy {
    var parents: [String: String?]

    static let standard = LangHierarchy(parents: [
        "root": nil,
        "container": "root",
        "a": "container", "b": "container", "c": "container", "d": "container",
        "title": "root", "other": "root", "subtitle": "root",
        "root.safeArea": "root",
        "inner": "a",
        "island": nil,
    ])

    func contains(_ id: String) -> Bool { parents[id] != nil }
    func parent(of id: String) -> String? { parents[id] ?? nil }
}

func langJSON(_ text: String) -> JSONValue {
    do {
        return try JSONDocument(parsing: Array(text.utf8)).root
    } catch {
        fatalError("bad test JSON: \(text): \(error)")
    }
}

/// Expands one element given as JSON text at index `index`.
func langExpand(_ text: String, index: Int = 0, direction: LayoutDirection = .leftToRight,
            hierarchy: LangHierarchy = .standard) throws(LayoutProblem) -> [LayoutConstraint] {
    try ConstraintForms.expand(langJSON(text), index: index, pointer: JSONPointer() / "constraints" / index,
                               hierarchy: hierarchy, layoutDirection: direction)
}

/// A JSON string literal for `s`.
func langJSONString(_ s: String) -> String {
    var escaped = "\""
    for scalar in s.unicodeScalars {
        if scalar == "\"" || scalar == "\\" {
            escaped += "\\" + String(scalar)
        } else if scalar.value < 0x20 {
            let hex = String(scalar.value, radix: 16)
            escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
            escaped.unicodeScalars.append(scalar)
        }
    }
    return escaped + "\""
}

/// Expands an equation string.
func langEquation(_ s: String, index: Int = 0) throws(LayoutProblem) -> [LayoutConstraint] {
    try langExpand(langJSONString(s), index: index)
}

func langDescriptions(_ cs: [LayoutConstraint]) -> [String] { cs.map(\.debugDescription) }

/// The problem thrown by `body`, or nil.
func langProblem(_ body: () throws(LayoutProblem) -> [LayoutConstraint]) -> LayoutProblem? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

/// The constraints of a request in `Benchmarks/requests`, as `RequestDecoder` reads them.
func benchmarkRequestConstraints(_ name: String) throws -> [LayoutConstraint] {
    let requests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Benchmarks/requests")
    return try RequestDecoder.decode(Array(Data(contentsOf: requests.appendingPathComponent(name)))).constraints
}
