/// A constraint's name in diagnoses: the `id` (or Masonry `key`) the request gave it, or its
/// position in the request, `constraints[i]`, and `NAME.k` for the `k`th of several constraints
/// one element expands to.
///
/// A position is kept as numbers and spelled only when the name is read (``text``): a name past
/// `constraints[99]` is longer than a small string, so spelling the names of a request's 50,000
/// unnamed constraints as it is read would allocate 50,000 strings that no answer shows.
/// Names compare and hash as their text, so `constraints[3]` given as an `id` equals the position.
public struct ConstraintName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The given name; unused for a position.
    private var given: String
    /// `constraints[element]`, then `.part` unless `part` is negative; `element` is negative for
    /// a given name. Numbers beside the string rather than an enum of the two, which costs each
    /// copy of a constraint a switch on the case.
    private var element: Int32
    private var part: Int32

    /// The name `text`, as given.
    public init(_ text: String) {
        (given, element, part) = (text, -1, -1)
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String(stringInterpolation: stringInterpolation))
    }

    /// `constraints[element]`, the name of an element without an `id`; an element outside
    /// `0...Int32.max` is spelled at once.
    public static func position(_ element: Int) -> ConstraintName {
        guard let element = Int32(exactly: element), element >= 0 else { return ConstraintName(spell("constraints[", element, "]")) }
        var name = ConstraintName("")
        name.element = element
        return name
    }

    /// The name of the `k`th of the `count` constraints an element named `self` expands to:
    /// `self` for the only one, else `self.k`.
    public func part(_ k: Int, of count: Int) -> ConstraintName {
        guard count != 1 else { return self }
        if element >= 0, part < 0, let k = Int32(exactly: k), k >= 0 {
            var name = self
            name.part = k
            return name
        }
        var base = text
        return ConstraintName(base.withUTF8 { Self.spell($0, ".", k, "") })
    }

    /// The name spelled out.
    public var text: String {
        guard element >= 0 else { return given }
        let head = Self.spell("constraints[", Int(element), "]")
        guard part >= 0 else { return head }
        var base = head
        return base.withUTF8 { Self.spell($0, ".", Int(part), "") }
    }

    public var description: String { text }

    public static func == (a: ConstraintName, b: ConstraintName) -> Bool {
        if a.element >= 0, b.element >= 0 { return a.element == b.element && a.part == b.part }
        if a.element < 0, b.element < 0 { return a.given == b.given }
        return a.text == b.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    private static func spell(_ prefix: StaticString, _ number: Int, _ suffix: StaticString) -> String {
        spell(UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount), "", number, suffix)
    }

    /// `prefix`, `separator`, `number` in decimal and `suffix`, written byte by byte into a
    /// buffer on the stack and decoded once (interpolation costs a few hundred instructions
    /// more, and so does `String(unsafeUninitializedCapacity:)`, whose closure is not
    /// specialized), so that names up to 15 bytes are small strings (no allocation).
    private static func spell(_ prefix: UnsafeBufferPointer<UInt8>, _ separator: StaticString, _ number: Int, _ suffix: StaticString) -> String {
        var digits = 1
        var rest = number.magnitude
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        // A sign and at most 20 digits.
        let length = prefix.count + separator.utf8CodeUnitCount + 21 + suffix.utf8CodeUnitCount
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { raw in
            var count = 0
            func append(_ bytes: UnsafeBufferPointer<UInt8>) {
                for byte in bytes {
                    raw[count] = byte
                    count += 1
                }
            }
            append(prefix)
            append(UnsafeBufferPointer(start: separator.utf8Start, count: separator.utf8CodeUnitCount))
            if number < 0 {
                raw[count] = UInt8(ascii: "-")
                count += 1
            }
            rest = number.magnitude
            for k in stride(from: count + digits - 1, through: count, by: -1) {
                raw[k] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            count += digits
            append(UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
            return String(decoding: UnsafeMutableBufferPointer(rebasing: raw[..<count]), as: UTF8.self)
        }
    }
}
