import MockAPICore
import NIOCore
import NIOWebSocket

/// The recorder's open conversation with a WebSocket upstream, over a NIO channel that speaks frames: messages joined
/// from their fragments up to the size limit, pings answered here. Waiting for the next message holds no thread: the
/// channel's event loop feeds ``events``.
final class UpstreamWebSocketConnection: UpstreamWebSocket {
    let events: AsyncStream<UpstreamWebSocketEvent>
    private let handler: NIOLoopBound<UpstreamFrameHandler>

    /// Adds NIO's fragment aggregator and the frame handler to `channel`, whose pipeline already decodes and encodes
    /// frames; call on its event loop.
    /// - Parameter maximumMessageBytes: the largest message accepted, joined; a larger one closes with `1009`.
    init(channel: any Channel, maximumMessageBytes: Int) throws {
        let (events, continuation) = AsyncStream.makeStream(of: UpstreamWebSocketEvent.self)
        let handler = UpstreamFrameHandler(continuation: continuation, maximumMessageBytes: maximumMessageBytes)
        try channel.pipeline.syncOperations.addHandlers([
            NIOWebSocketFrameAggregator(
                minNonFinalFragmentSize: 0, maxAccumulatedFrameCount: UpstreamWebSocketConnection.maximumFragments,
                maxAccumulatedFrameSize: maximumMessageBytes),
            handler,
        ])
        self.events = events
        self.handler = NIOLoopBound(handler, eventLoop: channel.eventLoop)
    }

    /// The most fragments one message may come in.
    static let maximumFragments = 1 << 16

    func send(_ message: WebSocketMessage) {
        run { $0.send(message) }
    }

    func close(code: UInt16, reason: String) {
        run { $0.close(code: code, reason: reason) }
    }

    func drop() {
        run { $0.drop() }
    }

    private func run(_ body: @escaping @Sendable (UpstreamFrameHandler) -> Void) {
        let handler = self.handler
        handler.eventLoop.execute { body(handler.value) }
    }
}
