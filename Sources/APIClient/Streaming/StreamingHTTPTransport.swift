import Foundation
import HTTPTypes

/// A transport that hands over an answer's body as it arrives, for streamed answers (Server-Sent Events). A transport
/// that is only an ``HTTPTransport`` still serves ``RESTClient/serverSentEvents(_:method:body:queryItems:headers:)``:
/// the whole body is parsed once it has arrived.
public protocol StreamingHTTPTransport: HTTPTransport {
    /// Sends the request with `body` and returns at the answer's head; its body follows. Cancelling the consuming task
    /// (or dropping the stream) must close the connection.
    func stream(_ request: HTTPRequest, body: Data?) async throws -> HTTPStreamedResponse
}

/// An answer whose body is still arriving: its head, and the body's pieces as they come.
public struct HTTPStreamedResponse: Sendable {
    /// The answer's status and header fields.
    public var response: HTTPResponse
    /// The body, piece by piece.
    public var body: AsyncThrowingStream<Data, any Error>

    /// An answer with the head `response`, whose body arrives in `body`.
    public init(response: HTTPResponse, body: AsyncThrowingStream<Data, any Error>) {
        self.response = response
        self.body = body
    }
}
