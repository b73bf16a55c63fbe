/// Opens WebSocket conversations with the real API for the recorder. Implemented over SwiftNIO in `MockAPIServer`.
package protocol WebSocketUpstream: Sendable {
    /// Sends the handshake (``UpstreamRequest/url`` is `ws://` or `wss://`; the headers are the client's, without the
    /// key and version, which this sets) and waits for the answer.
    func open(_ request: UpstreamRequest) async throws(UpstreamError) -> UpstreamHandshake
}

/// The upstream's answer to a WebSocket handshake.
package enum UpstreamHandshake: Sendable {
    /// `101 Switching Protocols`: its head (``UpstreamResponse/body`` empty), the open conversation, and when the
    /// head arrived (the conversation's time zero).
    case upgraded(UpstreamResponse, any UpstreamWebSocket, at: ContinuousClock.Instant)
    /// Any other answer (a `403`, a `404`), complete: recorded and relayed like any answer.
    case refused(UpstreamResponse)
}

/// The upstream's end of a conversation the recorder relays, as whole messages: fragments already joined, pings
/// answered where the socket is (never seen here).
package protocol UpstreamWebSocket: Sendable {
    /// What the upstream sends, in order; ends after ``UpstreamWebSocketEvent/closed(_:)``, which always comes once.
    var events: AsyncStream<UpstreamWebSocketEvent> { get }
    /// Sends one message as one frame of its kind.
    func send(_ message: WebSocketMessage)
    /// Sends a close frame with `code` and `reason` and closes the connection once the upstream answers it (or after
    /// a short wait). Later calls do nothing.
    func close(code: UInt16, reason: String)
    /// Ends the connection at once, without a close frame.
    func drop()
}

/// What arrives from the upstream, stamped when it arrived.
package enum UpstreamWebSocketEvent: Sendable, Equatable {
    /// A whole message (text checked for UTF-8).
    case message(WebSocketMessage, at: ContinuousClock.Instant)
    /// The end of the upstream's part.
    case closed(UpstreamWebSocketEnding)
}

/// How the upstream's part of a conversation ended.
package struct UpstreamWebSocketEnding: Sendable, Equatable {
    /// The close frame's code (1005 for a close frame without one); nil when the connection ended without a close
    /// frame (an abrupt end).
    package var code: UInt16?
    /// The close frame's reason; empty when it had none.
    package var reason: String
    package var at: ContinuousClock.Instant
    /// Set when the recorder ended it, not the upstream: a message over the size limit (close `1009` sent), a
    /// malformed frame (`1002`) or text that is not UTF-8 (`1007`); `code` and `reason` are what was sent.
    package var byRecorder: Bool

    package init(code: UInt16?, reason: String = "", at: ContinuousClock.Instant = .now, byRecorder: Bool = false) {
        self.code = code
        self.reason = reason
        self.at = at
        self.byRecorder = byRecorder
    }
}
