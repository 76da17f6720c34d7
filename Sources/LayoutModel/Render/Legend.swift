/// The key to the drawing's strokes, below the panels.
enum Legend {
    private static let rowHeight = 16.0
    private static let swatchWidth = 28.0
    static let width = 300.0
    static var height: Double { Double(entries.count) * rowHeight + 8 }

    private enum Swatch { case rect, line }

    private static let entries: [(swatch: Swatch, attributes: [SVGDocument.Attribute], text: String)] = [
        (.rect, [("fill", Style.viewFill), ("fill-opacity", "0.06"), ("stroke", Style.viewStroke)], "view: id width×height"),
        (.rect, PanelDrawing.dashed(Style.guideStroke, "5 3"), "layout guide"),
        (.rect, PanelDrawing.dashed(Style.marginStroke, "2 2"), "layout margins (of views with subviews)"),
        (.rect, PanelDrawing.dashed(Style.safeAreaStroke, "6 3"), "safe area"),
        (.rect, PanelDrawing.dashed(Style.contentStroke, "6 3"), "scroll view contentSize"),
        (.rect, [("fill", "none"), ("stroke", Style.conflict), ("stroke-width", "2")], "view in a conflict"),
        (.line, [("stroke", Style.conflict), ("stroke-width", "2.5")], "broken constraint"),
        (.line, [("stroke", Style.conflict), ("stroke-width", "1.5"), ("stroke-dasharray", "4 3")], "other constraint of the conflict"),
        (.rect, [("fill", "none"), ("stroke", Style.ambiguous), ("stroke-width", "2")], "ambiguous view (frame not determined)"),
    ]

    static func draw(into svg: inout SVGDocument, at origin: Point) {
        svg.open("g", [("class", "legend"), ("transform", "translate(\(SVGDocument.number(origin.x)) \(SVGDocument.number(origin.y)))")])
        for (row, entry) in entries.enumerated() {
            let top = Double(row) * rowHeight
            switch entry.swatch {
            case .rect:
                svg.empty("rect", [("x", "0"), ("y", SVGDocument.number(top + 3)), ("width", SVGDocument.number(swatchWidth)), ("height", "10")]
                          + entry.attributes)
            case .line:
                svg.empty("line", [("x1", "0"), ("y1", SVGDocument.number(top + 8)), ("x2", SVGDocument.number(swatchWidth)),
                                   ("y2", SVGDocument.number(top + 8))] + entry.attributes)
            }
            svg.element("text", [("x", SVGDocument.number(swatchWidth + 8)), ("y", SVGDocument.number(top + 12)), ("fill", Style.viewStroke)],
                        text: entry.text)
        }
        svg.close()
    }
}
