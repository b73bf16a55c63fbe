import MockAPICore
import NIOCore
import NIOHTTP1

/// Collects an upstream's answer to a WebSocket handshake that is not an upgrade (a `403`, a `404`): NIO's upgrade
/// handler passes such an answer on and steps aside. The complete answer fulfils the handshake's promise and the
/// connection closes. Removed from the pipeline, with the HTTP handlers, when the upgrade goes ahead.
final class HandshakeAnswerHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart

    private let promise: EventLoopPromise<UpstreamHandshake>
    private let url: String
    private let options: HTTPClientUpstream.Options
    private var head: HTTPResponseHead?
    private var body: [UInt8] = []

    init(promise: EventLoopPromise<UpstreamHandshake>, url: String, options: HTTPClientUpstream.Options) {
        self.promise = promise
        self.url = url
        self.options = options
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body(var piece):
            guard body.count + piece.readableBytes <= options.maximumBodyBytes else {
                return fail(context, UpstreamError(kind: .tooLarge, url: url, detail: "the answer to the WebSocket handshake "
                    + "is larger than \(options.maximumBodyBytes) bytes"))
            }
            body += piece.readBytes(length: piece.readableBytes) ?? []
        case .end:
            guard let head else { return }
            guard head.status != .switchingProtocols else {
                // NIO's upgrader refused the 101: no `Upgrade: websocket`, or a Sec-WebSocket-Accept that does not
                // answer the key sent.
                return fail(context, UpstreamError(kind: .other, url: url, detail: "the upstream answered 101 but not as "
                    + "a WebSocket server (its Upgrade or Sec-WebSocket-Accept does not answer the handshake)"))
            }
            var headers = MockAPICore.HTTPHeaders()
            for field in head.headers { headers.append(field.name, field.value) }
            promise.succeed(.refused(UpstreamResponse(status: Int(head.status.code), headers: headers, body: body)))
            context.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // The upgrader's own complaint about a 101 comes before the 101 itself, which ``channelRead`` handles.
        if error is NIOHTTPClientUpgradeError { return }
        fail(context, UpstreamErrors.classify(error, url: url, options: options))
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(UpstreamError(kind: .reset, url: url, detail: "the connection closed before the handshake was answered"))
        context.fireChannelInactive()
    }

    private func fail(_ context: ChannelHandlerContext, _ error: UpstreamError) {
        promise.fail(error)
        context.close(promise: nil)
    }
}
