import Foundation
import HTTPTypes

/// A one-off call built by chaining, for when declaring an `Endpoint` type is not worth it:
/// ```swift
/// let zen = try await client.request(.get, "/zen").string()
/// let issues = try await client.request(.get, "/repos/o/r/issues").query("state", "open").decode([Issue].self)
/// let issue = try await client.request(.post, "/repos/o/r/issues").json(NewIssue(title: "Hi")).decode(Issue.self)
/// ```
/// The path is appended to the client's base URL. An absolute URL is accepted only when its scheme, host and port are
/// the base URL's (to follow a `url` field of an earlier answer, which a mock rewrites to its own origin); any other
/// (`client.request(.get, "https://other.example.com/x")`) fails with `APIError.invalidURL` and sends nothing.
///
/// The call goes through the same path as typed endpoints: base URL, default and per-call headers, auth refresh,
/// retries, listener events and `APIError`s. Nothing is sent until a terminal call (`string()`, `data()`,
/// `decode(_:)`, `empty()`, `response()`). A value that fails to encode in `json(_:)` is reported by the
/// terminal call as `APIError.encodingFailed`.
public struct RequestBuilder<Method: RequestMethod>: Sendable {
    let client: RESTClient
    let method: Method
    let path: String
    var queryItems: [URLQueryItem] = []
    var queryEncoder: (any QueryEncoder)?
    var headers: HTTPFields = [:]
    var body: RequestBody?

    /// Adds a query item (kept in the order added).
    public func query(_ name: String, _ value: String?) -> Self {
        var copy = self
        copy.queryItems.append(URLQueryItem(name: name, value: value))
        return copy
    }

    /// Adds query items (kept in the order given).
    public func query(_ items: [URLQueryItem]) -> Self {
        var copy = self
        copy.queryItems += items
        return copy
    }

    /// Spells this call's query with `encoder` instead of the client's.
    public func queryEncoder(_ encoder: any QueryEncoder) -> Self {
        var copy = self
        copy.queryEncoder = encoder
        return copy
    }

    /// Sets a header for this call, replacing a default header of the same name.
    public func header(_ name: HTTPField.Name, _ value: String) -> Self {
        var copy = self
        copy.headers[name] = value
        return copy
    }

    /// The answer's body as bytes.
    public func data() async throws(APIError) -> Data {
        try await send { body, _ in body }
    }

    /// The answer's body as UTF-8 text.
    public func string() async throws(APIError) -> String {
        try await send { body, _ in
            guard let text = String(data: body, encoding: .utf8) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The body is not valid UTF-8."))
            }
            return text
        }
    }

    /// The answer's body decoded as JSON (by default with ISO 8601 dates).
    public func decode<T: Decodable & Sendable>(
        _ type: T.Type, decoder: JSONDecoder = RequestBuilder.makeDecoder()
    ) async throws(APIError) -> T {
        try await send { body, _ in try decoder.decode(T.self, from: body) }
    }

    /// Succeeds on any 2xx without reading the body (for 204s).
    public func empty() async throws(APIError) {
        _ = try await send { _, _ in EmptyResponse() }
    }

    /// The accepted (2xx) answer itself: its head (status and header fields) and its body.
    public func response() async throws(APIError) -> (response: HTTPResponse, body: Data) {
        try await send { body, response in (response, body) }
    }

    /// The decoder `decode(_:)` uses unless told otherwise: ISO 8601 dates.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    private func send<Response: Sendable>(
        _ decode: @escaping @Sendable (Data, HTTPResponse) throws -> Response
    ) async throws(APIError) -> Response {
        let endpoint = BuiltEndpoint(
            method: method.httpMethod, body: method.body(body), path: path, queryItems: queryItems,
            queryEncoder: queryEncoder, headers: headers, decodeBody: decode)
        return try await client.send(endpoint)
    }
}

extension RequestBuilder where Method == BodyMethod {
    /// Sends `value` as JSON (sorted keys), with `Content-Type: application/json`.
    public func json(_ value: some Encodable, encoder: JSONEncoder = RequestBody.makeJSONEncoder()) -> Self {
        var copy = self
        copy.body = .json(value, encoder: encoder)
        return copy
    }

    /// Sends `data` as the body, with `contentType` if given.
    public func body(_ data: Data, contentType: String?) -> Self {
        var copy = self
        copy.body = RequestBody(data: data, contentType: contentType)
        return copy
    }
}

/// The endpoint a `RequestBuilder` sends.
struct BuiltEndpoint<Response: Sendable>: Endpoint {
    let method: HTTPRequest.Method
    let body: RequestBody?
    let path: String
    let queryItems: [URLQueryItem]
    let queryEncoder: (any QueryEncoder)?
    let headers: HTTPFields
    let decodeBody: @Sendable (Data, HTTPResponse) throws -> Response

    func decode(_ body: Data, from response: HTTPResponse) throws -> Response {
        try decodeBody(body, response)
    }
}

extension RESTClient {
    /// A call without a request body, to be completed by chaining: `client.request(.get, "/zen").string()`.
    public func request(_ method: BodylessMethod, _ path: String) -> RequestBuilder<BodylessMethod> {
        RequestBuilder(client: self, method: method, path: path)
    }

    /// A call with a request body, to be completed by chaining: `client.request(.post, "/items").json(item)…`.
    public func request(_ method: BodyMethod, _ path: String) -> RequestBuilder<BodyMethod> {
        RequestBuilder(client: self, method: method, path: path)
    }
}
