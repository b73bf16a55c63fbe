import APIClient
import Foundation

extension StubTransport {
    /// One answer of a `StubTransport`: a response, a transport error, or a closure that computes either; each one
    /// possibly after a delay.
    public struct Reply: Sendable {
        private let produce: @Sendable (HTTPRequest) async throws -> HTTPResponse
        /// How long the transport waits, on its clock, before answering.
        private var delay: Duration?

        private init(_ produce: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
            self.produce = produce
        }

        /// Answers with `response`; its `url` is the request's unless the response sets one.
        public static func response(_ response: HTTPResponse) -> Reply {
            Reply { request in
                var response = response
                if response.url == nil { response.url = request.url }
                return response
            }
        }

        /// Answers with `status` and `json` as the body, with `Content-Type: application/json; charset=utf-8`.
        public static func json(_ status: Int = 200, _ json: String, headers: HTTPHeaders = [:]) -> Reply {
            response(HTTPResponse(
                status: status, headers: headers.merging(["Content-Type": "application/json; charset=utf-8"]),
                body: Data(json.utf8)))
        }

        /// Answers with `status` and `text` (UTF-8) as the body; an empty body when `text` is empty.
        public static func text(_ status: Int, _ text: String = "", headers: HTTPHeaders = [:]) -> Reply {
            response(HTTPResponse(status: status, headers: headers, body: Data(text.utf8)))
        }

        /// Throws `error` instead of answering, as a transport does when no answer arrives (connection refused,
        /// timeout). The client reports it as `APIError.transport`, after any retries.
        public static func failure(_ error: any Error) -> Reply {
            Reply { _ in throw error }
        }

        /// Answers with what `handle` returns for the request, or throws what it throws: to echo the request, or to
        /// answer by its headers or body.
        public static func handler(_ handle: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) -> Reply {
            Reply(handle)
        }

        /// This reply, after waiting `delay` on the transport's clock. Cancelling the calling task during the wait
        /// ends it with `CancellationError` (the client reports `APIError.cancelled`).
        public func delayed(by delay: Duration) -> Reply {
            var copy = self
            copy.delay = delay
            return copy
        }

        func answer(_ request: HTTPRequest, clock: any APIClock) async throws -> HTTPResponse {
            if let delay { try await clock.sleep(for: delay) }
            return try await produce(request)
        }
    }
}
