import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection for sending bytes no well-behaved client would send, and reading what comes back.
/// Reads time out after a few seconds, so a test cannot hang on a silent server.
public final class RawConnection {
    private let fd: Int32
    private var buffer: [UInt8] = []

    public init(port: Int, host: String = "127.0.0.1") throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED) }
    }

    deinit { close(fd) }

    public func send(_ text: String) { send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return }
            offset += written
        }
    }

    /// Reads one response: head, then a body of `Content-Length` bytes. Nil when the server closed first.
    public func readResponse() -> (status: Int, head: String, body: String)? {
        guard let end = readUntil(Array("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        while buffer.count < length, fill() {}
        let body = String(decoding: buffer.prefix(length), as: UTF8.self)
        buffer.removeFirst(min(length, buffer.count))
        return (status, head, body)
    }

    /// Reads until the server closes the connection: the bytes after any response already read, and the `errno` of
    /// the read that failed (`ECONNRESET` for a reset), or nil for a clean end of stream.
    public func readToEnd() -> (bytes: [UInt8], error: Int32?) {
        while true {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                continue
            }
            let failure: Int32? = count < 0 ? errno : nil
            defer { buffer = [] }
            return (buffer, failure)
        }
    }

    /// Reads a response head only (up to the blank line), leaving the body unread.
    public func readHead() -> String? {
        guard let end = readUntil(Array("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        return head
    }

    /// Whether the server closed the connection (reads return end of file).
    public func isClosedByPeer() -> Bool {
        while fill() {}
        return true
    }

    private func readUntil(_ marker: [UInt8]) -> Int? {
        while true {
            if let range = buffer.firstRange(of: marker) { return range.lowerBound }
            guard fill() else { return nil }
        }
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }
}
