import Foundation
import HTTPTypes

/// Everything a `RESTClient` needs to know besides its transport.
///
/// `baseURL` is how tests point a client at a mock: endpoint paths are appended to it, after any path prefix it has
/// (`http://127.0.0.1:8080/api/v2` + `/items` → `http://127.0.0.1:8080/api/v2/items`).
public struct ClientConfiguration: Sendable {
    /// Scheme, host, port and an optional path prefix. It must not carry a query or fragment.
    public var baseURL: URL
    /// Sent with every request unless the endpoint or the call sets the same name. Default: User-Agent and Accept.
    public var defaultHeaders: HTTPFields
    /// Adds credentials to requests for `baseURL`'s origin and renews them after a 401.
    public var auth: (any AuthProvider)?
    /// When and how long to wait before repeating a failed attempt; `RetryPolicy()` by default, `.never` for none.
    public var retryPolicy: RetryPolicy
    /// Spells query items; default `PercentQueryEncoder()` (spaces as `%20`).
    public var queryEncoder: any QueryEncoder
    /// Reads the API's error document from unaccepted answers into `APIError.unexpectedStatus`.
    public var errorBodyDecoder: ErrorBodyDecoder?
    /// Told about every call, in order; see `APIEvent`.
    public var listeners: [any APIListener]
    /// What time it is and how to wait; inject a test clock to keep tests from sleeping.
    public var clock: any APIClock

    /// A configuration for calls to `baseURL`; every other setting has the default its property names.
    public init(
        baseURL: URL,
        defaultHeaders: HTTPFields = ClientConfiguration.standardHeaders(),
        auth: (any AuthProvider)? = nil,
        retryPolicy: RetryPolicy = .default,
        queryEncoder: any QueryEncoder = PercentQueryEncoder(),
        errorBodyDecoder: ErrorBodyDecoder? = nil,
        listeners: [any APIListener] = [],
        clock: any APIClock = SystemClock()
    ) {
        self.baseURL = baseURL
        self.defaultHeaders = defaultHeaders
        self.auth = auth
        self.retryPolicy = retryPolicy
        self.queryEncoder = queryEncoder
        self.errorBodyDecoder = errorBodyDecoder
        self.listeners = listeners
        self.clock = clock
    }

    /// `User-Agent` and `Accept` headers.
    public static func standardHeaders(
        userAgent: String = "mockapi-APIClient/1", accept: String = "application/json"
    ) -> HTTPFields {
        [.userAgent: userAgent, .accept: accept]
    }
}
