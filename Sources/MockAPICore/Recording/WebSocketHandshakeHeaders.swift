/// The header fields of a WebSocket handshake as they cross the recording proxy.
package enum WebSocketHandshakeHeaders {
    /// Fields the WebSocket client on each hop sets itself: the key and version (a fresh key per connection) and the
    /// extensions (none is offered upstream: frames are relayed as they are, uncompressed).
    package static let perHopFields: Set<String> = ["sec-websocket-key", "sec-websocket-version", "sec-websocket-extensions"]

    /// Whether a request asks to become a WebSocket conversation: a `GET` whose `Upgrade` names `websocket`.
    package static func isUpgrade(method: String, _ headers: HTTPHeaders) -> Bool {
        guard method.equalsIgnoringASCIICase("GET") else { return false }
        return headers.values("upgrade").contains { value in
            value.split(separator: ",").contains { $0.trimmingSpaces().equalsIgnoringASCIICase("websocket") }
        }
    }

    /// What keeps a request that asks for an upgrade from being a WebSocket handshake the server engine can accept (RFC
    /// 6455 §4.2.1): no `Sec-WebSocket-Key`, or a `Sec-WebSocket-Version` other than 13; nil when there is nothing.
    package static func problem(in headers: HTTPHeaders) -> String? {
        if (headers["sec-websocket-key"] ?? "").trimmingSpaces().isEmpty { return "the handshake has no Sec-WebSocket-Key" }
        if headers["sec-websocket-version"]?.trimmingSpaces() != "13" { return "the handshake's Sec-WebSocket-Version is not 13" }
        return nil
    }

    /// The client's handshake fields as sent upstream and recorded: as for any proxied request (connection fields
    /// dropped, `Host` the upstream's), and without the per-hop WebSocket fields. `Sec-WebSocket-Protocol` is kept.
    package static func forwarded(_ headers: HTTPHeaders) -> HTTPHeaders {
        ProxyHeaders.forwarded(headers).keeping { field in
            !perHopFields.contains { field.name.equalsIgnoringASCIICase($0) }
        }
    }

    /// The upstream's `101` fields as recorded and as the client gets them: all of them but `Sec-WebSocket-Accept`,
    /// which answers one connection's key (the server engine computes it anew from the client's), and the extensions.
    package static func upgraded(_ headers: HTTPHeaders) -> HTTPHeaders {
        headers.keeping { field in
            !field.name.equalsIgnoringASCIICase("sec-websocket-accept")
                && !field.name.equalsIgnoringASCIICase("sec-websocket-extensions")
        }
    }

    /// The subprotocol the upstream chose (its `101`'s `Sec-WebSocket-Protocol`); nil when none.
    package static func subprotocol(in headers: HTTPHeaders) -> String? {
        guard let value = headers["sec-websocket-protocol"]?.trimmingSpaces(), !value.isEmpty else { return nil }
        return value
    }

    /// `ws://host/path` for `http://host/path`, `wss://` for `https://`: the upstream's URL for a conversation.
    package static func webSocketURL(_ url: String) -> String {
        if url.lowercased().hasPrefix("https://") { return "wss://" + url.dropFirst("https://".count) }
        if url.lowercased().hasPrefix("http://") { return "ws://" + url.dropFirst("http://".count) }
        return url
    }
}
