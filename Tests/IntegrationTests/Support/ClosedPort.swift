import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP port on 127.0.0.1 that refuses connections, for transport errors the replay server cannot produce yet:
/// a socket is bound to it and never listens, so the kernel refuses every connection and no other test can start a
/// server on it meanwhile. Use it through ``withClosedPort(_:)``, which releases it afterwards.
struct ClosedPort: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let port: Int
    fileprivate let descriptor: Int32

    /// `http://127.0.0.1:<port>`
    var baseURL: URL {
        get throws {
            guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw Failure(description: "no URL for \(port)") }
            return url
        }
    }

    fileprivate static func open() throws -> ClosedPort {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let status = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 ? getsockname(descriptor, address, &length) : -1
            }
        }
        guard status == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(description: "bind() to 127.0.0.1:0 failed: errno \(code)")
        }
        return ClosedPort(port: Int(UInt16(bigEndian: address.sin_port)), descriptor: descriptor)
    }
}

/// Runs `body` with a port that refuses connections, and releases the port afterwards.
func withClosedPort<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: (ClosedPort) async throws -> T
) async throws -> T {
    let closed = try ClosedPort.open()
    defer { close(closed.descriptor) }
    return try await body(closed)
}
