extension JSONWriter {
    /// Writes `value` quoted, escaping `"`, `\` and control characters; `/` and
    /// non-ASCII pass through.
    mutating func writeString(_ value: String) {
        output.append(ASCII.quote)
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            for i in 0..<utf8.count {
                let b = utf8[i]
                guard b < 0x20 || b == ASCII.quote || b == ASCII.backslash else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                writeEscape(b)
                runStart = i + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        output.append(ASCII.quote)
    }

    private mutating func writeEscape(_ b: UInt8) {
        output.append(ASCII.backslash)
        switch b {
        case ASCII.quote, ASCII.backslash: output.append(b)
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            output.append(contentsOf: [UInt8(ascii: "u"), ASCII.zero, ASCII.zero, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
        }
    }

    mutating func writeNumber(_ value: Double) {
        guard value.isFinite else {
            output.append(contentsOf: Self.nullBytes)
            return
        }
        if value.magnitude < 1e15, Double(Int(value)) == value {
            writeInteger(Int(value))
        } else {
            output.append(contentsOf: value.description.utf8)
        }
    }

    mutating func writeInteger(_ value: Int) {
        if value < 0 {
            output.append(ASCII.minus)
        }
        var magnitude = value.magnitude
        let start = output.count
        repeat {
            output.append(ASCII.zero &+ UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        output[start...].reverse()
    }
}
