import JSON

/// Writes the `POST /solve` answer and problem documents as JSON, in a fixed key order
/// (the same request gives the same bytes).
public enum ResponseEncoder {
    /// `{"status", "size", "frames", "conflicts", "ambiguities", "warnings"}` (and `"explanations"`
    /// when the request asked for some), or with `sizes` `{"status", "layouts": [{"status", "size",
    /// "frames", "conflicts", "ambiguities", "warnings"}, …]}`.
    public static func encode(_ result: LayoutResult, pretty: Bool = false) -> [UInt8] {
        var writer = JSONWriter(pretty: pretty)
        writer.beginObject()
        writer.key("status")
        writer.string(result.status.rawValue)
        if result.isMultiSize {
            writer.key("layouts")
            writer.beginArray()
            for layout in result.layouts {
                writer.beginObject()
                writer.key("status")
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
        writer.key("size")
        writer.beginObject()
        writer.key("width"); writer.number(layout.size.width)
        writer.key("height"); writer.number(layout.size.height)
        writer.endObject()
        writer.key("frames")
        writer.beginObject()
        for (id, frame) in layout.frames {
            writer.key(id)
            write(frame, to: &writer)
        }
        writer.endObject()
        writer.key("conflicts")
        writer.beginArray()
        for conflict in layout.conflicts { write(conflict, to: &writer) }
        writer.endArray()
        writer.key("ambiguities")
        writer.beginArray()
        for ambiguity in layout.ambiguities { write(ambiguity, to: &writer) }
        writer.endArray()
        writer.key("warnings")
        writer.beginArray()
        for warning in layout.warnings { write(warning, to: &writer) }
        writer.endArray()
        if let explanations = layout.explanations {
            writer.key("explanations")
            writer.beginObject()
            for explanation in explanations { write(explanation, to: &writer) }
            writer.endObject()
        }
    }

    private static func write(_ warning: ConstraintWarning, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("constraint"); writer.string(warning.constraint)
        writer.key("kind"); writer.string(warning.kind.rawValue)
        writer.key("message"); writer.string(warning.message)
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
                writer.key("id"); writer.string(influence.id)
                writer.key("description"); writer.string(influence.description)
                writer.key("priority"); writer.number(influence.priority)
                writer.key("active"); writer.bool(influence.isActive)
                writer.key("violation"); writer.number(influence.violation)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.endObject()
    }

    private static func write(_ frame: Frame, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("x"); writer.number(frame.x)
        writer.key("y"); writer.number(frame.y)
        writer.key("width"); writer.number(frame.width)
        writer.key("height"); writer.number(frame.height)
        if let content = frame.contentSize {
            writer.key("contentSize")
            writer.beginObject()
            writer.key("width"); writer.number(content.width)
            writer.key("height"); writer.number(content.height)
            writer.endObject()
        }
        writer.endObject()
    }

    private static func write(_ conflict: Conflict, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("constraints"); writer.strings(conflict.constraints)
        writer.key("broken"); writer.string(conflict.broken)
        writer.key("description"); writer.strings(conflict.description)
        writer.key("message"); writer.string(conflict.message)
        writer.endObject()
    }

    private static func write(_ ambiguity: Ambiguity, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("view"); writer.string(ambiguity.view)
        writer.key("attributes"); writer.strings(ambiguity.attributes)
        writer.key("hint"); writer.string(ambiguity.hint)
        writer.endObject()
    }

    /// An RFC 9457 problem document (`application/problem+json`); `extra` members (e.g. a
    /// strict-mode diagnosis) are spliced in as already-serialized JSON.
    public static func encode(_ problem: LayoutProblem, extra: [(key: String, json: [UInt8])] = []) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("type"); writer.string("urn:layoutd:problem:\(problem.type)")
        writer.key("title"); writer.string(problem.title)
        writer.key("status"); writer.number(problem.status)
        writer.key("detail"); writer.string(problem.detail)
        writer.key("pointer"); writer.string(problem.pointer.description)
        for (key, json) in extra {
            writer.key(key)
            writer.raw(json)
        }
        writer.endObject()
        return writer.bytes
    }
}
