/// One panel of the SVG: the layout at one root size, its heading, the view tree as nested
/// groups, and the lines of the conflicting constraints on top.
struct PanelDrawing {
    let panel: PanelGeometry
    let constraints: ConstraintSketch.Index
    /// The panel's position among the sizes (0 for a single size).
    let number: Int

    private var tree: ViewTree { panel.tree }
    private var layout: SizedLayout { panel.layout }

    /// Draws the panel with the top left of its bounds at `origin`.
    func draw(into svg: inout SVGDocument, at origin: Point) {
        let bounds = panel.bounds
        let dx = origin.x - bounds.x, dy = origin.y - bounds.y
        svg.open("g", [
            ("class", "panel"), ("data-panel", String(number)), ("data-status", layout.status.rawValue),
            ("transform", "translate(\(SVGDocument.number(dx)) \(SVGDocument.number(dy)))"),
        ])
        svg.element("text", [
            ("class", "heading"), ("x", SVGDocument.number(bounds.x)), ("y", SVGDocument.number(bounds.y - 6)),
            ("font-size", "12"), ("font-weight", "bold"), ("fill", headingColour),
        ], text: "\(SVGDocument.number(layout.size.width)) × \(SVGDocument.number(layout.size.height)) · \(layout.status.rawValue)")
        let marks = self.marks()
        var children = [[Int]](repeating: [], count: tree.views.count)
        for index in tree.views.indices where tree.parentIndex[index] >= 0 {
            children[tree.parentIndex[index]].append(index)
        }
        drawTree(from: tree.rootIndex, children: children, marks: marks, into: &svg)
        drawConflictLines(into: &svg)
        svg.close()
    }

    private var headingColour: String {
        switch layout.status {
        case .ok: return Style.viewStroke
        case .conflict: return Style.conflict
        case .ambiguous: return Style.ambiguous
        }
    }

    /// Conflict or ambiguity per view: the views named by any constraint of a conflicting set,
    /// and the views whose frames are not determined.
    private func marks() -> [Mark?] {
        var marks = [Mark?](repeating: nil, count: tree.views.count)
        for ambiguity in layout.ambiguities {
            if case .view(let index)? = tree.item(ambiguity.view) { marks[index] = .ambiguous }
        }
        for conflict in layout.conflicts {
            for id in conflict.constraints {
                for view in constraints.sketch(id)?.views ?? [] { marks[view] = .conflict }
            }
        }
        return marks
    }

    /// The view and its subviews as nested groups, depth first with an explicit stack (a deep
    /// hierarchy cannot overflow the call stack).
    private func drawTree(from root: Int, children: [[Int]], marks: [Mark?], into svg: inout SVGDocument) {
        enum Step { case open(Int), close }
        var steps: [Step] = [.open(root)]
        while let step = steps.popLast() {
            switch step {
            case .close:
                svg.close()
            case .open(let index):
                drawView(index, hasSubviews: !children[index].isEmpty, mark: marks[index], into: &svg)
                steps.append(.close)
                if tree.views[index].kind == .scroll, !children[index].isEmpty {
                    clipSubviews(of: index, into: &svg)
                    steps.append(.close)
                }
                steps += children[index].reversed().map(Step.open)
            }
        }
    }

    /// Opens the view's group and draws its frame, content size, margins, safe area and label.
    private func drawView(_ index: Int, hasSubviews: Bool, mark: Mark?, into svg: inout SVGDocument) {
        let view = tree.views[index]
        let rect = panel.absolute[index]
        var group: [SVGDocument.Attribute] = [("class", view.kind.rawValue), ("data-view", view.id)]
        if let mark { group.append(("data-mark", mark.rawValue)) }
        svg.open("g", group)
        svg.element("title", text: tooltip(index, mark: mark))

        var frame: [SVGDocument.Attribute] = [("class", "frame")] + Self.geometry(rect)
        let stroke = mark?.colour ?? (view.kind == .guide ? Style.guideStroke : Style.viewStroke)
        frame += [("fill", view.kind == .guide ? "none" : Style.viewFill), ("fill-opacity", "0.06"),
                  ("stroke", stroke), ("stroke-width", mark == nil ? "1" : "2")]
        if view.kind == .guide { frame.append(("stroke-dasharray", "5 3")) }
        svg.empty("rect", frame)

        if let content = panel.contentArea(index), let size = panel.frame(index)?.contentSize {
            svg.empty("rect", [("class", "content-size")] + Self.geometry(content) + Self.dashed(Style.contentStroke, "6 3"))
            svg.element("text", [("class", "content-label"), ("x", SVGDocument.number(content.x + 3)),
                                 ("y", SVGDocument.number(content.maxY - 4)), ("fill", Style.contentStroke)],
                        text: "contentSize \(Self.size(size.width, size.height))")
        }
        if hasSubviews, view.kind != .guide {
            let margins = rect.inset(by: view.margins)
            if margins.width > 0, margins.height > 0 {
                svg.empty("rect", [("class", "margins")] + Self.geometry(margins) + Self.dashed(Style.marginStroke, "2 2"))
            }
        }
        if let insets = view.safeAreaInsets {
            let safeArea = rect.inset(by: insets)
            if safeArea.width >= 0, safeArea.height >= 0 {
                svg.empty("rect", [("class", "safe-area")] + Self.geometry(safeArea) + Self.dashed(Style.safeAreaStroke, "6 3"))
            }
        }
        svg.element("text", [("class", "label"), ("x", SVGDocument.number(rect.x + 3)), ("y", SVGDocument.number(rect.y + 11)),
                             ("fill", mark?.colour ?? Style.viewStroke)],
                    text: "\(view.id) \(Self.size(rect.width, rect.height))")
    }

