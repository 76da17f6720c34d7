#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and standard-stream writes on raw file descriptors (no Foundation, no stdio globals).
enum InputFile {
    /// The bytes of a file, or of standard input for `-`; `nil` when it cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { if path != "-" { close(fd) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}

/// Whole-file writes: a new file replaces any old one.
enum OutputFile {
    /// Writes `bytes` to `path`, or to standard output for `-`; false when it cannot.
    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        guard path != "-" else {
            writeAll(bytes, to: STDOUT_FILENO)
            return true
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return false }
        writeAll(bytes, to: fd)
        return close(fd) == 0
    }
}

/// Writes all bytes to a file descriptor.
func writeAll(_ bytes: [UInt8], to fd: Int32) {
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

func printError(_ message: String) {
    writeAll(Array((message + "\n").utf8), to: STDERR_FILENO)
}
