import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Misbehaving upstreams below HTTP, for fault tests: a port nothing listens on, and a server that resets every
/// connection once it has read the request.
enum RawTCP {
    /// A loopback port with no listener, held: the socket is bound but never listens, so connecting is refused, and
    /// no other server (another test's, bound to port 0) can be given the port while it is held. A port closed before
    /// use could be, and the test then met that server instead of a refusal. Close `socket` when done.
    static func refusingPort() throws -> (port: Int, socket: Int32) {
        let fd = try boundSocket()
        return (port(of: fd), fd)
    }

    static func boundSocket() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return fd
    }

    static func port(of fd: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Accepts connections on 127.0.0.1, reads what the client sends, then closes with SO_LINGER 0 so the client sees
/// a reset (ECONNRESET) instead of an answer.
final class ResettingServer: @unchecked Sendable {
    let port: Int
    private let fd: Int32

    init() throws {
        fd = try RawTCP.boundSocket()
        guard listen(fd, 16) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        port = RawTCP.port(of: fd)
        let listener = fd
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                close(connection)
            }
        }
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// Wakes the accepting thread (shutdown makes accept fail on Linux) and closes the socket.
    func stop() {
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
    }
}

extension RawTCP {
    /// Sends `GET target` byte for byte (no URL parsing on the way) to 127.0.0.1:port and returns the status line;
    /// on a thread of its own, since the socket blocks.
    static func get(port: Int, target: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                do { continuation.resume(returning: try blockingGet(port: port, target: target)) } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    private static func blockingGet(port: Int, target: String) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            response += buffer[0..<count]
        }
        return String(decoding: response.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
    }
}
