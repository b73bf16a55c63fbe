import Foundation
import HTTPTypes

/// What an answer's status means for one endpoint: decode the body, a fixed value, or a failure.
///
/// Endpoints declare it in `Endpoint.interpret(_:)`, so the client core has no special cases:
/// ```swift
/// // GitHub's GET /user/following/{user}: 204 means yes, 404 means no.
/// func interpret(_ response: HTTPResponse) -> StatusInterpretation<Bool> {
///     switch response.status.code {
///     case 204: .value(true)
///     case 404: .value(false)
///     default: .reject
///     }
/// }
/// ```
public enum StatusInterpretation<Response: Sendable>: Sendable {
    /// The status is accepted and the body is decoded with `Endpoint.decode(_:from:)`.
    case decode
    /// The status is accepted and means `Response` by itself; the body is not read.
    case value(Response)
    /// The status is not accepted: the client may refresh credentials (401) or retry (per its `RetryPolicy`),
    /// and otherwise fails with `APIError.unexpectedStatus`.
    case reject
}

/// An endpoint with one status read as a fixed value; made by `Endpoint.treating(_:as:)`.
public struct StatusTreatedEndpoint<Base: Endpoint>: Endpoint {
    /// The wrapped endpoint's response type.
    public typealias Response = Base.Response

    /// The endpoint whose other statuses are read as it reads them.
    public let base: Base
    /// The status read as ``value``.
    public let status: HTTPResponse.Status
    /// What the call returns when the answer has ``status``.
    public let value: Base.Response

    /// The wrapped endpoint's method.
    public var method: HTTPRequest.Method { base.method }
    /// The wrapped endpoint's body.
    public var body: RequestBody? { base.body }
    /// The wrapped endpoint's path.
    public var path: String { base.path }
    /// The wrapped endpoint's query items.
    public var queryItems: [URLQueryItem] { base.queryItems }
    /// The wrapped endpoint's query encoder.
    public var queryEncoder: (any QueryEncoder)? { base.queryEncoder }
    /// The wrapped endpoint's headers.
    public var headers: HTTPFields { base.headers }
    /// The wrapped endpoint's decoder.
    public var decoder: JSONDecoder { base.decoder }

    /// ``value`` for ``status``; for any other status, what the wrapped endpoint says.
    public func interpret(_ response: HTTPResponse) -> StatusInterpretation<Base.Response> {
        response.status == status ? .value(value) : base.interpret(response)
    }

    /// Decodes the body as the wrapped endpoint does.
    public func decode(_ body: Data, from response: HTTPResponse) throws -> Base.Response {
        try base.decode(body, from: response)
    }
}

extension Endpoint {
    /// This endpoint, with `status` meaning `value`: `ListIssues(…).treating(404, as: [])` reads a missing
    /// repository as no issues. Other statuses are read as this endpoint reads them.
    public func treating(_ status: HTTPResponse.Status, as value: Response) -> StatusTreatedEndpoint<Self> {
        StatusTreatedEndpoint(base: self, status: status, value: value)
    }
}
