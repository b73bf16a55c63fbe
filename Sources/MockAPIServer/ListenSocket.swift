import Glibc
import MockAPICore
import Synchronization

/// A bound, listening TCP socket with the base URL clients reach it at. Bound first, so that the port (also one picked
/// by `--port 0`) is known before anything that needs the server's URL is built, and so that binding errors can be
/// reported precisely; then handed to ``MicroHTTPDServer``. Closed when dropped without having been handed over.
package final class ListenSocket: Sendable {
    /// The address bound, as given (`127.0.0.1`, `::1`, `0.0.0.0`).
    package let host: String
    /// The bound port (the one picked when asked for 0).
    package let port: Int
    /// `http://127.0.0.1:PORT`: what clients use as their base URL (a wildcard address is reached through loopback).
    package let baseURL: String
    /// The descriptor, or -1 once a server took it over.
    private let descriptor: Atomic<Int32>

    /// `scheme` is `https` for a socket a TLS server takes over (it only changes ``baseURL``).
    package init(host: String, port: Int, scheme: String = "http") throws(ServerError) {
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let family: Int32
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            family = AF_INET
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            family = AF_INET6
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
        } else {
            throw .invalidHost(host)
        }
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .bindFailed(host: host, port: port, errno: errno, reason: FileIO.errorText()) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32 =
            family == AF_INET
            ? withUnsafePointer(to: &v4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            : withUnsafePointer(to: &v6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        guard bound == 0, listen(fd, SOMAXCONN) == 0 else {
            let code = errno
            close(fd)
            throw .bindFailed(host: host, port: port, errno: code, reason: FileIO.errorText(code))
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let boundPort: UInt16 = withUnsafePointer(to: &storage) { pointer in
            family == AF_INET
                ? pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
                : pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
        }
        self.host = host
        self.port = Int(boundPort)
        self.baseURL = ListenSocket.baseURL(scheme: scheme, host: host, port: Int(boundPort))
        self.descriptor = Atomic(fd)
    }

    /// Binds the address and port a configuration names.
    package convenience init(_ configuration: ServerConfiguration) throws(ServerError) {
        try self.init(host: configuration.host, port: configuration.port, scheme: configuration.scheme)
    }

    /// Hands the descriptor over (to libmicrohttpd, which closes it); nil when it was already taken.
    func take() -> Int32? {
        let fd = descriptor.exchange(-1, ordering: .acquiringAndReleasing)
        return fd >= 0 ? fd : nil
    }

    deinit {
        let fd = descriptor.load(ordering: .acquiring)
        if fd >= 0 { close(fd) }
    }

    /// `127.0.0.1:8080`, `[::1]:8080`.
    static func display(host: String, port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// The URL clients use: a wildcard address is reached through loopback.
    static func baseURL(scheme: String = "http", host: String, port: Int) -> String {
        switch host {
        case "0.0.0.0": "\(scheme)://127.0.0.1:\(port)"
        case "::", "::0": "\(scheme)://[::1]:\(port)"
        default: "\(scheme)://\(display(host: host, port: port))"
        }
    }
}
