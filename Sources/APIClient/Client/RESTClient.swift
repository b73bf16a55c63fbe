import Foundation
import HTTPTypes
import Synchronization

/// Sends `Endpoint`s to an HTTP API and returns their typed responses.
///
/// ```swift
/// let client = RESTClient(configuration: .init(baseURL: mockURL), transport: URLSessionTransport())
/// let user = try await client.send(GetUser(login: "octocat"))
/// ```
/// Each call builds its URL from the base URL, sends it through the transport with the default, endpoint and
/// per-call headers, renews credentials once after a 401, retries as the `RetryPolicy` says, and reports every step
/// to the listeners (see `APIEvent`). Failures are `APIError`s that keep the request, the answer and the cause.
/// Cancelling the calling task ends the call with `APIError.cancelled`, also while it waits to retry.
///
/// Besides `send(_:headers:)`: `pages(_:)` follows `Link: rel="next"`, `poll(_:every:)` repeats a call, and
/// `request(_:_:)` makes a one-off call without an endpoint type. All of them go through the same call path.
public final class RESTClient: Sendable {
    /// The base URL, headers, credentials, retries, listeners and clock every call uses.
    public let configuration: ClientConfiguration
    /// What sends the requests: `URLSessionTransport` by default, any ``HTTPTransport`` in tests.
    public let transport: any HTTPTransport
    private let callCounter = Atomic<Int>(0)

    /// A client that sends calls with `configuration` through `transport`.
    public init(configuration: ClientConfiguration, transport: any HTTPTransport = URLSessionTransport()) {
        self.configuration = configuration
        self.transport = transport
    }

    /// A client with the default configuration for `baseURL`.
    public convenience init(baseURL: URL, transport: any HTTPTransport = URLSessionTransport()) {
        self.init(configuration: ClientConfiguration(baseURL: baseURL), transport: transport)
    }

    /// Sends `endpoint` and returns its decoded response.
    /// - Parameters:
    ///   - endpoint: what to send, and how to read the answer.
    ///   - headers: headers for this call only; they override default and endpoint headers of the same name.
    public func send<E: Endpoint>(_ endpoint: E, headers: HTTPFields = [:]) async throws(APIError) -> E.Response {
        try await execute(endpoint, headers: headers).value
    }

    /// Sends `endpoint` and returns its decoded response together with the head of the answer it came from (status,
    /// header fields).
    public func sendWithResponse<E: Endpoint>(
        _ endpoint: E, headers: HTTPFields = [:]
    ) async throws(APIError) -> (value: E.Response, response: HTTPResponse) {
        let delivery = try await execute(endpoint, headers: headers)
        return (delivery.value, delivery.response)
    }

    func nextCallID() -> Int {
        callCounter.add(1, ordering: .relaxed).newValue
    }
}
