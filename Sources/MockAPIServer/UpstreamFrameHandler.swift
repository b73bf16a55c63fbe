import MockAPICore
import NIOCore
import NIOWebSocket

/// The last handler of the recorder's connection to a WebSocket upstream (after NIO's frame decoder and
/// ``NIOWebSocketFrameAggregator``): turns whole frames into ``UpstreamWebSocketEvent``s, answers pings, takes part in
/// the closing handshake, and ends the conversation itself on a malformed frame (close `1002`), text that is not UTF-8
/// (`1007`) or a message over the limit (`1009`). Lives on the channel's event loop; ``UpstreamWebSocketConnection``
/// reaches it there.
final class UpstreamFrameHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let continuation: AsyncStream<UpstreamWebSocketEvent>.Continuation
    private let maximumMessageBytes: Int
    /// How long a close frame sent waits for the other end's before the connection is dropped.
    private let closeWait: TimeAmount
    private var context: ChannelHandlerContext?
    private var closeSent = false
    private var ended = false

    init(continuation: AsyncStream<UpstreamWebSocketEvent>.Continuation, maximumMessageBytes: Int,
         closeWait: TimeAmount = .seconds(5)) {
        self.continuation = continuation
        self.maximumMessageBytes = maximumMessageBytes
        self.closeWait = closeWait
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        end(UpstreamWebSocketEnding(code: nil))
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        let arrived = ContinuousClock.now
        switch frame.opcode {
        case .text:
            let bytes = Array(buffer: frame.unmaskedData)
            guard String(validating: bytes, as: UTF8.self) != nil else {
                return fail(code: WebSocketCloseCode.invalidData, reason: "a text message that is not UTF-8")
            }
            if !closeSent { continuation.yield(.message(.text(bytes), at: arrived)) }
        case .binary:
            if !closeSent { continuation.yield(.message(.binary(Array(buffer: frame.unmaskedData)), at: arrived)) }
        case .ping:
            guard !closeSent else { return }
            write(WebSocketFrame(fin: true, opcode: .pong, maskKey: maskKey, data: frame.unmaskedData), context: context)
        case .pong:
            break
        case .connectionClose:
            var payload = frame.unmaskedData
            // No code in the frame: RFC 6455's 1005, "no status received".
            let code = payload.readInteger(as: UInt16.self) ?? WebSocketCloseCode.noStatus
            let reason = payload.readString(length: payload.readableBytes) ?? ""
            // Told first: closing the channel (below, or once the echo is written) ends it abruptly otherwise.
            end(UpstreamWebSocketEnding(code: code, reason: reason, at: arrived))
            if closeSent {
                // The answer to ours: the closing handshake is complete.
                context.close(promise: nil)
            } else {
                closeSent = true
                let echo = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: maskKey, data: closePayload(code: code, reason: ""))
                let channel = context.channel
                context.writeAndFlush(wrapOutboundOut(echo)).whenComplete { _ in channel.close(promise: nil) }
            }
        default:
            fail(code: WebSocketCloseCode.protocolError, reason: "an unexpected \(frame.opcode) frame")
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case NIOWebSocketError.invalidFrameLength, NIOWebSocketFrameAggregator.Error.accumulatedFrameSizeIsTooLarge,
            NIOWebSocketFrameAggregator.Error.tooManyFragments:
            fail(code: WebSocketCloseCode.messageTooBig, reason: "a message over mockapi's limit of \(maximumMessageBytes) bytes")
        case is NIOWebSocketError, is NIOWebSocketFrameAggregator.Error:
            fail(code: WebSocketCloseCode.protocolError, reason: "a malformed frame (\(error))")
        default:
            // The connection failed (reset, TLS): it ends abruptly.
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        end(UpstreamWebSocketEnding(code: nil))
        context.fireChannelInactive()
    }

    /// Sends one message (from the client, through the recorder); nothing once a close frame went out.
    func send(_ message: WebSocketMessage) {
        guard let context, !closeSent else { return }
        let frame = WebSocketFrame(
            fin: true, opcode: message.isBinary ? .binary : .text, maskKey: maskKey,
            data: context.channel.allocator.buffer(bytes: message.bytes))
        write(frame, context: context)
    }

    /// Starts the closing handshake; the connection is closed when the upstream answers, or after ``closeWait``.
    func close(code: UInt16, reason: String) {
        guard let context, !closeSent else { return }
        closeSent = true
        let frame = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: maskKey, data: closePayload(code: code, reason: reason))
        context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
        context.eventLoop.assumeIsolated().scheduleTask(in: closeWait) { [weak self] in
            self?.context?.close(promise: nil)
        }
    }

    /// Ends the connection at once, without a close frame.
    func drop() {
        closeSent = true
        context?.close(promise: nil)
    }

    /// Ends the conversation from this end: the close frame goes out, the connection closes once it is sent.
    private func fail(code: UInt16, reason: String) {
        guard let context else { return }
        end(UpstreamWebSocketEnding(code: code, reason: reason, byRecorder: true))
        if !closeSent {
            closeSent = true
            let frame = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: maskKey, data: closePayload(code: code, reason: reason))
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(frame)).whenComplete { _ in channel.close(promise: nil) }
        } else {
            context.close(promise: nil)
        }
    }

    private func end(_ ending: UpstreamWebSocketEnding) {
        guard !ended else { return }
        ended = true
        continuation.yield(.closed(ending))
        continuation.finish()
    }

    private func write(_ frame: WebSocketFrame, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }

    /// A client masks every frame it sends (RFC 6455 §5.1).
    private var maskKey: WebSocketMaskingKey? { .random() }

    /// A close frame's payload: the code, then the reason cut to fit the 125 bytes of a control frame. Code 1005 (none
    /// received) is never sent: its frame is empty.
    private func closePayload(code: UInt16, reason: String) -> ByteBuffer {
        var buffer = ByteBuffer()
        guard code != WebSocketCloseCode.noStatus else { return buffer }
        buffer.writeInteger(code)
        buffer.writeString(WebSocketCloseCode.fitting(reason))
        return buffer
    }
}
