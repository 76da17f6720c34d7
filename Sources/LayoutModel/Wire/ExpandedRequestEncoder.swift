import JSON

/// The request with every constraint shorthand (equation, visual format, Masonry chain,
/// distribution) expanded into the plain constraints it stands for — what `layout expand` prints.
///
/// Every other member is written back as it was, so the output is itself a request: posting it
/// gives the same frames, conflicts and ids as the original. Each plain constraint carries all
/// the wire's fields (`id`, `firstItem`, `firstAttribute`, `relation`, `secondItem`,
/// `secondAttribute`, `multiplier`, `constant`, `priority`); a constant right-hand side has no
/// `secondItem` or `secondAttribute`.
public enum ExpandedRequestEncoder {
    /// Decodes and validates a request body (the same checks as `POST /solve`) and writes it expanded.
    public static func encode(_ body: [UInt8], limits: LayoutLimits = .default, pretty: Bool = false) throws(LayoutProblem) -> [UInt8] {
        let document = try RequestDecoder.document(body)
        let request = try RequestDecoder.decode(document.root, limits: limits)
        var writer = JSONWriter(pretty: pretty)
        writer.beginObject()
        for member in document.root.members {
            writer.key(member.key)
            if member.key == "constraints" {
                writer.beginArray()
                for constraint in request.constraints { write(constraint, to: &writer) }
                writer.endArray()
            } else {
                writer.value(member.value)
            }
        }
        writer.endObject()
        return writer.bytes
    }

    /// Writes one constraint in the plain wire form.
    public static func write(_ constraint: LayoutConstraint, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id"); writer.string(constraint.id.text)
        writer.key("firstItem"); writer.string(constraint.firstItem)
        writer.key("firstAttribute"); writer.string(constraint.firstAttribute.rawValue)
        writer.key("relation"); writer.string(constraint.relation.rawValue)
        if let secondItem = constraint.secondItem {
            writer.key("secondItem"); writer.string(secondItem)
            writer.key("secondAttribute"); writer.string(constraint.secondAttribute.rawValue)
        }
        writer.key("multiplier"); writer.number(constraint.multiplier)
        writer.key("constant"); writer.number(constraint.constant)
        writer.key("priority"); writer.number(constraint.priority.value)
        writer.endObject()
    }
}
