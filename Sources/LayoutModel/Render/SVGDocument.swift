import JSON

/// Writes an SVG (XML) document as text: one element per line, attribute values and text
/// escaped, numbers in the JSON writer's shortest round-trip form — the same drawing always
/// gives the same bytes.
struct SVGDocument {
    private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private var openElements: [String] = []

    /// An attribute: a name and its value, escaped when written.
    typealias Attribute = (name: String, value: String)

    /// Opens an element that `close()` ends.
    mutating func open(_ name: String, _ attributes: [Attribute] = []) {
        text += "<\(name)\(Self.attributeText(attributes))>\n"
        openElements.append(name)
    }

    /// Ends the innermost open element.
    mutating func close() {
        guard let name = openElements.popLast() else { return }
        text += "</\(name)>\n"
    }

    /// An element without content: `<rect … />`.
    mutating func empty(_ name: String, _ attributes: [Attribute]) {
        text += "<\(name)\(Self.attributeText(attributes))/>\n"
    }

    /// An element holding only text: `<text …>label</text>`.
    mutating func element(_ name: String, _ attributes: [Attribute] = [], text content: String) {
        text += "<\(name)\(Self.attributeText(attributes))>\(Self.escaped(content))</\(name)>\n"
    }

    /// The document's UTF-8 bytes, every open element closed.
    mutating func finish() -> [UInt8] {
        while !openElements.isEmpty { close() }
        return Array(text.utf8)
    }

    /// A number as SVG writes it: `87.5`, `120`, `-8`.
    static func number(_ value: Double) -> String {
        JSONWriter.numberText(value.isFinite ? value : 0)
    }

    private static func attributeText(_ attributes: [Attribute]) -> String {
        var text = ""
        for (name, value) in attributes { text += " \(name)=\"\(escaped(value))\"" }
        return text
    }

    /// Text safe in XML content and in double-quoted attribute values: markup characters as
    /// entities, line breaks and tabs as character references (attribute normalisation would
    /// drop them), and characters XML 1.0 forbids even as references as U+FFFD.
    static func escaped(_ value: String) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(value.unicodeScalars.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t": escaped += "&#9;"
            case "\n": escaped += "&#10;"
            case "\r": escaped += "&#13;"
            default:
                let value = scalar.value
                let allowed = (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || value >= 0x10000
                escaped.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return escaped
    }
}