    /// A scroll view shows its subviews through its frame: opens a group clipped to it (the
    /// dashed content size shows how far they reach).
    private func clipSubviews(of index: Int, into svg: inout SVGDocument) {
        let id = "clip-\(number)-\(index)"
        svg.open("clipPath", [("id", id)])
        svg.empty("rect", Self.geometry(panel.absolute[index]))
        svg.close()
        svg.open("g", [("class", "scroll-subviews"), ("clip-path", "url(#\(id))")])
    }

    private func tooltip(_ index: Int, mark: Mark?) -> String {
        let view = tree.views[index]
        let frame = panel.frame(index) ?? Frame(x: 0, y: 0, width: 0, height: 0)
        var text = "\(view.id) (\(view.kind.rawValue)): x \(SVGDocument.number(frame.x)), y \(SVGDocument.number(frame.y)), "
            + Self.size(frame.width, frame.height)
        if let content = frame.contentSize { text += ", contentSize \(Self.size(content.width, content.height))" }
        if mark == .conflict { text += "; in a conflict" }
        if let ambiguity = layout.ambiguities.first(where: { $0.view == view.id }) {
            text += "; ambiguous \(ambiguity.attributes.joined(separator: ", "))"
        }
        return text
    }

    /// Every constraint of every conflicting set as a line between its items: the broken one
    /// solid and labelled, the others dashed.
    private func drawConflictLines(into svg: inout SVGDocument) {
        guard !layout.conflicts.isEmpty else { return }
        svg.open("g", [("class", "constraints")])
        for (number, conflict) in layout.conflicts.enumerated() {
            for id in conflict.constraints {
                guard let sketch = constraints.sketch(id) else { continue }
                let (from, to) = panel.line(sketch)
                let broken = id == conflict.broken
                var line: [SVGDocument.Attribute] = [
                    ("class", broken ? "broken" : "conflicting"), ("data-constraint", id), ("data-conflict", String(number)),
                    ("x1", SVGDocument.number(from.x)), ("y1", SVGDocument.number(from.y)),
                    ("x2", SVGDocument.number(to.x)), ("y2", SVGDocument.number(to.y)),
                    ("stroke", Style.conflict), ("stroke-width", broken ? "2.5" : "1.5"), ("stroke-linecap", "round"),
                ]
                if !broken { line.append(("stroke-dasharray", "4 3")) }
                svg.empty("line", line)
                if broken {
                    svg.element("text", [("class", "broken-label"), ("data-constraint", id),
                                         ("x", SVGDocument.number((from.x + to.x) / 2 + 4)),
                                         ("y", SVGDocument.number((from.y + to.y) / 2 - 4)),
                                         ("fill", Style.conflict), ("font-weight", "bold")],
                                text: "broken: \(id)")
                }
            }
        }
        svg.close()
    }

    static func geometry(_ rect: Rect) -> [SVGDocument.Attribute] {
        // A negative size (a conflict can leave one) is drawn from its far edge, as SVG needs.
        let x = min(rect.x, rect.maxX), y = min(rect.y, rect.maxY)
        return [("x", SVGDocument.number(x)), ("y", SVGDocument.number(y)),
                ("width", SVGDocument.number(abs(rect.width))), ("height", SVGDocument.number(abs(rect.height)))]
    }

    static func dashed(_ colour: String, _ pattern: String) -> [SVGDocument.Attribute] {
        [("fill", "none"), ("stroke", colour), ("stroke-dasharray", pattern)]
    }

    static func size(_ width: Double, _ height: Double) -> String {
        "\(SVGDocument.number(width))×\(SVGDocument.number(height))"
    }
}

/// How a view is marked: in a conflict (red) or with an undetermined frame (orange).
enum Mark: String {
    case conflict, ambiguous

    var colour: String { self == .conflict ? Style.conflict : Style.ambiguous }
}
