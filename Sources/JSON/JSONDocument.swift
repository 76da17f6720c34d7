/// A parsed, validated JSON document.
///
/// Parsing builds a flat tape of entries over the source bytes; strings and numbers
/// are decoded only when asked for through ``JSONValue``.
public struct JSONDocument: Sendable {
    let storage: JSONStorage

    /// Parses RFC 8259 JSON from UTF-8 bytes.
    ///
    /// Rejects invalid UTF-8 (including overlongs and encoded surrogates), a byte order
    /// mark, trailing commas, leading zeros, `+1`, `.5`, `1.`, NaN and Infinity,
    /// unescaped control characters, lone or invalid surrogate escapes, `\u0000`,
    /// duplicate keys within one object, nesting deeper than `maxDepth`, and anything
    /// but whitespace after the value.
    public init(parsing bytes: [UInt8], maxDepth: Int = 512) throws(JSONSyntaxError) {
        let source = JSONParser.paddedCopy(of: bytes)
        var parser = JSONParser(source, count: bytes.count, maxDepth: maxDepth)
        do throws(JSONSyntaxError) {
            try parser.parse()
        } catch {
            parser.discard()
            source.deallocate()
            throw error
        }
        storage = JSONStorage(start: source, count: bytes.count, tape: parser.finish())
    }

    /// The top-level value.
    public var root: JSONValue {
        JSONValue(storage: storage, index: 0)
    }
}
