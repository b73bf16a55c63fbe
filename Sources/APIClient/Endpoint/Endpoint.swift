import Foundation
import HTTPTypes

/// One call of an API: what to send and how to read the answer.
///
/// An endpoint is a value (usually a small struct) that a `RESTClient` sends:
/// ```swift
/// struct GetUser: Endpoint {
///     typealias Response = User
///     let login: String
///     var path: String { "/users/" + EndpointPath.segment(login) }
/// }
/// let user = try await client.send(GetUser(login: "octocat"))
/// ```
/// Only `Response` and `path` are required. The method defaults to GET, the body, query items and headers to none,
/// statuses to "2xx is success", and decoding to JSON for `Decodable` responses, UTF-8 text for `String`,
/// raw bytes for `Data`, and nothing at all for `EmptyResponse` (204s); any other `Response` needs `decode(_:from:)`.
public protocol Endpoint<Response>: Sendable {
    /// What a successful call returns.
    associatedtype Response: Sendable

    /// The method: `.post`. Default: `.get`.
    var method: HTTPRequest.Method { get }

    /// The body and its media type: `.json(newIssue)`, `.empty` for a PUT that sends nothing. Default: none.
    var body: RequestBody? { get }

    /// The percent-encoded path, appended to the client's base URL (after any path prefix the base URL has).
    /// Build it with `EndpointPath.segment(_:)` for values that may contain reserved characters.
    /// An absolute URL (`https://…`, such as a `url` field of an earlier answer) is sent as it is when its scheme,
    /// host and port are the base URL's; one of any other origin fails with `APIError.invalidURL`.
    var path: String { get }

    /// Query items, encoded by the client's `QueryEncoder`. Default: none.
    var queryItems: [URLQueryItem] { get }

    /// Spells this endpoint's query items; `nil` (the default) uses the client's `QueryEncoder`.
    var queryEncoder: (any QueryEncoder)? { get }

    /// Headers for this endpoint; they override the client's default headers of the same name. Default: none.
    var headers: HTTPFields { get }

    /// What the answer's status means. Default: 2xx is decoded, anything else is rejected.
    /// Declare other meanings here, such as 404 → empty list or 204/404 → true/false.
    func interpret(_ response: HTTPResponse) -> StatusInterpretation<Response>

    /// The decoder used by the default `decode(_:from:)` of `Decodable` responses. Default: ISO 8601 dates.
    var decoder: JSONDecoder { get }

    /// Turns a successful answer, its `body` and its head, into `Response`. Errors thrown here become
    /// `APIError.decodingFailed`.
    func decode(_ body: Data, from response: HTTPResponse) throws -> Response
}

extension Endpoint {
    /// `GET`, unless the endpoint says otherwise.
    public var method: HTTPRequest.Method { .get }
    /// No body, unless the endpoint says otherwise.
    public var body: RequestBody? { nil }
    /// No query items, unless the endpoint says otherwise.
    public var queryItems: [URLQueryItem] { [] }
    /// Nil: the client's `ClientConfiguration.queryEncoder` spells the query.
    public var queryEncoder: (any QueryEncoder)? { nil }
    /// No headers of the endpoint's own; the client's default headers still apply.
    public var headers: HTTPFields { [:] }

    /// Decodes a 2xx answer and rejects every other status with `APIError.unexpectedStatus`.
    public func interpret(_ response: HTTPResponse) -> StatusInterpretation<Response> {
        response.status.kind == .successful ? .decode : .reject
    }

    /// A `JSONDecoder` that reads dates as ISO 8601; an endpoint whose API spells dates otherwise provides its own.
    public var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

extension Endpoint where Response: Decodable {
    /// Decodes the body as `Response` with ``decoder``.
    public func decode(_ body: Data, from response: HTTPResponse) throws -> Response {
        try decoder.decode(Response.self, from: body)
    }
}

extension Endpoint where Response == EmptyResponse {
    /// Ignores the body: a 204 (or any success) carries nothing the caller needs.
    public func decode(_ body: Data, from response: HTTPResponse) throws -> EmptyResponse {
        EmptyResponse()
    }
}

extension Endpoint where Response == String {
    /// The body as UTF-8 text.
    public func decode(_ body: Data, from response: HTTPResponse) throws -> String {
        guard let text = String(data: body, encoding: .utf8) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The body is not valid UTF-8."))
        }
        return text
    }
}

extension Endpoint where Response == Data {
    /// The body bytes as received.
    public func decode(_ body: Data, from response: HTTPResponse) throws -> Data {
        body
    }
}
