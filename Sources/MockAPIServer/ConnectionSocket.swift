import CMicroHTTPD
import Glibc

/// What mockapi asks of a connection's socket directly: who is on the other end, and an abortive close.
enum ConnectionSocket {
    /// Whether the connection's peer is on this machine: 127.0.0.0/8, ::1, or an IPv4-mapped 127.x address.
    static func peerIsLoopback(_ connection: OpaquePointer) -> Bool {
        guard let address = mockapi_mhd_client_address(connection) else { return false }
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let ipv4 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self)
            return UInt32(bigEndian: ipv4.sin_addr.s_addr) >> 24 == 127
        case AF_INET6:
            let ipv6 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self)
            let bytes = withUnsafeBytes(of: ipv6.sin6_addr) { Array($0) }
            let loopback: [UInt8] = Array(repeating: 0, count: 15) + [1]
            let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
            return bytes == loopback || (bytes.prefix(12).elementsEqual(mappedPrefix) && bytes[12] == 127)
        default:
            return false
        }
    }

    /// Aborts the connection with a TCP reset (RST) now, before libmicrohttpd closes it (for the `reset` fault): the
    /// access handler then returns MHD_NO. A zero SO_LINGER alone is not enough: libmicrohttpd calls shutdown(SHUT_WR)
    /// before close(), which sends a FIN first, and the client would read a clean end of stream. On Linux, connecting
    /// a TCP socket to AF_UNSPEC disconnects it, sending RST to the peer; libmicrohttpd's shutdown and close that
    /// follow act on an unconnected socket.
    static func reset(_ connection: OpaquePointer) {
        let socket = mockapi_mhd_connection_fd(connection)
        guard socket >= 0 else { return }
        var abortOnClose = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(socket, SOL_SOCKET, SO_LINGER, &abortOnClose, socklen_t(MemoryLayout<linger>.size))
        var unspecified = sockaddr()
        unspecified.sa_family = sa_family_t(AF_UNSPEC)
        _ = connect(socket, &unspecified, socklen_t(MemoryLayout<sockaddr>.size))
    }
}
