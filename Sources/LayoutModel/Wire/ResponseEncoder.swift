import JSON

/// Writes the `POST /solve` answer and problem documents as JSON, in a fixed key order
/// (the same request gives the same bytes).
public enum ResponseEncoder {
    /// `{"status", "size", "frames", "conflicts", "ambiguities", "warnings"}` (and `"explanations"`
    /// when the request asked for some), or with `sizes` `{"status", "layouts": [{"status", "size",
    /// "frames", "conflicts", "ambiguities", "warnings"}, …]}`.
    public static func encode(_ result: LayoutResult, pretty: Bool = false) -> [UInt8] {
        // About 60 bytes a frame compact (an id and four numbers), and room for the rest.
        let frames = result.layouts.reduce(0) { $0 + $1.frames.count }
        var writer = JSONWriter(pretty: pretty, capacity: 256 + (pretty ? 160 : 64) * frames)
        writer.beginObject()
        writer.key(literal: "status")
        writer.string(result.status.rawValue)
        if result.isMultiSize {
            writer.key(literal: "layouts")
            writer.beginArray()
            for layout in result.layouts {
                writer.beginObject()
                writer.key(literal: "status")
                writer.string(layout.status.rawValue)
                write(layout, to: &writer)
                writer.endObject()
            }
            writer.endArray()
        } else if let layout = result.layouts.first {
            write(layout, to: &writer)
        }
        writer.endObject()
        return writer.bytes
    }

    private static func write(_ layout: SizedLayout, to writer: inout JSONWriter) {
        writer.key(literal: "size")
        writer.beginObject()
        writer.member("width", number: layout.size.width)
        writer.member("height", number: layout.size.height)
        writer.endObject()
        writer.key(literal: "frames")
        writer.beginObject()
        for (id, frame) in layout.frames {
            writer.key(id)
            write(frame, to: &writer)
        }
        writer.endObject()
        writer.key(literal: "conflicts")
        writer.beginArray()
        for conflict in layout.conflicts { write(conflict, to: &writer) }
        writer.endArray()
        writer.key(literal: "ambiguities")
        writer.beginArray()
        for ambiguity in layout.ambiguities { write(ambiguity, to: &writer) }
        writer.endArray()
        writer.key(literal: "warnings")
        writer.beginArray()
        for warning in layout.warnings { write(warning, to: &writer) }
        writer.endArray()
        if let explanations = layout.explanations {
            writer.key(literal: "explanations")
            writer.beginObject()
            for explanation in explanations { write(explanation, to: &writer) }
            writer.endObject()
        }
    }

    private static func write(_ warning: ConstraintWarning, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(literal: "constraint"); writer.string(warning.constraint)
        writer.key(literal: "kind"); writer.string(warning.kind.rawValue)
        writer.key(literal: "message"); writer.string(warning.message)
        writer.endObject()
    }

    /// `"view": {"x": [{"id", "description", "priority", "active", "violation"}, …], "y", "width", "height"}`.
    private static func write(_ explanation: ViewExplanation, to writer: inout JSONWriter) {
        writer.key(explanation.view)
        writer.beginObject()
        for (attribute, influences) in explanation.attributes {
            writer.key(attribute)
            writer.beginArray()
            for influence in influences {
                writer.beginObject()
                writer.key(literal: "id"); writer.string(influence.id)
                writer.key(literal: "description"); writer.string(influence.description)
                writer.member("priority", number: influence.priority)
                writer.key(literal: "active"); writer.bool(influence.isActive)
                writer.member("violation", number: influence.violation)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.endObject()
    }

    private static func write(_ frame: Frame, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("x", number: frame.x)
        writer.member("y", number: frame.y)
        writer.member("width", number: frame.width)
        writer.member("height", number: frame.height)
        if let content = frame.contentSize {
            writer.key(literal: "contentSize")
            writer.beginObject()
            writer.member("width", number: content.width)
            writer.member("height", number: content.height)
            writer.endObject()
        }
        writer.endObject()
    }

    private static func write(_ conflict: Conflict, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(literal: "constraints"); writer.strings(conflict.constraints)
        writer.key(literal: "broken"); writer.string(conflict.broken)
        writer.key(literal: "description"); writer.strings(conflict.description)
        writer.key(literal: "message"); writer.string(conflict.message)
        writer.endObject()
    }

    private static func write(_ ambiguity: Ambiguity, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key(literal: "view"); writer.string(ambiguity.view)
        writer.key(literal: "attributes"); writer.strings(ambiguity.attributes)
        writer.key(literal: "hint"); writer.string(ambiguity.hint)
        writer.endObject()
    }

    /// An RFC 9457 problem document (`application/problem+json`); `extra` members (e.g. a
    /// strict-mode diagnosis) are spliced in as already-serialized JSON.
    public static func encode(_ problem: LayoutProblem, extra: [(key: String, json: [UInt8])] = []) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key(literal: "type"); writer.string("urn:layoutd:problem:\(problem.type)")
        writer.key(literal: "title"); writer.string(problem.title)
        writer.key(literal: "status"); writer.number(problem.status)
        writer.key(literal: "detail"); writer.string(problem.detail)
        writer.key(literal: "pointer"); writer.string(problem.pointer.description)
        for (key, json) in extra {
            writer.key(key)
            writer.raw(json)
        }
        writer.endObject()
        return writer.bytes
    }
}
