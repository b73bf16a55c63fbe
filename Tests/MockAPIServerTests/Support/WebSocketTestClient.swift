import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket

/// A WebSocket client for tests, on NIO: the handshake by NIO's client upgrader over loopback, then frames as they
/// come (each with its kind, not reassembled, so a test sees frame for frame what the server sent).
final class WebSocketTestClient: Sendable {
    /// What the client saw, in order.
    enum Event: Sendable, Equatable {
        case text(String)
        case binary([UInt8])
        case close(code: UInt16?, reason: String)
        case pong([UInt8])
        /// The connection ended.
        case ended
    }

    struct HandshakeFailed: Error, CustomStringConvertible {
        let description: String
    }

    let channel: any Channel
    private let stream: AsyncStream<Event>

    private init(channel: any Channel, stream: AsyncStream<Event>) {
        self.channel = channel
        self.stream = stream
    }

    /// Connects to 127.0.0.1:`port` and upgrades `path` (with `query`) to WebSocket; over TLS (`wss`), trusting only
    /// `trusting` (a PEM certificate), when it is given.
    static func connect(port: Int, path: String, headers: [(String, String)] = [], trusting: String? = nil) async throws
        -> WebSocketTestClient
    {
        var tls: NIOSSLContext?
        if let trusting {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(trusting.utf8)))
            tls = try NIOSSLContext(configuration: configuration)
        }
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self)
        let upgraded = MultiThreadedEventLoopGroup.singleton.any().makePromise(of: Void.self)
        let upgrader = NIOWebSocketClientUpgrader(maxFrameSize: 1 << 26, automaticErrorHandling: false) { channel, _ in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(EventCollector(continuation))
                upgraded.succeed()
            }
        }
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path)
        head.headers.add(name: "Host", value: "127.0.0.1:\(port)")
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        let requestHead = head
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                let configuration: NIOHTTPClientUpgradeSendableConfiguration = (
                    upgraders: [upgrader],
                    completionHandler: { context in
                        context.pipeline.removeHandler(name: "handshake-writer", promise: nil)
                    })
                let secured = channel.eventLoop.makeCompletedFuture {
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: nil)) }
                }
                return secured.flatMap {
                    channel.pipeline.addHTTPClientHandlers(leftOverBytesStrategy: .forwardBytes, withClientUpgrade: configuration)
                }.flatMap {
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(
                            HandshakeWriter(head: requestHead, failed: upgraded), name: "handshake-writer")
                    }
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        channel.closeFuture.whenComplete { _ in
            upgraded.fail(HandshakeFailed(description: "the connection closed before the upgrade"))
            continuation.yield(.ended)
            continuation.finish()
        }
        try await upgraded.futureResult.get()
        return WebSocketTestClient(channel: channel, stream: stream)
    }

    /// The next event; `.ended` once the connection is over.
    func next() async -> Event {
        for await event in stream { return event }
        return .ended
    }

    /// Every event until the connection ends (`.ended` not included).
    func rest() async -> [Event] {
        var events: [Event] = []
        for await event in stream where event != .ended { events.append(event) }
        return events
    }

    func send(text: String) { send(frame(.text, Array(text.utf8))) }

    func send(binary: [UInt8]) { send(frame(.binary, binary)) }

    /// A masked frame, as a client must send.
    func frame(_ opcode: WebSocketOpcode, _ bytes: [UInt8], fin: Bool = true) -> WebSocketFrame {
        WebSocketFrame(fin: fin, opcode: opcode, maskKey: .random(), data: channel.allocator.buffer(bytes: bytes))
    }

    func send(_ frame: WebSocketFrame) {
        channel.writeAndFlush(frame, promise: nil)
    }

    /// A close frame with `code`.
    func close(code: UInt16, reason: String = "") {
        var data = channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        data.writeInteger(code)
        data.writeString(reason)
        send(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: data))
    }

    /// Ends the connection without a close frame.
    func abort() async {
        try? await channel.close()
    }
}

/// Writes the handshake request once the connection is up; fails the upgrade when the server answers without one.
private final class HandshakeWriter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    private let head: HTTPRequestHead
    private let failed: EventLoopPromise<Void>

    init(head: HTTPRequestHead, failed: EventLoopPromise<Void>) {
        self.head = head
        self.failed = failed
    }

    func channelActive(context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let response) = unwrapInboundIn(data) {
            failed.fail(WebSocketTestClient.HandshakeFailed(description: "answered \(response.status.code)"))
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        failed.fail(error)
        context.close(promise: nil)
    }
}

/// Turns the server's frames into events.
private final class EventCollector: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame

    private let continuation: AsyncStream<WebSocketTestClient.Event>.Continuation

    init(_ continuation: AsyncStream<WebSocketTestClient.Event>.Continuation) {
        self.continuation = continuation
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        var payload = frame.unmaskedData
        let bytes = payload.readBytes(length: payload.readableBytes) ?? []
        switch frame.opcode {
        case .text: continuation.yield(.text(String(decoding: bytes, as: UTF8.self)))
        case .binary: continuation.yield(.binary(bytes))
        case .pong: continuation.yield(.pong(bytes))
        case .connectionClose:
            var data = frame.unmaskedData
            let code = data.readableBytes >= 2 ? data.readInteger(as: UInt16.self) : nil
            continuation.yield(.close(code: code, reason: data.readString(length: data.readableBytes) ?? ""))
            // Answered as a well-behaved client does, with its code; the server then ends the connection.
            var answer = context.channel.allocator.buffer(capacity: 2)
            if let code { answer.writeInteger(code) }
            let reply = WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: answer)
            context.writeAndFlush(NIOAny(reply), promise: nil)
        default: break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
