import AsyncHTTPClient
import MockAPICore
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// The real ``Upstream``: AsyncHTTPClient with redirects never followed and no decompression, so the answer is what
/// the API sent (3xx, every `Set-Cookie`, coded bytes). Calls run on NIO's event loops; nothing blocks a server
/// thread. Call ``shutdown()`` before dropping it.
///
/// One client on NIO's singleton event loop group, its connections pooled per upstream host. Every call runs on one
/// loop of the group (``loop``), so a call's connection and its answer are on the same thread.
package final class HTTPClientUpstream: Upstream {
    package struct Options: Sendable {
        /// Seconds for the whole exchange (connect, send, complete answer): `--upstream-timeout`.
        package var timeout: Double
        /// The largest answer body accepted, as it comes (coded).
        package var maximumBodyBytes: Int
        /// Connections kept per upstream host.
        package var connectionsPerHost: Int
        /// Certificates trusted for HTTPS upstreams besides the system's authorities (`--upstream-ca`).
        package var trustedCertificates: [NIOSSLCertificate]

        package init(timeout: Double = 30, maximumBodyBytes: Int = 256 << 20, connectionsPerHost: Int = 64,
                     trustedCertificates: [NIOSSLCertificate] = []) {
            self.timeout = timeout
            self.maximumBodyBytes = maximumBodyBytes
            self.connectionsPerHost = connectionsPerHost
            self.trustedCertificates = trustedCertificates
        }
    }

    package let options: Options
    private let client: HTTPClient
    /// The loop every call runs on: connections are made on it, so an answer is collected on the thread that reads it,
    /// not handed to another loop (docs/performance.md).
    private let loop = MultiThreadedEventLoopGroup.singleton.next()

    package init(options: Options = Options()) {
        self.options = options
        var pool = HTTPClient.Configuration.ConnectionPool()
        pool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(options.connectionsPerHost, 1)
        // A refused connection fails the request now instead of being retried until the timeout.
        pool.retryConnectionEstablishment = false
        let timeout = TimeAmount.nanoseconds(Int64(options.timeout * 1e9))
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: timeout, read: timeout), connectionPool: pool,
            decompression: .disabled)
        configuration.httpVersion = .automatic
        if !options.trustedCertificates.isEmpty {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.additionalTrustRoots = [.certificates(options.trustedCertificates)]
            configuration.tlsConfiguration = tls
        }
        self.client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
    }

    package func send(_ request: UpstreamRequest) async throws(UpstreamError) -> UpstreamResponse {
        try await start(request).response()
    }

    /// Hands the request to AsyncHTTPClient on the caller's thread (for the recorder: libmicrohttpd's, before any hop
    /// to the task pool), so the call is on the wire while the task that waits for it is still being scheduled.
    package func start(_ request: UpstreamRequest) -> UpstreamCall {
        let options = self.options
        let call: HTTPClient.Task<HTTPClient.Response>
        let delegate: UpstreamAnswerDelegate
        do {
            var headers = NIOHTTP1.HTTPHeaders()
            for field in request.headers { headers.add(name: field.name, value: field.value) }
            let outgoing = try HTTPClient.Request(
                url: request.url, method: HTTPMethod(rawValue: request.method), headers: headers,
                body: request.body.map { .byteBuffer(ByteBuffer(bytes: $0)) })
            // The delegate API collects the body on the event loop and hands the caller the complete answer once;
            // the async API's body stream crosses between the loop and the task again for the body (about 50 µs
            // more per call at one connection). An answer without Content-Length is handed over at its head, its
            // body streamed as it arrives (UpstreamAnswerDelegate).
            delegate = UpstreamAnswerDelegate(request: outgoing, url: request.url, loop: loop, options: options)
            let deadline = NIODeadline.now() + .nanoseconds(Int64(options.timeout * 1e9))
            call = client.execute(request: outgoing, delegate: delegate, eventLoop: .delegate(on: loop), deadline: deadline)
            delegate.cancel.withLock { [call] in $0 = { call.cancel() } }
            call.futureResult.whenFailure { [delegate] error in delegate.callFailed(error) }
        } catch {
            let failure = UpstreamErrors.classify(error, url: request.url, options: options)
            return UpstreamCall(wait: { .failure(failure) }, cancel: {})
        }
        let url = request.url
        return UpstreamCall(
            wait: {
                do { return .success(try await delegate.answer.get()) } catch let error as UpstreamError {
                    return .failure(error)
                } catch {
                    return .failure(UpstreamErrors.classify(error, url: url, options: options))
                }
            },
            // A cancelled caller (the server stopping) cancels the call rather than waiting for its answer.
            cancel: { call.cancel() })
    }

    /// Closes the connections; waits for calls in progress to fail or finish.
    package func shutdown() async {
        try? await client.shutdown()
    }
}
