import HTTPTypes

/// Something that happened during one call, reported to the client's listeners.
///
/// ## Order
/// Every call reports, in this order:
/// ```
/// start
///   ( retry                       — no answer (transport error); another attempt follows
///   | received → retry            — a 5xx, 429 or rate-limited answer; another attempt follows
///   | received → authRefresh )*   — a 401; credentials were renewed and the request is repeated (once per call)
///   ( received → validated → decoded → success
///   | received → validated → error   — the body did not decode
///   | received → error               — the status was rejected
///   | error )                        — nothing sent or no answer: URL, encoding, auth, transport, cancellation
/// end
/// ```
/// - `start` comes first and `end` last, exactly once each, whatever happens (cancellation included).
/// - `received` is reported for every answer, including those that lead to a retry, a refresh or an error.
/// - `validated` means the endpoint accepted the status (`Endpoint.interpret(_:)`); `decoded` that the `Response`
///   value was produced, from the body or, for a status declared as a value (204 → `true`), without reading it.
/// - A rejected status is retried or refreshed (as above) or becomes `error(.unexpectedStatus(…))` with no
///   `validated`; a body that does not decode gives `validated → error(.decodingFailed(…))`. A 401 whose refresh
///   gives up (`refresh(after:)` returns `false` or throws) reports `received → authRefresh → error`.
/// - Exactly one of `success` and `error` comes right before `end`. A cancelled call reports
///   `error(.cancelled(…))`, wherever it was (sending, waiting to retry, refreshing).
/// - An invalid URL or unencodable body reports `start → error → end`: nothing was sent.
/// - Every page of `pages(_:)`, every round of `poll(_:every:)` and every `request(_:_:)` is a call of its own.
public struct APIEvent: Sendable, CustomStringConvertible {
    /// What happened in a call; see ``APIEvent`` for the order the kinds come in.
    public enum Kind: Sendable {
        /// The call began; nothing was sent yet.
        case start
        /// An answer arrived for attempt number `attempt` (1-based): its head (status and header fields).
        case received(HTTPResponse, attempt: Int)
        /// The client will wait `decision.delay`, then make attempt number `nextAttempt`.
        case retry(nextAttempt: Int, decision: RetryDecision)
        /// The server answered 401 and the auth provider is asked to renew credentials.
        case authRefresh
        /// The endpoint accepted the answer's status.
        case validated(status: HTTPResponse.Status)
        /// The endpoint produced its `Response` value.
        case decoded
        /// The call returned its value to the caller.
        case success
        /// The call failed with this error (`APIError.cancelled` when the caller was cancelled).
        case error(APIError)
        /// The call is over; `attempts` requests were sent.
        case end(attempts: Int, elapsed: Duration)
    }

    /// Tells the events of one call from those of concurrent calls on the same client.
    public let callID: Int
    /// The request of the call: method and URL, never headers or body.
    public let request: RequestSummary
    /// What happened.
    public let kind: Kind

    /// An event of the call `callID` about `request`.
    public init(callID: Int, request: RequestSummary, kind: Kind) {
        self.callID = callID
        self.request = request
        self.kind = kind
    }

    /// One line: the call's number, the request and what happened.
    public var description: String {
        let detail: String = switch kind {
        case .start: "start"
        case .received(let response, let attempt): "received \(response.status.code) (attempt \(attempt))"
        case .retry(let next, let decision):
            "retry: attempt \(next) in \(decision.delay) after \(decision.reason)"
        case .authRefresh: "refreshing credentials after 401"
        case .validated(let status): "validated \(status.code)"
        case .decoded: "decoded"
        case .success: "success"
        case .error(let error): "error: \(error)"
        case .end(let attempts, let elapsed): "end after \(attempts) attempt(s), \(elapsed)"
        }
        return "#\(callID) \(request): \(detail)"
    }
}
