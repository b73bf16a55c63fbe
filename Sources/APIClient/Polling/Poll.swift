import Foundation
import HTTPTypes

/// The results of calling one endpoint again and again, as an `AsyncSequence` that never throws.
///
/// The first call is made when iteration starts; each next one after `interval`, or after the server's
/// `X-Poll-Interval` (GitHub, seconds) when that is longer. The server's interval is the one its latest answer
/// sent: a round that got no answer (a transport error) keeps the one before, so a server that asked for patience
/// is not polled faster because it stopped answering. Each call is a full call (retries, auth refresh, listener
/// events) whose result is one element:
/// - `.success(value)`: polling goes on;
/// - `.failure(error)` for a transport error (no answer even after retries): polling goes on;
/// - `.failure(error)` for anything else (a rejected status, a body that does not decode, an invalid URL, …):
///   that element is the last one, as repeating the same request would fail the same way;
/// - cancelling the iterating task ends the sequence (no element), also while it waits between calls.
///
/// Conditional requests (GitHub's polling etiquette): for a GET or HEAD endpoint, once an accepted answer carried an
/// `ETag`, each round sends it as `If-None-Match` (replacing one given in `headers`). A `304 Not Modified` answer
/// means "nothing new": it yields **no element** (iteration goes on to the next round, so a consumer only ever sees
/// new values), it is not an error (listeners see it received, validated and successful; GitHub does not count it
/// against the rate limit), its `X-Poll-Interval` is honoured like any answer's, and the `ETag` stays the last one
/// sent with a value (or the 304's own, if it has one). An accepted answer without an `ETag` ends the conditional
/// rounds until the next one that has it.
///
/// `keepsPollingAfter` decides which failures polling survives; pass `{ $0.status.map { $0 >= 500 } ?? true }`
/// to also ride out server errors.
///
/// ```swift
/// for await result in client.poll(ListEvents(), every: .seconds(60)) {
///     if case .success(let events) = result { handle(events) }    // only new events: 304 rounds yield nothing
/// }
/// ```
public struct Poll<E: Endpoint>: AsyncSequence, Sendable {
    /// Each round's outcome: the decoded answer, or the error of that round (polling goes on after transport errors).
    public typealias Element = Result<E.Response, APIError>
    /// Polling never throws: errors arrive as elements, and the sequence ends when the task is cancelled.
    public typealias Failure = Never

    let client: RESTClient
    let endpoint: E
    let interval: Duration
    let headers: HTTPFields
    let keepsPollingAfter: @Sendable (APIError) -> Bool

    /// Starts polling: the first call at once.
    public func makeAsyncIterator() -> Iterator {
        Iterator(poll: self)
    }

    /// Makes one call per round, waiting the interval (or a longer `X-Poll-Interval`) between rounds.
    public struct Iterator: AsyncIteratorProtocol {
        let poll: Poll
        /// How long to wait before the next call; `nil` before the first call.
        private var wait: Duration?
        /// The `X-Poll-Interval` of the latest answer, if it had one.
        private var serverInterval: Duration?
        /// The `ETag` of the latest accepted answer, sent back as `If-None-Match`.
        private var etag: String?
        private var finished = false

        init(poll: Poll) {
            self.poll = poll
        }

        /// The next round's outcome; nil once polling has ended (cancelled, or after an error that ends it).
        public mutating func next() async -> Element? {
            await next(isolation: nil)
        }

        /// The next round's outcome, in the caller's isolation; nil once polling has ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            while !finished {
                if let wait {
                    do {
                        try await poll.client.configuration.clock.sleep(for: wait)
                    } catch {
                        finished = true
                        return nil
                    }
                }
                guard !Task.isCancelled else {
                    finished = true
                    return nil
                }
                if let result = await round(isolation: actor) { return result }
            }
            return nil
        }

        /// One call and what it means for the next: its element, or `nil` when it brought nothing new (a 304) or
        /// ended the sequence (cancellation).
        private mutating func round(isolation actor: isolated (any Actor)?) async -> Element? {
            var headers = poll.headers
            if let etag, Poll.isConditional(poll.endpoint.method) { headers[.ifNoneMatch] = etag }
            let endpoint = ConditionalEndpoint(base: poll.endpoint, isConditional: headers.contains(.ifNoneMatch))
            let result: Element?
            let answer: HTTPResponse?
            do {
                let delivery = try await poll.client.execute(endpoint, headers: headers)
                (result, answer) = (delivery.value.map { .success($0) }, delivery.response)
                etag = delivery.response.headerFields[.eTag] ?? (delivery.response.status == .notModified ? etag : nil)
            } catch {
                if error.isCancellation {
                    finished = true
                    return nil
                }
                finished = !poll.keepsPollingAfter(error)
                (result, answer) = (.failure(error), error.response)
            }
            if let answer { serverInterval = Poll.pollInterval(of: answer) }
            wait = serverInterval.map { Swift.max(poll.interval, $0) } ?? poll.interval
            return result
        }
    }

    /// Whether `method` may carry `If-None-Match` for polling: only safe reads (on a POST it is a precondition).
    static func isConditional(_ method: HTTPRequest.Method) -> Bool {
        method == .get || method == .head
    }

    /// The answer's `X-Poll-Interval` (whole seconds), if it has a valid one.
    static func pollInterval(of response: HTTPResponse) -> Duration? {
        guard let text = response.headerFields.first(named: "X-Poll-Interval"),
              let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds > 0 else { return nil }
        return .seconds(seconds)
    }

    /// The default: only transport failures are worth polling through.
    public static func keepsPollingAfterTransportErrors(_ error: APIError) -> Bool {
        if case .transport = error { return true }
        return false
    }
}

extension RESTClient {
    /// Calls `endpoint` now and then every `interval` (or the server's `X-Poll-Interval`, if longer) while the
    /// sequence is iterated. See `Poll` for when it stops.
    public func poll<E: Endpoint>(
        _ endpoint: E, every interval: Duration, headers: HTTPFields = [:],
        keepsPollingAfter: @escaping @Sendable (APIError) -> Bool = Poll<E>.keepsPollingAfterTransportErrors
    ) -> Poll<E> {
        Poll(client: self, endpoint: endpoint, interval: interval, headers: headers, keepsPollingAfter: keepsPollingAfter)
    }
}
