import APIClient
import Foundation
import HTTPTypes
import Synchronization

/// An in-memory `HTTPTransport` for testing code that calls an API through a `RESTClient` (or a client built on one,
/// such as `GitHubClient`): no sockets, no server, nothing to clean up.
///
/// Each request is answered from, in this order:
/// 1. the first route that matches it, set with `on(_:_:_:_:)` (method and path) or `on(_:_:_:)` (a predicate):
///    the route's replies in turn, its last reply again for every later request;
/// 2. the script given to `init(_:clock:)`: each reply once, in order;
/// 3. nothing: the transport throws `StubTransport.NoReply`, which the client reports as `APIError.transport`.
///
/// Every request is kept, in the order received (also those it had no reply for), so a test can check what was sent.
/// A reply can be an answer, a transport error (`.failure`), an answer computed from the request (`.handler`), and any
/// of them can come after a delay (`.delayed(by:)`) measured on the transport's clock. A reply can also be a stream
/// (`.stream`): pieces, pauses and a failure, for code that reads Server-Sent Events (`serverSentEvents`).
///
/// ```swift
/// let stub = StubTransport()
///     .on("GET", "/users/octocat", .json(200, #"{"login": "octocat", "id": 1}"#))
///     .on("GET", "/zen", .failure(URLError(.notConnectedToInternet)))
/// let github = GitHubClient(transport: stub)          // api.github.com, never reached
/// let user = try await github.user("octocat")
/// #expect(stub.requests.map(\.request.path) == ["/users/octocat"])
/// ```
public final class StubTransport: StreamingHTTPTransport {
    private struct Route {
        let matches: @Sendable (ReceivedRequest) -> Bool
        var replies: [Reply]
    }

    private struct State {
        var routes: [Route] = []
        var script: [Reply]
        var requests: [ReceivedRequest] = []
    }

    private let state: Mutex<State>
    /// Measures the delays of `.delayed(by:)` replies.
    let clock: any APIClock

    /// A transport that answers from `script`, one reply per request in order, after any routes.
    /// - Parameter clock: what delayed replies wait on; inject a test clock to check a delay without waiting for it.
    public init(_ script: [Reply] = [], clock: any APIClock = SystemClock()) {
        state = Mutex(State(script: script))
        self.clock = clock
    }

    /// Answers requests whose method is `method` (any case) and whose percent-encoded path is `path` with `reply`
    /// and then `more`, in turn, the last one again for every later request. A `path` with a query
    /// (`/search?q=a%20b`) must match the query as sent too; without one, any query matches. Returns the transport,
    /// so routes can be chained.
    @discardableResult
    public func on(_ method: String, _ path: String, _ reply: Reply, _ more: Reply...) -> StubTransport {
        let method = method.uppercased()
        return add({ received in
            received.request.method.rawValue == method
                && StubTransport.target(of: received.request, withQuery: path.contains("?")) == path
        }, [reply] + more)
    }

    /// Answers requests for which `matches` is true with `reply` and then `more`, in turn, the last one again for
    /// every later request. Returns the transport, so routes can be chained.
    @discardableResult
    public func on(
        _ matches: @escaping @Sendable (ReceivedRequest) -> Bool, _ reply: Reply, _ more: Reply...
    ) -> StubTransport {
        add(matches, [reply] + more)
    }

    private func add(_ matches: @escaping @Sendable (ReceivedRequest) -> Bool, _ replies: [Reply]) -> StubTransport {
        state.withLock { $0.routes.append(Route(matches: matches, replies: replies)) }
        return self
    }

    /// The requests received so far, in order.
    public var requests: [ReceivedRequest] { state.withLock { $0.requests } }

    /// Answers with the next reply for the request (routes first, then the script).
    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        let received = ReceivedRequest(request: request, body: body)
        return try await nextReply(for: received).answer(received, clock: clock)
    }

    /// Answers as ``send(_:body:)`` does, with the body handed over in the pieces of a `.stream` reply (any other
    /// reply's body in one piece).
    public func stream(_ request: HTTPRequest, body: Data?) async throws -> HTTPStreamedResponse {
        let received = ReceivedRequest(request: request, body: body)
        return try await nextReply(for: received).streamedAnswer(received, clock: clock)
    }

    /// The reply for the request (routes first, then the script), which is kept.
    private func nextReply(for request: ReceivedRequest) throws -> Reply {
        let reply = state.withLock { state -> Reply? in
            state.requests.append(request)
            if let index = state.routes.firstIndex(where: { $0.matches(request) }) {
                let replies = state.routes[index].replies
                if replies.count > 1 { state.routes[index].replies.removeFirst() }
                return replies[0]
            }
            return state.script.isEmpty ? nil : state.script.removeFirst()
        }
        guard let reply else { throw NoReply(request: request) }
        return reply
    }

    /// The request's percent-encoded path, and its query when asked for.
    static func target(of request: HTTPRequest, withQuery: Bool) -> String {
        let target = request.path ?? ""
        guard !withQuery, let question = target.firstIndex(of: "?") else { return target }
        return String(target[..<question])
    }

    /// Thrown for a request that no route matches once the script is used up.
    public struct NoReply: Error, CustomStringConvertible {
        /// The request that got no reply.
        public let request: ReceivedRequest

        public var description: String {
            "StubTransport has no reply for \(request.request.method) \(request.url?.absoluteString ?? "?"): "
                + "no route matches it and the script is used up"
        }
    }

    /// A request as the transport received it: swift-http-types' request and the body sent with it.
    public struct ReceivedRequest: Sendable {
        /// The method, the target and the header fields.
        public let request: HTTPRequest
        /// The bytes sent, `nil` when the request had no body.
        public let body: Data?

        /// The request's absolute URL.
        public var url: URL? { request.url }
    }
}
