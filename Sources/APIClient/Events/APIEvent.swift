/// Something that happened during one call, reported to the client's listeners.
///
/// ## Order
/// Every call reports, in this order:
/// ```
/// start
///   ( received → retry          — an answer that will be retried (5xx, 429, rate limit)
///   | retry                     — no answer (transport error) that will be retried
///   | received → authRefresh )* — a 401 after which the auth provider renewed credentials (at most once)
///   received → validated → decoded → success     — or, on failure, any prefix of it, then: error
/// end
/// ```
/// - `start` comes first and `end` last, exactly once each, whatever happens (cancellation included).
/// - `received` is reported for every answer, including those that lead to a retry, a refresh or an error.
/// - `validated` means the endpoint accepted the status; `decoded` that the `Response` value was produced.
/// - Exactly one of `success` and `error` comes right before `end`. A cancelled call reports
///   `error(.cancelled(…))`, wherever it was (sending, waiting to retry, refreshing).
/// - An invalid URL or unencodable body reports `start → error → end`: nothing was sent.
public struct APIEvent: Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        case start
        /// An answer arrived for attempt number `attempt` (1-based).
        case received(HTTPResponse, attempt: Int)
        /// The client will wait `decision.delay`, then make attempt number `nextAttempt`.
        case retry(nextAttempt: Int, decision: RetryDecision)
        /// The server answered 401 and the auth provider is asked to renew credentials.
        case authRefresh
        /// The endpoint accepted the answer's status.
        case validated(status: Int)
        /// The endpoint produced its `Response` value.
        case decoded
        case success
        case error(APIError)
        /// The call is over; `attempts` requests were sent.
        case end(attempts: Int, elapsed: Duration)
    }

    /// Tells the events of one call from those of concurrent calls on the same client.
    public let callID: Int
    public let request: RequestSummary
    public let kind: Kind

    public init(callID: Int, request: RequestSummary, kind: Kind) {
        self.callID = callID
        self.request = request
        self.kind = kind
    }

    public var description: String {
        let detail: String = switch kind {
        case .start: "start"
        case .received(let response, let attempt): "received \(response.status) (attempt \(attempt))"
        case .retry(let next, let decision):
            "retry: attempt \(next) in \(decision.delay) after \(decision.reason)"
        case .authRefresh: "refreshing credentials after 401"
        case .validated(let status): "validated \(status)"
        case .decoded: "decoded"
        case .success: "success"
        case .error(let error): "error: \(error)"
        case .end(let attempts, let elapsed): "end after \(attempts) attempt(s), \(elapsed)"
        }
        return "#\(callID) \(request): \(detail)"
    }
}
