/// What to add when a frame attribute is not determined.
enum AmbiguityHint {
    static func text(view: String, attributes: [String]) -> String {
        attributes.map { attribute in
            switch attribute {
            case "x": return "nothing fixes the horizontal position of '\(view)': add a leading, trailing or centerX constraint"
            case "y": return "nothing fixes the vertical position of '\(view)': add a top, bottom or centerY constraint"
            case "width": return "nothing fixes the width of '\(view)': add a width, an intrinsic size or a trailing edge"
            default: return "nothing fixes the height of '\(view)': add a height, an intrinsic size or a bottom edge"
            }
        }.joined(separator: "; ")
    }
}
