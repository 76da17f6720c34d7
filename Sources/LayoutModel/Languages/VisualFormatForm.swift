import JSON

enum VisualFormatForm {
    static func parse(_ element: JSONValue, pointer: JSONPointer, hierarchy: some ViewHierarchy) throws(LayoutProblem) -> ([LayoutConstraint], String?) {
        throw .invalid("unsupported-form", "This constraint form is not supported yet", at: pointer)
    }
}
