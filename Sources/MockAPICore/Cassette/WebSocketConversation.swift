/// What followed a `101 Switching Protocols` answer to a WebSocket handshake: the messages both sides sent, in order,
/// each with its time since the upgrade, and how the conversation ended. Kept in an interaction's `webSocket` member;
/// the interaction's request is the handshake and its response the `101`.
package struct WebSocketConversation: Sendable, Equatable {
    /// Who sent a message or closed the conversation.
    package enum Side: String, Sendable, Hashable, CaseIterable {
        case client
        case server
    }

    /// One whole message (its fragments joined), as a text or a binary frame.
    package struct Message: Sendable, Equatable {
        package var from: Side
        /// Milliseconds since the upgrade.
        package var atMs: Double
        /// The payload: ``Body/binary(_:)`` for a binary frame; JSON, text or nothing for a text frame.
        package var body: Body

        /// A text frame's payload, which the caller has checked is UTF-8: stored as JSON when it is JSON whose bytes a
        /// known layout reproduces, as text otherwise.
        package init(from: Side, atMs: Double, text bytes: [UInt8]) {
            self.from = from
            self.atMs = atMs
            let body = Body(bytes: bytes)
            // Bytes that are not UTF-8 would come back as binary; a text frame keeps its kind (as text, not lossless,
            // which the caller's check rules out).
            if case .binary = body {
                self.body = .text(String(decoding: bytes, as: UTF8.self))
            } else {
                self.body = body
            }
        }

        /// A binary frame's payload.
        package init(from: Side, atMs: Double, binary bytes: [UInt8]) {
            self.from = from
            self.atMs = atMs
            self.body = .binary(bytes)
        }

        init(from: Side, atMs: Double, body: Body) {
            self.from = from
            self.atMs = atMs
            self.body = body
        }

        /// Whether it goes out as a binary frame (else a text frame).
        package var isBinary: Bool {
            if case .binary = body { return true }
            return false
        }

        /// The payload's bytes.
        package var bytes: [UInt8] { body.bytes }
    }

    /// How the conversation ended.
    package struct Close: Sendable, Equatable {
        package var from: Side
        /// Milliseconds since the upgrade.
        package var atMs: Double
        /// The close frame's status code; nil when the connection ended without a close frame.
        package var code: UInt16?
        package var reason: String

        package init(from: Side, atMs: Double, code: UInt16?, reason: String = "") {
            self.from = from
            self.atMs = atMs
            self.code = code
            self.reason = reason
        }
    }

    /// The subprotocol the server chose (`Sec-WebSocket-Protocol` of the `101`); nil when none.
    package var subprotocol: String?
    package var messages: [Message]
    /// Nil when the recording stopped with the conversation still open.
    package var close: Close?

    package init(subprotocol: String? = nil, messages: [Message] = [], close: Close? = nil) {
        self.subprotocol = subprotocol
        self.messages = messages
        self.close = close
    }

    /// How many messages `side` sent.
    package func count(from side: Side) -> Int {
        messages.reduce(0) { $0 + ($1.from == side ? 1 : 0) }
    }

    /// The same conversation with `transform` applied to each message's payload (redaction, URL rewriting); a text
    /// message stays text and a binary one binary.
    package func mapPayloads(_ transform: ([UInt8]) -> [UInt8]) -> WebSocketConversation {
        var copy = self
        copy.messages = messages.map { message in
            let bytes = transform(message.bytes)
            return message.isBinary
                ? Message(from: message.from, atMs: message.atMs, binary: bytes)
                : Message(from: message.from, atMs: message.atMs, text: bytes)
        }
        return copy
    }
}
