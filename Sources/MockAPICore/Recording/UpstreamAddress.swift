/// Where a connection to an upstream URL goes, for clients that open their own connections (the WebSocket client):
/// the URL's scheme, host and port, the `Host` value, and the request target.
package struct UpstreamAddress: Sendable, Equatable {
    /// `https` and `wss`: TLS.
    package var secure: Bool
    /// The host name or address, IPv6 without its brackets.
    package var host: String
    package var port: Int
    /// The authority as the URL writes it (`api.example.com`, `127.0.0.1:8080`, `[::1]:8080`): the `Host` field.
    package var authority: String
    /// The path and query: `/v1/realtime?model=x` (`/` when the URL has no path).
    package var target: String

    /// Reads an `http`, `https`, `ws` or `wss` URL; nil for anything else, or a port that is not a number.
    package init?(url: String) {
        let lower = url.lowercased()
        let schemes: [(prefix: String, secure: Bool, port: Int)] = [
            ("https://", true, 443), ("wss://", true, 443), ("http://", false, 80), ("ws://", false, 80),
        ]
        guard let scheme = schemes.first(where: { lower.hasPrefix($0.prefix) }) else { return nil }
        let rest = url.dropFirst(scheme.prefix.count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        let afterAuthority = rest.dropFirst(authority.count)
        target = afterAuthority.hasPrefix("/") ? String(afterAuthority) : "/" + afterAuthority
        self.authority = String(authority)
        secure = scheme.secure
        var hostPart = Substring(authority)
        var portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { portPart = after.dropFirst() } else if !after.isEmpty { return nil }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        }
        host = String(hostPart)
        if let portPart {
            guard let number = Int(portPart), (1...65535).contains(number) else { return nil }
            port = number
        } else {
            port = scheme.port
        }
    }
}
