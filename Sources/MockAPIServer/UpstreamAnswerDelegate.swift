import AsyncHTTPClient
import MockAPICore
import NIOCore
import NIOHTTP1
import Synchronization

/// Collects an upstream answer on its event loop: whole (AsyncHTTPClient's own accumulator) when it has a
/// `Content-Length`, else handed over at its head with its body as an ``UpstreamBodyStream`` that gets each piece as it
/// arrives. ``answer`` completes once: at the head of a streamed answer, at the end of a whole one, or with the error.
final class UpstreamAnswerDelegate: HTTPClientResponseDelegate {
    typealias Response = HTTPClient.Response

    private struct State {
        var delivered = false
        var sink: AsyncStream<UpstreamBodyStream.Event>.Continuation?
        var head: HTTPResponseHead?
    }

    private let whole: ResponseAccumulator
    private let state = Mutex(State())
    private let promise: EventLoopPromise<UpstreamResponse>
    private let url: String
    private let options: HTTPClientUpstream.Options
    private let method: String
    /// Cancels the call; set once the call exists.
    let cancel = Mutex<(@Sendable () -> Void)?>(nil)

    var answer: EventLoopFuture<UpstreamResponse> { promise.futureResult }

    init(request: HTTPClient.Request, url: String, loop: any EventLoop, options: HTTPClientUpstream.Options) {
        whole = ResponseAccumulator(request: request, maxBodySize: options.maximumBodyBytes)
        promise = loop.makePromise()
        self.url = url
        method = request.method.rawValue
        self.options = options
    }

    /// Whether an answer's body streams: no `Content-Length`, and a body is allowed at all.
    static func streams(_ head: HTTPResponseHead, method: String) -> Bool {
        let status = head.status.code
        guard method != "HEAD", status >= 200, status != 204, status != 304 else { return false }
        return !head.headers.contains(name: "content-length")
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        guard UpstreamAnswerDelegate.streams(head, method: method) else { return whole.didReceiveHead(task: task, head) }
        let (events, sink) = AsyncStream<UpstreamBodyStream.Event>.makeStream()
        state.withLock { state in
            state.sink = sink
            state.head = head
        }
        var headers = MockAPICore.HTTPHeaders()
        for field in head.headers { headers.append(field.name, field.value) }
        deliver(.success(UpstreamResponse(
            status: Int(head.status.code), headers: headers,
            stream: UpstreamBodyStream(events: events, cancel: { self.cancelCall() }))))
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        guard let sink = state.withLock(\.sink) else { return whole.didReceiveBodyPart(task: task, buffer) }
        sink.yield(.bytes(Array(buffer: buffer)))
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveError(task: HTTPClient.Task<Response>, _ error: any Error) {
        let failure = UpstreamErrors.classify(error, url: url, options: options)
        if let sink = state.withLock(\.sink) {
            sink.yield(.failed(failure))
            sink.finish()
        } else {
            whole.didReceiveError(task: task, error)
        }
        deliver(.failure(failure))
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        let (sink, head) = state.withLock { ($0.sink, $0.head) }
        if let sink, let head {
            sink.finish()
            return Response(host: "", status: head.status, version: head.version, headers: head.headers, body: nil)
        }
        let response = try whole.didFinishRequest(task: task)
        var headers = MockAPICore.HTTPHeaders()
        headers.fields.reserveCapacity(response.headers.count)
        for field in response.headers { headers.append(field.name, field.value) }
        deliver(.success(UpstreamResponse(
            status: Int(response.status.code), headers: headers, body: response.body.map { Array(buffer: $0) } ?? [])))
        return response
    }

    /// Stops the call (the client went away from a stream).
    func cancelCall() {
        cancel.withLock { $0 }?()
    }

    /// The call failed before ``answer`` completed (a refused connection, a timeout): the answer is that error.
    func callFailed(_ error: any Error) {
        deliver(.failure(UpstreamErrors.classify(error, url: url, options: options)))
    }

    /// Completes ``answer`` the first time only.
    private func deliver(_ result: Result<UpstreamResponse, UpstreamError>) {
        let first = state.withLock { state -> Bool in
            defer { state.delivered = true }
            return !state.delivered
        }
        guard first else { return }
        switch result {
        case .success(let response): promise.succeed(response)
        case .failure(let error): promise.fail(error)
        }
    }
}
