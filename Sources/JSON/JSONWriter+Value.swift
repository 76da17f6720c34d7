extension JSONWriter {
    /// Writes a value read from a ``JSONDocument`` as it was: members and elements in document
    /// order, numbers by their source text (so `1.50` stays `1.50`), strings re-escaped.
    public mutating func value(_ value: JSONValue) {
        switch value.kind {
        case .null:
            null()
        case .bool:
            bool(value.bool == true)
        case .number:
            raw(Array((value.numberText ?? "0").utf8))
        case .string:
            string(value.string ?? "")
        case .array:
            beginArray()
            for element in value.elements { self.value(element) }
            endArray()
        case .object:
            beginObject()
            for member in value.members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }
}
