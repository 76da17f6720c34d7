/// A client mistake, reported as an RFC 9457 problem: the HTTP status, a stable type slug,
/// a human-readable detail and a JSON pointer to the culprit in the request.
public struct LayoutProblem: Error, Hashable, Sendable {
    /// 400 for a body that is not JSON or not of the schema; 422 for a well-formed but meaningless request.
    public var status: Int
    /// A stable slug, e.g. `invalid-json`, `schema`, `unknown-view`, `invalid-pairing`, `parse-error`.
    public var type: String
    public var title: String
    public var detail: String
    public var pointer: JSONPointer

    public init(status: Int, type: String, title: String, detail: String, pointer: JSONPointer) {
        self.status = status
        self.type = type
        self.title = title
        self.detail = detail
        self.pointer = pointer
    }

    /// A body that does not match the request schema (400).
    public static func schema(_ detail: String, at pointer: JSONPointer) -> LayoutProblem {
        LayoutProblem(status: 400, type: "schema", title: "Request does not match the schema", detail: detail, pointer: pointer)
    }

    /// A well-formed request that Auto Layout would refuse (422).
    public static func invalid(_ type: String, _ detail: String, at pointer: JSONPointer) -> LayoutProblem {
        LayoutProblem(status: 422, type: type, title: "Invalid layout", detail: detail, pointer: pointer)
    }

    /// A constraint string (equation or visual format) that does not parse (422), with the position.
    public static func parse(_ detail: String, at pointer: JSONPointer) -> LayoutProblem {
        LayoutProblem(status: 422, type: "parse-error", title: "Constraint does not parse", detail: detail, pointer: pointer)
    }
}
