import Synchronization

/// Relays one WebSocket conversation between the client (the engine's ``WebSocketPeer``, after the `101`) and the
/// upstream (``UpstreamWebSocket``) while recording: each message is passed on as it arrives and noted, with its side
/// and its time since the upstream's `101`, and so is the close (code, reason, which side). Pings and pongs stay on
/// their own hop and are not noted.
///
/// Either side's close is passed on to the other (an abrupt end drops the other side's connection too). When the
/// server stops, both sides get `1001` and the conversation is noted as still open (no close). Once the client's
/// connection is over, `finished` gets the conversation and how it ended, once; not when the client's connection
/// never ran it (the client left before the `101` reached it): the upstream's connection is closed, nothing recorded.
package final class ConversationRelay: WebSocketHandler {
    private struct State {
        var messages: [(at: ContinuousClock.Instant, message: WebSocketConversation.Message)] = []
        var close: WebSocketConversation.Close?
        /// Whether the client's connection ran the conversation (else the client never had it: nothing to record).
        var started = false
        var done = false
    }

    private let upstream: any UpstreamWebSocket
    private let upgradedAt: ContinuousClock.Instant
    private let subprotocol: String?
    private let finished: @Sendable (WebSocketConversation, ConversationSummary.End) -> Void
    private let state = Mutex(State())

    /// The reason both sides get when the server stops mid-conversation.
    static let stoppingReason = "mockapi is stopping"

    /// - Parameters:
    ///   - upgradedAt: when the upstream's `101` arrived: time zero of the conversation.
    ///   - subprotocol: the one the upstream chose, noted with the conversation.
    package init(upstream: any UpstreamWebSocket, upgradedAt: ContinuousClock.Instant, subprotocol: String?,
                 finished: @escaping @Sendable (WebSocketConversation, ConversationSummary.End) -> Void) {
        self.upstream = upstream
        self.upgradedAt = upgradedAt
        self.subprotocol = subprotocol
        self.finished = finished
    }

    package func started(_ peer: any WebSocketPeer) {
        state.withLock { $0.started = true }
        // The upstream's messages go to the client as they come; the task waits holding no thread.
        Task { await self.relayUpstream(to: peer) }
    }

    package func received(_ message: WebSocketMessage, peer: any WebSocketPeer) {
        let at = ContinuousClock.now
        upstream.send(message)
        note(message, from: .client, at: at)
    }

    package func ended(_ ending: WebSocketEnding) {
        let atMs = milliseconds(to: .now)
        let end: ConversationSummary.End
        switch ending {
        case .clientClosed(let code, let reason):
            upstream.close(code: code ?? WebSocketCloseCode.noStatus, reason: reason)
            noteClose(.init(from: .client, atMs: atMs, code: code ?? WebSocketCloseCode.noStatus, reason: reason))
            end = .clientClosed(code: code, reason: reason)
        case .refused(let code, let reason):
            // The engine closed on the client's frames (a message over the limit, a malformed frame): the upstream is
            // told the same.
            upstream.close(code: code, reason: reason)
            noteClose(.init(from: .client, atMs: atMs, code: code, reason: reason))
            end = .refused(code: code, reason: reason)
        case .clientWentAway:
            upstream.drop()
            noteClose(.init(from: .client, atMs: atMs, code: nil))
            end = .clientWentAway
        case .serverClosed, .serverDropped:
            // The upstream's close (or abrupt end), passed on and noted by ``relayUpstream(to:)``.
            let close = state.withLock { $0.close }
            end = .upstreamClosed(code: close?.code, reason: close?.reason ?? "")
        case .serverStopped:
            upstream.close(code: WebSocketCloseCode.goingAway, reason: ConversationRelay.stoppingReason)
            end = .serverStopped
        }
        finish(end)
    }

    /// Passes the upstream's messages and its end on to the client, noting them.
    private func relayUpstream(to peer: any WebSocketPeer) async {
        for await event in upstream.events {
            switch event {
            case .message(let message, let at):
                peer.send(message)
                note(message, from: .server, at: at)
            case .closed(let ending):
                noteClose(.init(from: .server, atMs: milliseconds(to: ending.at), code: ending.code, reason: ending.reason))
                if let code = ending.code { peer.close(code: code, reason: ending.reason) } else { peer.drop() }
            }
        }
    }

    private func note(_ message: WebSocketMessage, from side: WebSocketConversation.Side, at: ContinuousClock.Instant) {
        let atMs = milliseconds(to: at)
        let noted = switch message {
        case .text(let bytes): WebSocketConversation.Message(from: side, atMs: atMs, text: bytes)
        case .binary(let bytes): WebSocketConversation.Message(from: side, atMs: atMs, binary: bytes)
        }
        state.withLock { state in
            guard !state.done, state.close == nil else { return }
            state.messages.append((at, noted))
        }
    }

    /// The first close noted is the conversation's.
    private func noteClose(_ close: WebSocketConversation.Close) {
        state.withLock { state in
            guard !state.done, state.close == nil else { return }
            state.close = close
        }
    }

    private func finish(_ end: ConversationSummary.End) {
        let noted = state.withLock { state -> State? in
            guard !state.done else { return nil }
            state.done = true
            return state
        }
        guard let noted, noted.started else { return }
        // The two sides are noted from different threads: ordered by arrival (equal instants keep their order).
        let messages = noted.messages.enumerated()
            .sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
            .map(\.element.message)
        finished(WebSocketConversation(subprotocol: subprotocol, messages: messages, close: noted.close), end)
    }

    /// Milliseconds from the upgrade to `instant`, to a hundredth; never negative.
    private func milliseconds(to instant: ContinuousClock.Instant) -> Double {
        let duration = upgradedAt.duration(to: instant)
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return max((ms * 100).rounded() / 100, 0)
    }
}
