import Foundation
import HTTPTypes

/// Why a call failed, with everything that is known about it.
///
/// Every case names the request. Cases that got an answer keep its head (`HTTPResponse`: status and header fields)
/// and its whole body, so nothing is lost between the wire and the caller. `description` is one line a person can act
/// on.
public enum APIError: Error, Sendable, CustomStringConvertible {
    /// The base URL and the endpoint's path (or query) do not make a valid URL.
    case invalidURL(request: RequestSummary, reason: String)
    /// The endpoint's body could not be encoded.
    case encodingFailed(request: RequestSummary, underlying: any Error)
    /// The auth provider failed to authorise the request or to refresh credentials after a 401.
    case authenticationFailed(request: RequestSummary, underlying: any Error)
    /// No HTTP answer arrived (connection refused, timeout, TLS, …), after any retries.
    case transport(request: RequestSummary, underlying: any Error)
    /// An answer arrived with a status the endpoint does not accept, after any retries and auth refresh.
    /// `errorBody` is the API's error document when the client's `ErrorBodyDecoder` could read one.
    case unexpectedStatus(request: RequestSummary, response: HTTPResponse, body: Data, errorBody: (any APIErrorBody)?)
    /// The answer was accepted but its body could not be turned into the endpoint's `Response`.
    case decodingFailed(request: RequestSummary, response: HTTPResponse, body: Data, underlying: any Error)
    /// The task was cancelled before the call finished (while sending, waiting to retry, or refreshing auth).
    case cancelled(request: RequestSummary)
    /// A GraphQL answer that carries `errors` (GraphQL answers them with status 200): every error, in order, and the
    /// whole answer, whose `data` may hold what did succeed.
    case graphQL(request: RequestSummary, response: HTTPResponse, body: Data, errors: [GraphQLResponseError])

    /// The request the error is about.
    public var request: RequestSummary {
        switch self {
        case .invalidURL(let request, _), .encodingFailed(let request, _), .authenticationFailed(let request, _),
             .transport(let request, _), .unexpectedStatus(let request, _, _, _), .decodingFailed(let request, _, _, _),
             .cancelled(let request), .graphQL(let request, _, _, _):
            request
        }
    }

    /// The head of the answer (status and header fields), for errors that got one.
    public var response: HTTPResponse? {
        switch self {
        case .unexpectedStatus(_, let response, _, _), .decodingFailed(_, let response, _, _),
             .graphQL(_, let response, _, _):
            response
        default: nil
        }
    }

    /// The answer's body, for errors that got an answer.
    public var body: Data? {
        switch self {
        case .unexpectedStatus(_, _, let body, _), .decodingFailed(_, _, let body, _), .graphQL(_, _, let body, _): body
        default: nil
        }
    }

    /// The HTTP status, for errors that got an answer.
    public var status: HTTPResponse.Status? { response?.status }

    /// The API's decoded error document, when it is of type `T`.
    public func errorBody<T: APIErrorBody>(as type: T.Type = T.self) -> T? {
        guard case .unexpectedStatus(_, _, _, let body) = self else { return nil }
        return body as? T
    }

    /// The errors of a GraphQL answer that carried some; empty for any other error.
    public var graphQLErrors: [GraphQLResponseError] {
        guard case .graphQL(_, _, _, let errors) = self else { return [] }
        return errors
    }

    /// Whether the call was cancelled.
    public var isCancellation: Bool {
        if case .cancelled = self { return true }
        return false
    }
}
