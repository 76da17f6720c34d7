extension JSONParser {
    /// An error at `offset`, located in the innermost open container.
    func error(at offset: Int, _ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, message: message, pointer: currentPointer(), in: p)
    }

    /// RFC 6901 pointer of the innermost open container ("" at the root).
    func currentPointer() -> String {
        var pointer = ""
        for level in 0..<frames.count {
            let frame = frames[level]
            pointer.append("/")
            if frame.isObject {
                // The key of the member being read: the one after the members completed.
                var keyIndex = frame.entry &+ 1
                for _ in 0..<frame.count {
                    keyIndex = Int(tape[keyIndex &+ 1].next)
                }
                let key = String(decoding: decodedString(entry: tape[keyIndex]), as: UTF8.self)
                for ch in key {
                    switch ch {
                    case "~": pointer.append("~0")
                    case "/": pointer.append("~1")
                    default: pointer.append(ch)
                    }
                }
            } else {
                pointer.append(String(frame.count))
            }
        }
        return pointer
    }

    /// The unescaped UTF-8 bytes of a string entry.
    func decodedString(entry: TapeEntry) -> [UInt8] {
        let range = entry.contentRange
        let content = UnsafeBufferPointer(rebasing: p[range])
        return entry.hasEscapes ? unescape(content) : Array(content)
    }
}
