import MockAPICore
import NIOCore
import NIOWebSocket

/// The end of an upgraded connection's pipeline, after NIO's frame decoder and encoder: turns frames into whole
/// messages for the ``WebSocketHandler`` and its peer's calls into frames. Lives on the channel's event loop.
///
/// What it enforces of RFC 6455 beyond the decoder: client frames masked, no reserved bits (no extension is ever
/// negotiated), no unknown opcodes, fragments in order (1002); text in UTF-8 (1007); a message, whole or in fragments,
/// no larger than the limit (1009). It answers pings with pongs, and a client's close frame with its own.
final class WebSocketChannelHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// How long a close frame sent by the server waits for the client's answer before the connection is closed anyway.
    static let closeAnswerWait = TimeAmount.seconds(2)

    private let handler: any WebSocketHandler
    private let maxMessageBytes: Int
    private let eventLoop: any EventLoop
    private var context: ChannelHandlerContext?
    /// What the handler is given to act on the connection.
    private(set) lazy var peer = ChannelPeer(handler: NIOLoopBound(self, eventLoop: eventLoop))
    /// The fragments of a message still arriving, and its kind.
    private var pending: (binary: Bool, bytes: [UInt8])?
    /// Set once the conversation's end is known (a close frame sent or received, a refusal); what follows is ignored
    /// but the client's close.
    private var ending: WebSocketEnding?
    private var endedTold = false
    /// Actions scheduled by the handler, cancelled when the connection ends.
    private var scheduled: [Int: Scheduled<Void>] = [:]
    private var nextScheduled = 0

    init(handler: any WebSocketHandler, maxMessageBytes: Int, eventLoop: any EventLoop) {
        self.handler = handler
        self.maxMessageBytes = maxMessageBytes
        self.eventLoop = eventLoop
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func channelActive(context: ChannelHandlerContext) {
        handler.started(peer)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        tellEnded(ending ?? .clientWentAway)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // The decoder reads nothing more after an error, so the client's answering close frame would never be seen:
        // the connection is closed once the close frame is written.
        if let error = error as? NIOWebSocketError, error == .invalidFrameLength {
            refuse(WebSocketCloseCode.messageTooBig, "message larger than the server's limit of \(maxMessageBytes) bytes", closeNow: true)
        } else if error is NIOWebSocketError || error is ByteToMessageDecoderError {
            refuse(WebSocketCloseCode.protocolError, "malformed frame", closeNow: true)
        } else {
            // The socket failed (reset by the client): the connection is over.
            context.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if ending != nil {
            // Closing: only the client's answering close frame matters now.
            if frame.opcode == .connectionClose { context.close(promise: nil) }
            return
        }
        guard frame.maskKey != nil else { return refuse(WebSocketCloseCode.protocolError, "client frames must be masked") }
        guard !frame.rsv1, !frame.rsv2, !frame.rsv3 else {
            return refuse(WebSocketCloseCode.protocolError, "reserved bits set (no extension was negotiated)")
        }
        switch frame.opcode {
        case .text, .binary, .continuation:
            piece(frame)
        case .ping:
            write(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData))
        case .pong:
            break
        case .connectionClose:
            answerClose(frame)
        default:
            refuse(WebSocketCloseCode.protocolError, "unknown opcode \(frame.opcode)")
        }
    }

    /// A data frame: a whole message, or a fragment of one.
    private func piece(_ frame: WebSocketFrame) {
        let starts = frame.opcode != .continuation
        guard starts == (pending == nil) else {
            return refuse(WebSocketCloseCode.protocolError, starts ? "new message before the last one ended" : "continuation without a message")
        }
        var message = pending ?? (binary: frame.opcode == .binary, bytes: [])
        guard message.bytes.count + frame.length <= maxMessageBytes else {
            pending = nil
            return refuse(WebSocketCloseCode.messageTooBig, "message larger than the server's limit of \(maxMessageBytes) bytes")
        }
        var data = frame.unmaskedData
        message.bytes += data.readBytes(length: data.readableBytes) ?? []
        guard frame.fin else {
            pending = message
            return
        }
        pending = nil
        if message.binary {
            handler.received(.binary(message.bytes), peer: peer)
        } else if String(validating: message.bytes, as: UTF8.self) == nil {
            refuse(WebSocketCloseCode.invalidData, "text message not valid UTF-8")
        } else {
            handler.received(.text(message.bytes), peer: peer)
        }
    }

    /// The client's close frame: answered with the same code, then the connection is closed.
    private func answerClose(_ frame: WebSocketFrame) {
        var data = frame.unmaskedData
        let code = data.readableBytes >= 2 ? data.readInteger(as: UInt16.self) : nil
        let reason = data.readString(length: data.readableBytes) ?? ""
        ending = .clientClosed(code: code, reason: reason)
        sendClose(code: code, reason: "", thenClose: true)
    }

    /// Closes with `code` because of the client's frames.
    private func refuse(_ code: UInt16, _ reason: String, closeNow: Bool = false) {
        guard ending == nil else { return }
        ending = .refused(code: code, reason: reason)
        sendClose(code: code, reason: reason, thenClose: closeNow)
    }

    private func write(_ frame: WebSocketFrame, then: (@Sendable () -> Void)? = nil) {
        guard let context else { return }
        guard let then else { return context.writeAndFlush(wrapOutboundOut(frame), promise: nil) }
        let promise = context.eventLoop.makePromise(of: Void.self)
        promise.futureResult.whenComplete { _ in then() }
        context.writeAndFlush(wrapOutboundOut(frame), promise: promise)
    }

    /// Sends a close frame; closes the connection once it is written (`thenClose`) or once the client answers it (or
    /// after ``closeAnswerWait``).
    private func sendClose(code: UInt16?, reason: String, thenClose: Bool) {
        guard let context else { return }
        var data = context.channel.allocator.buffer(capacity: 125)
        // 1005 stands for a close frame without a code (as recorded); it is never sent as a code.
        if let code, code != WebSocketCloseCode.noStatus {
            data.writeInteger(code)
            data.writeString(WebSocketCloseCode.fitting(reason))
        }
        let channel = context.channel
        if thenClose {
            write(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)) { channel.close(promise: nil) }
        } else {
            write(WebSocketFrame(fin: true, opcode: .connectionClose, data: data))
            context.eventLoop.scheduleTask(in: Self.closeAnswerWait) { channel.close(promise: nil) }
        }
    }

    private func tellEnded(_ ending: WebSocketEnding) {
        guard !endedTold else { return }
        endedTold = true
        for task in scheduled.values { task.cancel() }
        scheduled = [:]
        context = nil
        handler.ended(ending)
    }

    // MARK: what the peer asks for, on the event loop

    func send(_ message: WebSocketMessage) {
        guard ending == nil, let context else { return }
        var data = context.channel.allocator.buffer(capacity: message.bytes.count)
        data.writeBytes(message.bytes)
        write(WebSocketFrame(fin: true, opcode: message.isBinary ? .binary : .text, data: data))
    }

    func close(code: UInt16, reason: String) {
        guard ending == nil else { return }
        ending = .serverClosed(code: code, reason: WebSocketCloseCode.fitting(reason))
        sendClose(code: code, reason: reason, thenClose: false)
    }

    func drop() {
        guard !endedTold, let context else { return }
        if ending == nil { ending = .serverDropped }
        context.close(promise: nil)
    }

    /// The server is stopping: a close frame with 1001, and the connection closed without waiting for the answer.
    func stopServer() {
        guard !endedTold, let context else { return }
        if ending == nil {
            ending = .serverStopped
            sendClose(code: WebSocketCloseCode.goingAway, reason: "server stopping", thenClose: true)
        } else {
            context.close(promise: nil)
        }
    }

    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) {
        guard !endedTold, let context else { return }
        let number = nextScheduled
        nextScheduled += 1
        let parts = delay.components
        let nanoseconds = max(0, parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000)
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        scheduled[number] = context.eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) {
            guard bound.value.scheduled.removeValue(forKey: number) != nil else { return }
            action()
        }
    }
}
