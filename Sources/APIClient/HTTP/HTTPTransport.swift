import Foundation
import HTTPTypes

/// Sends one HTTP request and returns the answer: the seam where a client meets the network.
///
/// Requests and responses are swift-http-types' `HTTPRequest` and `HTTPResponse`, with the body beside them, as
/// swift-openapi-runtime's transports take them. `URLSessionTransport` is the default. Tests inject a stub; other
/// stacks (AsyncHTTPClient, a proxy) can be plugged in the same way. A transport must:
/// - return every HTTP answer, whatever its status: status handling, retries and auth refresh belong to the client;
/// - throw only when no HTTP answer arrived (connection refused, timeout, TLS failure, …);
/// - honour task cancellation, throwing `CancellationError` (or `URLError.cancelled`) promptly.
public protocol HTTPTransport: Sendable {
    /// Sends `request` with `body` (nil for none) and returns the answer's head and its whole body, whatever its
    /// status; throws only when no answer arrived.
    func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data)
}
