/// What a diagnosis constraint id stands for on the drawing: the items it relates and the
/// attributes it relates them by (as seen on screen: leading and trailing resolved).
///
/// Ids name either a constraint of the request or one UIKit adds by itself, as
/// `ConstraintCompiler` names them: `size.width`, `size.height` (the root size, `.fitting` when
/// fitted), `V.frame.x|y|width|height` (a fixed frame), `V.hugging.horizontal|vertical` and
/// `V.compressionResistance.horizontal|vertical` (intrinsic size). View ids contain no dot, so
/// the part before the first dot of a system id is its view.
struct ConstraintSketch {
    var first: ViewTree.Item
    var firstAttribute: LayoutAttribute
    /// `nil` when the constraint compares the first item with a constant.
    var second: ViewTree.Item?
    var secondAttribute: LayoutAttribute

    /// The declared views the constraint names (a guide owned by a view names that view).
    var views: [Int] { [first.owner] + (second.map { [$0.owner] } ?? []) }

    /// Looks constraint ids up in one request.
    struct Index {
        private let request: LayoutRequest
        private var constraintByID: [ConstraintName: LayoutConstraint] = [:]

        init(request: LayoutRequest) {
            self.request = request
            for constraint in request.constraints where constraintByID[constraint.id] == nil {
                constraintByID[constraint.id] = constraint
            }
        }

        /// The sketch of the constraint with this id, or `nil` when the id names none.
        func sketch(_ id: String) -> ConstraintSketch? {
            let tree = request.tree
            let mirrored = request.layoutDirection == .rightToLeft
            if let constraint = constraintByID[ConstraintName(id)], let first = tree.item(constraint.firstItem) {
                return ConstraintSketch(
                    first: first, firstAttribute: constraint.firstAttribute.physical(mirrored: mirrored),
                    second: constraint.secondItem.flatMap(tree.item),
                    secondAttribute: constraint.secondAttribute.physical(mirrored: mirrored))
            }
            let parts = id.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 2 else { return nil }
            if parts[0] == "size", parts.count <= 3, parts.count == 2 || parts[2] == "fitting",
               let size = LayoutAttribute(rawValue: parts[1]), size.isSize {
                return ConstraintSketch(first: .view(tree.rootIndex), firstAttribute: size, second: nil, secondAttribute: .notAnAttribute)
            }
            guard parts.count == 3, case .view(let view)? = tree.item(parts[0]) else { return nil }
            switch (parts[1], parts[2]) {
            case ("frame", "x"), ("frame", "y"):
                let edge: LayoutAttribute = parts[2] == "x" ? .left : .top
                let parent = tree.parentIndex[view]
                return ConstraintSketch(first: .view(view), firstAttribute: edge,
                                        second: parent >= 0 ? .view(parent) : nil, secondAttribute: edge)
            case ("frame", "width"), ("hugging", "horizontal"), ("compressionResistance", "horizontal"):
                return ConstraintSketch(first: .view(view), firstAttribute: .width, second: nil, secondAttribute: .notAnAttribute)
            case ("frame", "height"), ("hugging", "vertical"), ("compressionResistance", "vertical"):
                return ConstraintSketch(first: .view(view), firstAttribute: .height, second: nil, secondAttribute: .notAnAttribute)
            default:
                return nil
            }
        }
    }
}
