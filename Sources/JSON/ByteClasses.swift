/// ASCII byte constants and classifiers shared by the reader and the writer.
enum ASCII {
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let minus = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")

    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b &- zero < 10 }

    @inline(__always)
    static func isWhitespace(_ b: UInt8) -> Bool {
        b == space || b == newline || b == carriageReturn || b == tab
    }

    /// The value of a hexadecimal digit, or nil.
    @inline(__always)
    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b &- UInt8(ascii: "a") &+ 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b &- UInt8(ascii: "A") &+ 10)
        default: return nil
        }
    }

    /// A byte as shown in an error message: `'x'` when printable ASCII, `byte 0xNN` otherwise.
    static func describe(_ b: UInt8) -> String {
        if b > 0x20 && b < 0x7F {
            return "'\(Character(Unicode.Scalar(b)))'"
        }
        let hex = String(b, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" + hex : hex)
    }
}
