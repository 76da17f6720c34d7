import JSON

/// The names a constraint element is matched against: its members (``ConstraintForms/elementKeys``),
/// the attributes (``LayoutAttribute/wireNames``) and the relations (``LayoutRelation/wireNames``).
///
/// Each is a lazily made static, and every access to one is a `swift_once` call: the decoder reads
/// them once per request (``ConstraintKeys/current``) and hands them down to every element, where
/// each plain constraint read three of them itself.
struct ConstraintKeys {
    let element: JSONKeys
    let attributes: JSONKeys
    let relations: JSONKeys

    /// The key sets, read from their statics.
    static var current: ConstraintKeys {
        ConstraintKeys(element: ConstraintForms.elementKeys, attributes: LayoutAttribute.wireNames, relations: LayoutRelation.wireNames)
    }
}
