import Foundation

/// A transport that hands over an answer's body as it arrives, for streamed answers (Server-Sent Events). A transport
/// that is only an ``HTTPTransport`` still serves ``RESTClient/serverSentEvents(_:method:queryItems:headers:)``: the
/// whole body is parsed once it has arrived.
public protocol StreamingHTTPTransport: HTTPTransport {
    /// Sends the request and returns at the answer's head; its body follows in `body`. Cancelling the consuming task
    /// (or dropping the stream) must close the connection.
    func stream(_ request: HTTPRequest) async throws -> HTTPStreamedResponse
}

/// The head of an answer whose body is still arriving.
public struct HTTPStreamedResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: AsyncThrowingStream<Data, any Error>

    public init(status: Int, headers: HTTPHeaders = [:], body: AsyncThrowingStream<Data, any Error>) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
