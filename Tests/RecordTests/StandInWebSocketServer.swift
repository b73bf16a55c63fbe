import Foundation
import MockAPIServer
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
import Synchronization

/// A stand-in WebSocket API on 127.0.0.1 (port 0), built on NIO's own server upgrader and frame codec: it accepts
/// handshakes (or refuses them all with the status the test gives), answers each message by the test's script, and
/// remembers every handshake and message it received.
final class StandInWebSocketServer: Sendable {
    /// What the script is told.
    enum Incoming: Sendable, Equatable {
        /// The conversation opened.
        case open
        case text(String)
        case binary([UInt8])
        case close(code: UInt16?, reason: String)
    }

    /// What the script has the server do, in order.
    enum Outgoing: Sendable {
        case text(String)
        case binary([UInt8])
        /// One text message in these fragments.
        case fragments([String])
        case close(code: UInt16, reason: String)
        /// The connection closed without a close frame.
        case drop
    }

    /// A refusal of every handshake.
    struct Refusal: Sendable {
        var status: HTTPResponseStatus
        var body: String
    }

    private let channel: any Channel
    let log = Log()
    /// `http://127.0.0.1:PORT`, or `https://` with TLS: the URL a recorder takes as `--upstream`.
    let url: String

    /// - Parameters:
    ///   - subprotocol: chosen from the client's `Sec-WebSocket-Protocol` when it offers it.
    ///   - tls: serve `wss` with this certificate and key.
    init(subprotocol: String? = nil, refusing refusal: Refusal? = nil, tls: TLSMaterial? = nil,
         script: @escaping @Sendable (Incoming) -> [Outgoing]) async throws {
        let log = self.log
        let sslContext = try tls.map { material in
            try NIOSSLContext(configuration: .makeServerConfiguration(
                certificateChain: [.certificate(NIOSSLCertificate(bytes: Array(material.certificatePEM.utf8), format: .pem))],
                privateKey: .privateKey(NIOSSLPrivateKey(bytes: Array(material.privateKeyPEM.utf8), format: .pem))))
        }
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let sslContext { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: sslContext)) }
                    let upgrader = NIOWebSocketServerUpgrader(
                        maxFrameSize: 1 << 24, automaticErrorHandling: true,
                        shouldUpgrade: { channel, head in
                            log.handshakes.withLock { $0.append(head) }
                            guard refusal == nil else { return channel.eventLoop.makeSucceededFuture(nil) }
                            var headers = HTTPHeaders()
                            let offered = head.headers["Sec-WebSocket-Protocol"].flatMap { $0.split(separator: ",") }
                                .map { $0.trimmingCharacters(in: .whitespaces) }
                            if let subprotocol, offered.contains(subprotocol) { headers.add(name: "Sec-WebSocket-Protocol", value: subprotocol) }
                            headers.add(name: "X-Stand-In", value: "ws")
                            return channel.eventLoop.makeSucceededFuture(headers)
                        },
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture {
                                try channel.pipeline.syncOperations.addHandler(ScriptHandler(script: script, log: log))
                            }
                        })
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
                    // Only where nothing is upgraded: after an upgrade, frames pass where HTTP parts did.
                    if let refusal { try channel.pipeline.syncOperations.addHandler(RefusalHandler(refusal: refusal)) }
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        url = (tls == nil ? "http" : "https") + "://127.0.0.1:\(channel.localAddress?.port ?? 0)"
    }

    func stop() async {
        try? await channel.close()
    }

    final class Log: Sendable {
        let handshakes = Mutex<[HTTPRequestHead]>([])
        let received = Mutex<[Incoming]>([])
        /// One element each time an upgraded connection has closed.
        let closedConnections: AsyncStream<Void>
        fileprivate let closing: AsyncStream<Void>.Continuation

        init() {
            (closedConnections, closing) = AsyncStream.makeStream()
        }
    }

    /// Waits until an upgraded connection has closed (what it received by then is in the log).
    func connectionClosed() async {
        var closed = log.closedConnections.makeAsyncIterator()
        _ = await closed.next()
    }

    /// Answers a handshake the server did not upgrade.
    private final class RefusalHandler: ChannelInboundHandler, Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let refusal: Refusal

        init(refusal: Refusal) { self.refusal = refusal }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = unwrapInboundIn(data) else { return }
            let body = context.channel.allocator.buffer(string: refusal.body)
            let head = HTTPResponseHead(
                version: .http1_1, status: refusal.status,
                headers: ["Content-Type": "application/json", "Content-Length": "\(body.readableBytes)", "Connection": "close"])
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { [channel = context.channel] _ in channel.close(promise: nil) }
        }
    }

    /// Runs the script over an upgraded connection.
    private final class ScriptHandler: ChannelInboundHandler {
        typealias InboundIn = WebSocketFrame
        typealias OutboundOut = WebSocketFrame
        let script: @Sendable (Incoming) -> [Outgoing]
        let log: Log
        var fragments: ByteBuffer?
        var fragmentsAreBinary = false
        var closeSent = false

        init(script: @escaping @Sendable (Incoming) -> [Outgoing], log: Log) {
            self.script = script
            self.log = log
        }

        func handlerAdded(context: ChannelHandlerContext) {
            perform(script(.open), context: context)
        }

        func channelInactive(context: ChannelHandlerContext) {
            log.closing.yield()
            context.fireChannelInactive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            switch frame.opcode {
            case .text, .binary:
                deliver(frame.unmaskedData, binary: frame.opcode == .binary, fin: frame.fin, context: context)
            case .continuation:
                deliver(frame.unmaskedData, binary: fragmentsAreBinary, fin: frame.fin, context: context)
            case .connectionClose:
                var payload = frame.unmaskedData
                let code = payload.readInteger(as: UInt16.self)
                let reason = payload.readString(length: payload.readableBytes) ?? ""
                log.received.withLock { $0.append(.close(code: code, reason: reason)) }
                guard !closeSent else { return context.close(promise: nil) }
                closeSent = true
                var echo = context.channel.allocator.buffer(capacity: 2)
                if let code { echo.writeInteger(code) }
                context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: echo)))
                    .whenComplete { [channel = context.channel] _ in channel.close(promise: nil) }
            default:
                break
            }
        }

        private func deliver(_ piece: ByteBuffer, binary: Bool, fin: Bool, context: ChannelHandlerContext) {
            var whole = fragments ?? context.channel.allocator.buffer(capacity: piece.readableBytes)
            var piece = piece
            whole.writeBuffer(&piece)
            guard fin else {
                if fragments == nil { fragmentsAreBinary = binary }
                fragments = whole
                return
            }
            fragments = nil
            let bytes = Array(buffer: whole)
            let incoming: Incoming = binary ? .binary(bytes) : .text(String(decoding: bytes, as: UTF8.self))
            log.received.withLock { $0.append(incoming) }
            perform(script(incoming), context: context)
        }

        private func perform(_ actions: [Outgoing], context: ChannelHandlerContext) {
            let allocator = context.channel.allocator
            for action in actions {
                switch action {
                case .text(let text):
                    context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: allocator.buffer(string: text))), promise: nil)
                case .binary(let bytes):
                    context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .binary, data: allocator.buffer(bytes: bytes))), promise: nil)
                case .fragments(let pieces):
                    for (index, piece) in pieces.enumerated() {
                        let frame = WebSocketFrame(
                            fin: index == pieces.count - 1, opcode: index == 0 ? .text : .continuation, data: allocator.buffer(string: piece))
                        context.write(wrapOutboundOut(frame), promise: nil)
                    }
                case .close(let code, let reason):
                    closeSent = true
                    var payload = allocator.buffer(capacity: 2 + reason.utf8.count)
                    payload.writeInteger(code)
                    payload.writeString(reason)
                    context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: payload)), promise: nil)
                case .drop:
                    context.flush()
                    context.close(promise: nil)
                    return
                }
            }
            context.flush()
        }
    }
}
