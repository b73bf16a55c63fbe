/// The seam between the engine and a WebSocket conversation (replayed, or relayed while recording), in the terms of
/// messages: the engine (Sources/MockAPIServer) reads and writes the frames, reassembles fragmented messages, answers
/// pings, checks text for UTF-8 and messages against the size limit; a ``WebSocketHandler`` decides what to say.

/// One whole WebSocket message: its frame kind and its payload (reassembled from its fragments).
package enum WebSocketMessage: Sendable, Equatable {
    /// A text message: its UTF-8 bytes (the engine checked them).
    case text([UInt8])
    case binary([UInt8])

    package var bytes: [UInt8] {
        switch self {
        case .text(let bytes), .binary(let bytes): bytes
        }
    }

    package var isBinary: Bool {
        if case .binary = self { return true }
        return false
    }
}

/// How a conversation ended, as the engine saw it.
package enum WebSocketEnding: Sendable, Equatable {
    /// The client sent a close frame (`code` nil when it carried none); the engine answered it and closed.
    case clientClosed(code: UInt16?, reason: String)
    /// The handler closed (``WebSocketPeer/close(code:reason:)``) with this code and reason.
    case serverClosed(code: UInt16, reason: String)
    /// The handler dropped the connection without a close frame (``WebSocketPeer/drop()``).
    case serverDropped
    /// The connection ended without a close frame from the client (it went away, or its socket failed).
    case clientWentAway
    /// The client broke the protocol and the engine closed with `code`: 1002 (a malformed frame), 1007 (text that is
    /// not UTF-8), 1009 (a message over the size limit); or, before any frame, 400: the request was no WebSocket
    /// handshake (no key, another version), so the handler was never started.
    case refused(code: UInt16, reason: String)
    /// The server stopped (close code 1001 sent).
    case serverStopped
}

/// The engine's side of one upgraded connection, handed to the ``WebSocketHandler``. Every method may be called from
/// any thread, never blocks, and does nothing once the connection is closing.
package protocol WebSocketPeer: AnyObject, Sendable {
    /// Sends one message as one frame of its kind.
    func send(_ message: WebSocketMessage)
    /// Sends a close frame with `code` and `reason` (cut to 123 bytes of UTF-8), then closes the connection once the
    /// client answers it (or after a short wait).
    func close(code: UInt16, reason: String)
    /// Ends the connection at once, without a close frame (an abrupt end, as recorded).
    func drop()
    /// Runs `action` after `delay` on the connection's event loop, holding no thread while it waits; never runs it
    /// once the connection has ended.
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void)
}

/// What runs a conversation: told, one call at a time on the connection's event loop, that it started, each message
/// the client sends, and how it ended. Must not block. An object: a request holds it until its conversation starts.
package protocol WebSocketHandler: AnyObject, Sendable {
    /// The upgrade is done and the connection is open: `peer` sends, closes and schedules.
    func started(_ peer: any WebSocketPeer)
    /// A whole message from the client.
    func received(_ message: WebSocketMessage, peer: any WebSocketPeer)
    /// The conversation is over; called once, last.
    func ended(_ ending: WebSocketEnding)
}

/// A reply that switches the connection to WebSocket: the engine answers `101 Switching Protocols` with `headers`
/// (framing headers and any `Upgrade`, `Connection` and `Sec-WebSocket-Accept` left out: it sets those itself, the
/// accept value computed from the client's `Sec-WebSocket-Key`; `Sec-WebSocket-Extensions` left out too: the engine
/// implements no extension, so none is ever negotiated), then runs `handler` over the connection. A request
/// that is not a WebSocket handshake (no key, or a version other than 13) gets `400`: `handler` is never started, and
/// is told ``WebSocketEnding/refused(code:reason:)`` with 400.
package struct WebSocketUpgrade: Sendable {
    package var headers: HTTPHeaders
    package var handler: any WebSocketHandler

    package init(headers: HTTPHeaders, handler: any WebSocketHandler) {
        self.headers = headers
        self.handler = handler
    }

    /// Header names the engine sets itself on the `101` (or, for extensions, never sends), lower-case.
    package static let engineHeaders: Set<String> = [
        "upgrade", "connection", "sec-websocket-accept", "sec-websocket-extensions",
    ]
}

/// Close codes the engine and replay use (RFC 6455, section 7.4.1).
package enum WebSocketCloseCode {
    package static let normal: UInt16 = 1000
    package static let goingAway: UInt16 = 1001
    package static let protocolError: UInt16 = 1002
    package static let invalidData: UInt16 = 1007
    package static let policyViolation: UInt16 = 1008
    package static let messageTooBig: UInt16 = 1009
    /// A close frame without a code (RFC 6455's "no status received"): how a recording notes one; sent as an empty
    /// close frame, never as a code.
    package static let noStatus: UInt16 = 1005

    /// `reason` cut to what a close frame holds (123 bytes of UTF-8), at a character boundary.
    package static func fitting(_ reason: String) -> String {
        guard reason.utf8.count > 123 else { return reason }
        var cut = ""
        for character in reason {
            guard cut.utf8.count + String(character).utf8.count <= 123 else { break }
            cut.append(character)
        }
        return cut
    }
}
