import MockAPICore
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
import Synchronization

/// The real ``WebSocketUpstream``: a connection of its own per conversation on NIO's event loops (TLS by NIOSSL for
/// `wss`, trusting what the HTTP upstream trusts), the handshake by NIO's WebSocket client upgrader, frames by
/// NIOWebSocket. Nothing blocks a thread: the handshake and the conversation run on the event loop.
package final class WebSocketUpstreamClient: WebSocketUpstream {
    package let options: HTTPClientUpstream.Options
    /// The largest message accepted from the upstream, joined from its fragments.
    package let maximumMessageBytes: Int
    /// Made at the first `wss` handshake and kept: building one loads the system's authorities, which a recording of
    /// `http` upstreams (every test's) never needs. A failure is reported by each `wss` handshake.
    private let tls = Mutex<Result<NIOSSLContext, TLSError>?>(nil)

    package init(options: HTTPClientUpstream.Options, maximumMessageBytes: Int) {
        self.options = options
        self.maximumMessageBytes = maximumMessageBytes
    }

    /// The TLS context for `wss` upstreams, made outside the lock (it reads files) the first time it is asked for.
    private func tlsContext() -> Result<NIOSSLContext, TLSError> {
        if let made = tls.withLock({ $0 }) { return made }
        var configuration = TLSConfiguration.makeClientConfiguration()
        if !options.trustedCertificates.isEmpty {
            configuration.additionalTrustRoots = [.certificates(options.trustedCertificates)]
        }
        let made: Result<NIOSSLContext, TLSError>
        do { made = .success(try NIOSSLContext(configuration: configuration)) } catch {
            made = .failure(TLSError("cannot set up TLS for wss upstreams: \(error)"))
        }
        return tls.withLock { kept in
            if let kept { return kept }
            kept = made
            return made
        }
    }

    package func open(_ request: UpstreamRequest) async throws(UpstreamError) -> UpstreamHandshake {
        guard let address = UpstreamAddress(url: request.url) else {
            throw UpstreamError(kind: .other, url: request.url, detail: "not a ws:// or wss:// URL")
        }
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let promise = loop.makePromise(of: UpstreamHandshake.self)
        let channel: any Channel
        do {
            channel = try await bootstrap(address, url: request.url, loop: loop, promise: promise)
                .connect(host: address.host, port: address.port).get()
        } catch {
            promise.fail(error)
            throw UpstreamErrors.classify(error, url: request.url, options: options)
        }
        var headers = NIOHTTP1.HTTPHeaders([("Host", address.authority)])
        for field in request.headers { headers.add(name: field.name, value: field.value) }
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: address.target, headers: headers)
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        let url = request.url, timeout = options.timeout
        let deadline = loop.scheduleTask(in: .nanoseconds(Int64(timeout * 1e9))) {
            promise.fail(UpstreamError(kind: .timeout, url: url, detail: "no answer to the WebSocket handshake within "
                + "the upstream timeout of \(timeout) s"))
        }
        do {
            let handshake = try await withTaskCancellationHandler {
                try await promise.futureResult.get()
            } onCancel: {
                promise.fail(UpstreamError(kind: .stopping, url: url, detail: "the recorder stopped before the upstream answered"))
            }
            deadline.cancel()
            return handshake
        } catch {
            deadline.cancel()
            channel.close(promise: nil)
            if let error = error as? UpstreamError { throw error }
            throw UpstreamErrors.classify(error, url: url, options: options)
        }
    }

    /// A bootstrap whose channels speak TLS when `address` is secure, then HTTP/1.1 with NIO's upgrader for the
    /// handshake; the upgrade or the refusal fulfils `promise`.
    private func bootstrap(_ address: UpstreamAddress, url: String, loop: any EventLoop,
                           promise: EventLoopPromise<UpstreamHandshake>) throws(UpstreamError) -> ClientBootstrap {
        let context: NIOSSLContext?
        do { context = address.secure ? try tlsContext().get() : nil } catch {
            throw UpstreamError(kind: .tls, url: url, detail: error.description)
        }
        let options = self.options, maximumMessageBytes = self.maximumMessageBytes
        // SNI names a host, never an address.
        let serverName = (try? SocketAddress(ipAddress: address.host, port: 0)) == nil ? address.host : nil
        return ClientBootstrap(group: loop)
            .connectTimeout(.nanoseconds(Int64(options.timeout * 1e9)))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let context {
                        try pipeline.addHandler(NIOSSLClientHandler(context: context, serverHostname: serverName))
                    }
                    let upgrader = NIOWebSocketClientUpgrader(
                        maxFrameSize: maximumMessageBytes, automaticErrorHandling: false
                    ) { channel, head in
                        let upgraded = ContinuousClock.now
                        return channel.eventLoop.makeCompletedFuture {
                            let peer = try UpstreamWebSocketConnection(channel: channel, maximumMessageBytes: maximumMessageBytes)
                            var headers = MockAPICore.HTTPHeaders()
                            for field in head.headers { headers.append(field.name, field.value) }
                            promise.succeed(.upgraded(UpstreamResponse(status: 101, headers: headers), peer, at: upgraded))
                        }
                    }
                    let encoder = HTTPRequestEncoder()
                    let decoder = ByteToMessageHandler(HTTPResponseDecoder(leftOverBytesStrategy: .forwardBytes))
                    let answer = HandshakeAnswerHandler(promise: promise, url: url, options: options)
                    let upgrade = NIOHTTPClientUpgradeHandler(
                        upgraders: [upgrader], httpHandlers: [encoder, decoder, answer], upgradeCompletionHandler: { _ in })
                    try pipeline.addHandlers([encoder, decoder, upgrade, answer])
                }
            }
    }
}
