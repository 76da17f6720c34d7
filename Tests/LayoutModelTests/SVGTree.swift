import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An element of a parsed SVG document, for structural checks.
final class SVGNode {
    let name: String
    let attributes: [String: String]
    var children: [SVGNode] = []
    var text = ""

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    subscript(attribute: String) -> String? { attributes[attribute] }

    /// A numeric attribute.
    func number(_ attribute: String) -> Double? { attributes[attribute].flatMap(Double.init) }

    /// This element and every element below it, in document order.
    var descendants: [SVGNode] { [self] + children.flatMap(\.descendants) }

    /// The group drawing a view, by its id.
    func view(_ id: String) -> SVGNode? { descendants.first { $0.name == "g" && $0["data-view"] == id } }

    /// The view's frame rectangle: its group's own `rect.frame` child.
    var frameRect: SVGNode? { children.first { $0.name == "rect" && $0["class"] == "frame" } }

    /// (x, y, width, height) of a rect.
    var rect: [Double] { ["x", "y", "width", "height"].compactMap(number) }

    /// Parses a document with Foundation's XMLParser; `nil` when it is not well-formed XML.
    static func parse(_ bytes: [UInt8]) -> SVGNode? {
        let builder = Builder()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = builder
        guard parser.parse() else { return nil }
        return builder.root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: SVGNode?
        var stack: [SVGNode] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let node = SVGNode(name: name, attributes: attributes)
            if let parent = stack.last { parent.children.append(node) } else { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}
