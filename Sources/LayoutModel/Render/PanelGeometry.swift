/// Where things are on one panel: every view's frame in the root's coordinates (the solved
/// frames are in their parents'), the rectangles of owned guides, and the points a
/// constraint's line joins.
struct PanelGeometry {
    let tree: ViewTree
    let layout: SizedLayout
    /// Each view's frame in the root's coordinates, in request order. A scroll view's
    /// subviews are placed with its content offset at zero.
    let absolute: [Rect]

    init(tree: ViewTree, layout: SizedLayout) {
        self.tree = tree
        self.layout = layout
        var absolute = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: tree.views.count)
        for index in tree.views.indices.sorted(by: { tree.depth[$0] < tree.depth[$1] }) {
            guard layout.frames.indices.contains(index) else { continue }
            let frame = layout.frames[index].frame
            let parent = tree.parentIndex[index]
            let origin = parent >= 0 ? absolute[parent] : Rect(x: 0, y: 0, width: 0, height: 0)
            absolute[index] = Rect(x: origin.x + frame.x, y: origin.y + frame.y, width: frame.width, height: frame.height)
        }
        self.absolute = absolute
    }

    /// The solved frame of a view, in its parent's coordinates.
    func frame(_ index: Int) -> Frame? {
        layout.frames.indices.contains(index) ? layout.frames[index].frame : nil
    }

    /// A scroll view's content area (origin at its own, `contentSize` large), in the root's coordinates.
    func contentArea(_ index: Int) -> Rect? {
        guard let content = frame(index)?.contentSize else { return nil }
        return Rect(x: absolute[index].x, y: absolute[index].y, width: content.width, height: content.height)
    }

    /// Everything drawn: the root's bounds, every frame and every content area.
    var bounds: Rect {
        var rects = absolute
        rects += tree.views.indices.compactMap(contentArea)
        var minX = 0.0, minY = 0.0, maxX = layout.size.width, maxY = layout.size.height
        for rect in rects {
            minX = min(minX, rect.x, rect.x + rect.width)
            minY = min(minY, rect.y, rect.y + rect.height)
            maxX = max(maxX, rect.x, rect.x + rect.width)
            maxY = max(maxY, rect.y, rect.y + rect.height)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// An item's rectangle in the root's coordinates. `contentArea`: the item is a scroll view
    /// seen from one of its descendants, whose edges are those of its content area.
    func rect(of item: ViewTree.Item, contentArea useContent: Bool = false) -> Rect {
        switch item {
        case .view(let index):
            if useContent, let content = contentArea(index) { return content }
            return absolute[index]
        case .ownedGuide(let owner, let guide):
            let rect = absolute[owner]
            switch guide {
            case .margins: return rect.inset(by: tree.views[owner].margins)
            case .safeArea: return rect.inset(by: tree.views[owner].safeAreaInsets ?? .zero)
            case .content: return contentArea(owner) ?? rect
            case .frameGuide: return rect
            }
        }
    }

    /// The line a constraint is drawn as: between its items' attributes, or across its one
    /// item along the measured size.
    func line(_ sketch: ConstraintSketch) -> (from: Point, to: Point) {
        guard let second = sketch.second else {
            let rect = rect(of: sketch.first)
            if sketch.firstAttribute.axis == .vertical {
                return (Point(x: rect.midX, y: rect.y), Point(x: rect.midX, y: rect.maxY))
            }
            return (Point(x: rect.x, y: rect.midY), Point(x: rect.maxX, y: rect.midY))
        }
        let from = point(sketch.firstAttribute, of: sketch.first, seenFrom: second)
        let to = point(sketch.secondAttribute, of: second, seenFrom: sketch.first)
        if from == to, sketch.firstAttribute.isSize, sketch.secondAttribute.isSize {
            let rect = rect(of: sketch.first)  // an aspect ratio: the diagonal
            return (Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.maxY))
        }
        return (from, to)
    }

    /// Where an attribute lies on an item: an edge's midpoint, a baseline's, or the centre for
    /// centres and sizes.
    private func point(_ attribute: LayoutAttribute, of item: ViewTree.Item, seenFrom other: ViewTree.Item) -> Point {
        let useContent: Bool = {
            guard case .view(let index) = item, tree.views[index].kind == .scroll else { return false }
            return tree.isStrictAncestor(index, of: other.owner) && attribute.isEdge
        }()
        var rect = rect(of: item, contentArea: useContent)
        if attribute.isMargin, case .view(let index) = item, tree.views[index].kind != .guide {
            rect = rect.inset(by: tree.views[index].margins)
        }
        let view = tree.views[item.owner]
        switch attribute.withoutMargin {
        case .left: return Point(x: rect.x, y: rect.midY)
        case .right: return Point(x: rect.maxX, y: rect.midY)
        case .top: return Point(x: rect.midX, y: rect.y)
        case .bottom: return Point(x: rect.midX, y: rect.maxY)
        case .firstBaseline: return Point(x: rect.midX, y: rect.y + (item == .view(item.owner) ? view.firstBaselineFromTop : 0))
        case .lastBaseline: return Point(x: rect.midX, y: rect.maxY - (item == .view(item.owner) ? view.lastBaselineFromBottom : 0))
        default: return Point(x: rect.midX, y: rect.midY)
        }
    }
}

/// A point in the root's coordinates.
struct Point: Equatable {
    var x, y: Double
}

extension Rect {
    var maxX: Double { x + width }
    var maxY: Double { y + height }
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }

    func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: x + insets.left, y: y + insets.top,
             width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }
}
