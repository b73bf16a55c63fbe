import AsyncHTTPClient
import MockAPICore
import NIOCore
import NIOHTTP1
import NIOPosix

/// The real ``Upstream``: AsyncHTTPClient with redirects never followed and no decompression, so the answer is what
/// the API sent (3xx, every `Set-Cookie`, coded bytes). Calls run on NIO's event loops; nothing blocks a server
/// thread. Call ``shutdown()`` before dropping it.
package final class HTTPClientUpstream: Upstream {
    package struct Options: Sendable {
        /// Seconds for the whole exchange (connect, send, complete answer): `--upstream-timeout`.
        package var timeout: Double
        /// The largest answer body accepted, as it comes (coded).
        package var maximumBodyBytes: Int
        /// Connections kept per upstream host.
        package var connectionsPerHost: Int

        package init(timeout: Double = 30, maximumBodyBytes: Int = 256 << 20, connectionsPerHost: Int = 64) {
            self.timeout = timeout
            self.maximumBodyBytes = maximumBodyBytes
            self.connectionsPerHost = connectionsPerHost
        }
    }

    package let options: Options
    private let client: HTTPClient
    /// The client's event loops (SwiftNIO's shared group).
    private let loops: [any EventLoop]

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
        self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.loops = Array(client.eventLoopGroup.makeIterator())
    }

    package func send(_ request: UpstreamRequest) async throws(UpstreamError) -> UpstreamResponse {
        do {
            var headers = NIOHTTP1.HTTPHeaders()
            for field in request.headers { headers.add(name: field.name, value: field.value) }
            let outgoing = try HTTPClient.Request(
                url: request.url, method: HTTPMethod(rawValue: request.method), headers: headers,
                body: request.body.map { .bytes($0) })
            // The whole answer in one completion (a delegate that collects the body), not a head and then body parts
            // each handed over to the waiting task. Called on an event loop (a deferred reply runs on one, see
            // EventLoopTaskExecutor), the request goes on one of that loop's connections, so the exchange and the
            // task's resumption stay on this thread.
            let loop = MultiThreadedEventLoopGroup.currentEventLoop.flatMap { current in
                loops.contains { $0 === current } ? current : nil
            }
            let task = client.execute(
                request: outgoing,
                delegate: ResponseAccumulator(request: outgoing, maxBodySize: min(options.maximumBodyBytes, Int(UInt32.max))),
                eventLoop: loop.map { .delegateAndChannel(on: $0) } ?? .indifferent,
                deadline: .now() + .nanoseconds(Int64(options.timeout * 1e9)))
            let response = try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
            var answerHeaders = MockAPICore.HTTPHeaders()
            for field in response.headers { answerHeaders.append(field.name, field.value) }
            return UpstreamResponse(
                status: Int(response.status.code), headers: answerHeaders, body: response.body.map { Array(buffer: $0) } ?? [])
        } catch {
            throw UpstreamErrors.classify(error, url: request.url, options: options)
        }
    }

    /// Closes the connections; waits for calls in progress to fail or finish.
    package func shutdown() async {
        try? await client.shutdown()
    }
}
