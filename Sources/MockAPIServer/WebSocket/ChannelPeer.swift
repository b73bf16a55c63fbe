import MockAPICore
import NIOCore
import NIOWebSocket

/// The ``WebSocketPeer`` of one upgraded connection: each call is carried to the connection's event loop (queued, so
/// a handler calling it from inside one of its own callbacks is never re-entered).
final class ChannelPeer: WebSocketPeer {
    private let handler: NIOLoopBound<WebSocketChannelHandler>

    init(handler: NIOLoopBound<WebSocketChannelHandler>) {
        self.handler = handler
    }

    func send(_ message: WebSocketMessage) {
        run { $0.send(message) }
    }

    func close(code: UInt16, reason: String) {
        run { $0.close(code: code, reason: reason) }
    }

    func drop() {
        run { $0.drop() }
    }

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) {
        run { $0.schedule(after: delay, action) }
    }

    /// The server is stopping: close with 1001 without waiting for the client's answer.
    func stopServer() {
        run { $0.stopServer() }
    }

    private func run(_ body: @escaping @Sendable (WebSocketChannelHandler) -> Void) {
        let handler = self.handler
        handler.eventLoop.execute { body(handler.value) }
    }
}

/// Hands the pipeline the bytes libmicrohttpd read past the handshake (a client that sent its first frame without
/// waiting for the 101) before anything read from the socket, then leaves the pipeline.
final class LeadingBytesHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func channelActive(context: ChannelHandlerContext) {
        context.fireChannelActive()
        context.fireChannelRead(wrapInboundOut(context.channel.allocator.buffer(bytes: bytes)))
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
