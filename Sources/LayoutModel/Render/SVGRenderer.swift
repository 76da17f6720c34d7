/// Draws a solved layout as a self-contained SVG, the way Interface Builder shows one: every
/// view's frame as a rectangle labelled with its id and size, nested in its parent's group, layout
/// guides, margins and safe areas dashed, scroll views' content sizes, the views of a conflict
/// outlined red with its constraints drawn as lines (the broken one solid), ambiguous views
/// outlined orange, and a legend. With `sizes`, one panel per size, side by side.
///
/// Coordinates inside a panel are the root's (each view's frame made absolute from its parent's
/// coordinates); each panel's group is translated into place. Elements carry `data-view`,
/// `data-constraint`, `data-mark` (`conflict`, `ambiguous`) and `data-status` for scripts and
/// tests. Pure: no I/O, and the same request gives the same bytes.
public enum SVGRenderer {
    /// The SVG document of a result, drawn with its request's hierarchy.
    public static func render(_ result: LayoutResult, of request: LayoutRequest) -> [UInt8] {
        let constraints = ConstraintSketch.Index(request: request)
        let panels = result.layouts.map { PanelGeometry(tree: request.tree, layout: $0) }
        let sizes = panels.map { panel in
            (width: panel.bounds.width + 2 * Style.padding, height: panel.bounds.height + 2 * Style.padding + Style.heading)
        }
        let panelsWidth = sizes.reduce(0) { $0 + $1.width } + Style.gap * Double(max(sizes.count - 1, 0))
        let panelsHeight = sizes.map(\.height).max() ?? 0
        let width = max(panelsWidth, Legend.width + 2 * Style.padding)
        let height = panelsHeight + Legend.height + Style.padding

        var svg = SVGDocument()
        svg.open("svg", [
            ("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"),
            ("width", SVGDocument.number(width)), ("height", SVGDocument.number(height)),
            ("viewBox", "0 0 \(SVGDocument.number(width)) \(SVGDocument.number(height))"),
            ("font-family", Style.font), ("font-size", "10"), ("data-status", result.status.rawValue),
        ])
        svg.element("title", text: "layoutd: \(result.status.rawValue)")
        svg.empty("rect", [("class", "background"), ("width", "100%"), ("height", "100%"), ("fill", "#ffffff")])
        var left = 0.0
        for (index, panel) in panels.enumerated() {
            PanelDrawing(panel: panel, constraints: constraints, number: index)
                .draw(into: &svg, at: Point(x: left + Style.padding, y: Style.padding + Style.heading))
            left += sizes[index].width + Style.gap
        }
        Legend.draw(into: &svg, at: Point(x: Style.padding, y: panelsHeight))
        return svg.finish()
    }
}

/// Sizes, colours and strokes of the drawing.
enum Style {
    static let padding = 16.0
    static let heading = 18.0
    static let gap = 24.0
    static let font = "-apple-system, Helvetica, Arial, sans-serif"

    static let viewStroke = "#3a3a3c"
    static let viewFill = "#0a84ff"
    static let guideStroke = "#0a84ff"
    static let marginStroke = "#8e8e93"
    static let safeAreaStroke = "#af52de"
    static let contentStroke = "#30b0c7"
    static let conflict = "#ff3b30"
    static let ambiguous = "#ff9500"
}
