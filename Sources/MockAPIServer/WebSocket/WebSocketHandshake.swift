import CGnuTLS
import CMicroHTTPD
import MockAPICore

/// The server's half of the WebSocket opening handshake (RFC 6455, section 4.2.2): checks the client's headers and
/// computes `Sec-WebSocket-Accept`.
enum WebSocketHandshake {
    /// The GUID the accept value is computed with (RFC 6455, section 1.3).
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// Base64 of the SHA-1 of the client's key and the GUID (SHA-1 from GnuTLS, which libmicrohttpd links); nil
    /// when hashing fails.
    static func accept(forKey key: String) -> String? {
        let input = Array((key + guid).utf8)
        var digest = [UInt8](repeating: 0, count: 20)
        let result = input.withUnsafeBytes { source in
            digest.withUnsafeMutableBytes { target in
                gnutls_hash_fast(GNUTLS_DIG_SHA1, source.baseAddress, source.count, target.baseAddress)
            }
        }
        return result == 0 ? Base64.encode(digest) : nil
    }

    /// The accept value for a connection's handshake, or why it is not one a WebSocket server can accept.
    static func accept(for connection: OpaquePointer) -> Result<String, Refusal> {
        let key = value(connection, "Sec-WebSocket-Key") ?? ""
        guard !key.isEmpty else { return .failure(Refusal("the handshake has no Sec-WebSocket-Key")) }
        guard value(connection, "Sec-WebSocket-Version") == "13" else {
            return .failure(Refusal("the handshake's Sec-WebSocket-Version is not 13"))
        }
        guard let upgrade = value(connection, "Upgrade"), upgrade.lowercased().contains("websocket") else {
            return .failure(Refusal("the handshake has no Upgrade: websocket"))
        }
        guard let accept = accept(forKey: key) else { return .failure(Refusal("SHA-1 failed")) }
        return .success(accept)
    }

    struct Refusal: Error {
        /// What is wrong, for the journal.
        let reason: String
        /// The 400 answer's body.
        var message: String { "mockapi: not a WebSocket handshake: \(reason)\n" }
        init(_ reason: String) { self.reason = reason }
    }

    private static func value(_ connection: OpaquePointer, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, name).map { String(cString: $0) }
    }
}
