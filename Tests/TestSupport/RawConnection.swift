import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection for sending bytes no well-behaved client would send, and reading what comes back.
/// Reads time out (after `readTimeout` seconds, 10 unless given), so a test cannot hang on a silent server.
package final class RawConnection {
    private let fd: Int32
    private var buffer: [UInt8] = []
    /// Set once a read found the end of the stream or a reset, as opposed to running out of time.
    package private(set) var closedByPeer = false

    package init(port: Int, host: String = "127.0.0.1", readTimeout: Double = 10) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        var timeout = timeval(tv_sec: Int(readTimeout), tv_usec: Int((readTimeout - readTimeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            // Not closed here: every stored property is set, so the throw runs `deinit`, which closes it. A close here
            // as well closed the number twice, and the second close took whatever another thread had opened under it
            // in between: a libmicrohttpd socket (its `MHD_stop_daemon` panicked, "Close socket failed") or an
            // AsyncHTTPClient one (SwiftNIO's precondition on `getsockname`: EBADF).
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECONNREFUSED)
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Sends the bytes; whether all of them went out (false once the server has closed the connection).
    @discardableResult
    package func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    package func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// Reads one response: head, then a body of `Content-Length` bytes. Nil when the server closed first.
    package func readResponse() -> (status: Int, head: String, body: String)? {
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
    package func readToEnd() -> (bytes: [UInt8], error: Int32?) {
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
    package func readHead() -> String? {
        guard let end = readUntil(Array("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        return head
    }

    /// Reads (and drops) whatever comes until the server closes the connection; whether it did before a read timed out.
    package func isClosedByPeer() -> Bool {
        while fill() {}
        return closedByPeer
    }

    /// Waits up to `seconds` for the server to close the connection, keeping what it sends meanwhile for the next
    /// reads; whether it closed in time. Waits on the socket (poll), not on a clock.
    package func closes(within seconds: Double) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !closedByPeer {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000) + 1
            if poll(&descriptor, 1, milliseconds) > 0 { _ = fill() }
        }
        return true
    }

    /// Whether the server sent something (or closed) within `seconds`, without reading it.
    package func isReadable(within seconds: Double) -> Bool {
        guard buffer.isEmpty else { return true }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(seconds * 1000)) > 0
    }

    /// Reads one chunk of a chunked body (`Transfer-Encoding: chunked`): its bytes, or nil at the last (empty) chunk
    /// or when the connection ends before a whole chunk came.
    package func readChunk() -> [UInt8]? {
        guard let end = readUntil(Array("\r\n".utf8)) else { return nil }
        let sizeLine = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 2)
        guard let size = Int(sizeLine.split(separator: ";").first ?? "", radix: 16) else { return nil }
        while buffer.count < size + 2, fill() {}
        guard buffer.count >= size + 2 else { return nil }
        let chunk = Array(buffer[..<size])
        buffer.removeFirst(size + 2)
        return size == 0 ? nil : chunk
    }

    /// Everything received and not read yet, as text.
    package var unread: String { String(decoding: buffer, as: UTF8.self) }

    private func readUntil(_ marker: [UInt8]) -> Int? {
        while true {
            if let range = buffer.firstRange(of: marker) { return range.lowerBound }
            guard fill() else { return nil }
        }
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else {
            if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { closedByPeer = true }
            return false
        }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }
}
