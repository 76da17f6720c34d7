// A tiny blocking HTTP/1.1 client over raw Glibc sockets, for tests that need control over the
// bytes on the wire (partial bodies, abrupt closes, Expect: 100-continue, chunked uploads).
// Shared by the HTTP server's and the service's tests.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct RawHTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Every byte received, including any interim (1xx) responses.
    public var raw: [UInt8]

    public func header(_ name: String) -> String? {
        let n = name.lowercased()
        return headers.first { $0.name.lowercased() == n }?.value
    }
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
    public var rawText: String { String(decoding: raw, as: UTF8.self) }
}

public enum RawHTTPError: Error, CustomStringConvertible {
    case connect(Int32), send(Int32), closedEarly(String), malformed(String)
    public var description: String {
        switch self {
        case .connect(let e): return "connect: \(String(cString: strerror(e)))"
        case .send(let e): return "send: \(String(cString: strerror(e)))"
        case .closedEarly(let s): return "connection closed early: \(s)"
        case .malformed(let s): return "malformed response: \(s)"
        }
    }
}

public final class RawHTTPConnection {
    public let fd: Int32
    private var buffer: [UInt8] = []
    private var received: [UInt8] = []

    /// Connects to 127.0.0.1:port (or another IPv4 or IPv6 literal), with send/receive timeouts.
    public init(port: Int, host: String = "127.0.0.1", timeoutSeconds: Int = 10) throws {
        let v6 = host.contains(":")
        let family = v6 ? AF_INET6 : AF_INET
        #if canImport(Glibc)
        let s = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let s = socket(family, SOCK_STREAM, 0)
        #endif
        guard s >= 0 else { throw RawHTTPError.connect(errno) }
        var tv = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(s, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let rc: Int32
        if v6 {
            var addr = sockaddr_in6()
            addr.sin6_family = sa_family_t(AF_INET6)
            addr.sin6_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET6, host, &addr.sin6_addr)
            rc = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(s, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = in_port_t(UInt16(port).bigEndian)
            inet_pton(AF_INET, host, &addr.sin_addr)
            rc = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        if rc != 0 {
            let e = errno
            close(s)
            throw RawHTTPError.connect(e)
        }
        fd = s
    }

    deinit { close(fd) }

    public func send(_ bytes: [UInt8]) throws {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw RawHTTPError.send(errno)
            }
            off += n
        }
    }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Closes the socket now (an abrupt client disconnect when data is still expected).
    public func shutdownBoth() { shutdown(fd, Int32(SHUT_RDWR)) }

    /// Reads more bytes; false at EOF or timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                buffer += chunk[0..<n]
                received += chunk[0..<n]
                return true
            }
            if n < 0 && errno == EINTR { continue }
            return false
        }
    }

    /// Whether the peer has closed (EOF within `timeoutMs`). The default is as patient as the
    /// tests' `eventually`: a close that comes at all is waited for, since a loaded machine (the
    /// ThreadSanitizer run beside other work) stalled refusals for more than 2 s.
    public func waitForClose(timeoutMs: Int32 = 20_000) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, timeoutMs) > 0 else { return false }
        var b: UInt8 = 0
        return recv(fd, &b, 1, Int32(MSG_PEEK)) <= 0
    }

    /// Reads one response (interim 1xx responses are skipped but kept in `raw`).
    public func readResponse(headRequest: Bool = false) throws -> RawHTTPResponse {
        while true {
            let headEnd: Int
            while true {
                if let r = find([13, 10, 13, 10]) { headEnd = r; break }
                guard fill() else { throw RawHTTPError.closedEarly(String(decoding: received, as: UTF8.self)) }
            }
            let headText = String(decoding: buffer[0..<headEnd], as: UTF8.self)
            buffer.removeFirst(headEnd + 4)
            var lines = headText.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
            guard !lines.isEmpty else { throw RawHTTPError.malformed(headText) }
            let statusLine = lines.removeFirst()
            let parts = statusLine.split(separator: " ", maxSplits: 2)
            guard parts.count >= 2, let status = Int(parts[1]) else { throw RawHTTPError.malformed(statusLine) }
            var headers: [(name: String, value: String)] = []
            for l in lines {
                guard let c = l.firstIndex(of: ":") else { continue }
                headers.append((name: String(l[..<c]), value: l[l.index(after: c)...].trimmingCharacters()))
            }
            if (100..<200).contains(status) { continue }
            var resp = RawHTTPResponse(status: status, headers: headers, body: [], raw: [])
            if headRequest || status == 204 || status == 304 {
                resp.raw = received
                return resp
            }
            if let cl = resp.header("content-length"), let n = Int(cl) {
                while buffer.count < n {
                    guard fill() else { throw RawHTTPError.closedEarly("body \(buffer.count)/\(n)") }
                }
                resp.body = Array(buffer[0..<n])
                buffer.removeFirst(n)
            } else if resp.header("transfer-encoding")?.lowercased().contains("chunked") == true {
                resp.body = try readChunked()
            } else {
                while fill() {}
                resp.body = buffer
                buffer = []
            }
            resp.raw = received
            return resp
        }
    }

    private func readChunked() throws -> [UInt8] {
        var out: [UInt8] = []
        while true {
            var lineEnd: Int
            while true {
                if let r = find([13, 10]) { lineEnd = r; break }
                guard fill() else { throw RawHTTPError.closedEarly("chunk size") }
            }
            let sizeText = String(decoding: buffer[0..<lineEnd], as: UTF8.self)
            buffer.removeFirst(lineEnd + 2)
            let hex = sizeText.split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(hex.trimmingCharacters(), radix: 16) else { throw RawHTTPError.malformed(sizeText) }
            if size == 0 {
                while find([13, 10]) == nil { guard fill() else { return out } }
                // Trailers (none expected): skip up to the empty line.
                while let r = find([13, 10]) {
                    buffer.removeFirst(r + 2)
                    if r == 0 { break }
                }
                return out
            }
            while buffer.count < size + 2 {
                guard fill() else { throw RawHTTPError.closedEarly("chunk data") }
            }
            out += buffer[0..<size]
            buffer.removeFirst(size + 2)
        }
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        var i = 0
        while i + needle.count <= buffer.count {
            if buffer[i] == needle[0] && Array(buffer[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }
}

public enum RawHTTP {
    /// One request on a fresh connection (`Connection: close`); `timeoutSeconds` bounds each send and receive.
    public static func request(port: Int, host: String = "127.0.0.1", method: String = "GET", path: String = "/",
                        headers: [(String, String)] = [], body: [UInt8] = [], timeoutSeconds: Int = 10) throws -> RawHTTPResponse {
        let c = try RawHTTPConnection(port: port, host: host, timeoutSeconds: timeoutSeconds)
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (n, v) in headers { text += "\(n): \(v)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { text += "Content-Length: \(body.count)\r\n" }
        text += "\r\n"
        try c.send(Array(text.utf8) + body)
        return try c.readResponse(headRequest: method == "HEAD")
    }
}

extension StringProtocol {
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}

/// Blocks the calling thread for a while (tests polling a server's state).
public func sleepMilliseconds(_ milliseconds: Int) {
    usleep(UInt32(clamping: milliseconds * 1000))
}
