import APIClient
import Foundation

extension StubTransport {
    /// One answer of a `StubTransport`: a response, a transport error, a closure that computes either, or a stream
    /// (``stream(_:status:headers:)``); each one possibly after a delay.
    public struct Reply: Sendable {
        private let produce: @Sendable (HTTPRequest) async throws -> HTTPResponse
        /// Set for a streamed answer: its head, and its body in pieces (``StreamPiece``).
        let streamed: (status: Int, headers: HTTPHeaders, pieces: [StreamPiece])?
        /// How long the transport waits, on its clock, before answering.
        private var delay: Duration?

        private init(_ produce: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
            self.produce = produce
            self.streamed = nil
        }

        private init(status: Int, headers: HTTPHeaders, pieces: [StreamPiece]) {
            self.streamed = (status, headers, pieces)
            self.produce = { request in
                // Asked through `send` (not as a stream): the whole body (`answer` has waited and failed as the
                // pieces say).
                var body = Data()
                for case .data(let data) in pieces { body.append(data) }
                return HTTPResponse(status: status, headers: headers, body: body, url: request.url)
            }
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

        /// Answers with a body that arrives in pieces, for code that reads a stream
        /// (`RESTClient.serverSentEvents`): each `.text` or `.data` piece is handed over as it comes, `.wait` pauses
        /// on the transport's clock, and `.failure` breaks the stream off with that error, as a dropped connection
        /// does. Stopping the stream (or cancelling its reader) stops the pieces. Asked through `send`, the reply is
        /// the whole body, after every wait, or the failure.
        ///
        /// ```swift
        /// let stub = StubTransport().on("GET", "/v1/stream", .stream([
        ///     .text("data: Hel\n\n"), .wait(.milliseconds(30)), .text("data: lo\n\n"),
        ///     .failure(URLError(.networkConnectionLost)),
        /// ]))
        /// ```
        public static func stream(
            _ pieces: [StreamPiece], status: Int = 200, headers: HTTPHeaders = ["Content-Type": "text/event-stream"]
        ) -> Reply {
            Reply(status: status, headers: headers, pieces: pieces)
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
            for piece in streamed?.pieces ?? [] {
                switch piece {
                case .data: break
                case .wait(let gap): try await clock.sleep(for: gap)
                case .failure(let error): throw error
                }
            }
            return try await produce(request)
        }

        /// The answer as a stream: the head after any delay, then the pieces (a whole answer is one piece).
        func streamedAnswer(_ request: HTTPRequest, clock: any APIClock) async throws -> HTTPStreamedResponse {
            guard let streamed else {
                let response = try await answer(request, clock: clock)
                return HTTPStreamedResponse(
                    status: response.status, headers: response.headers,
                    body: AsyncThrowingStream { continuation in
                        if !response.body.isEmpty { continuation.yield(response.body) }
                        continuation.finish()
                    })
            }
            if let delay { try await clock.sleep(for: delay) }
            let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            let feeding = Task {
                do {
                    for piece in streamed.pieces {
                        switch piece {
                        case .data(let data): continuation.yield(data)
                        case .wait(let gap): try await clock.sleep(for: gap)
                        case .failure(let error): throw error
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in feeding.cancel() }
            return HTTPStreamedResponse(status: streamed.status, headers: streamed.headers, body: body)
        }
    }

    /// A piece of a streamed reply (``Reply/stream(_:status:headers:)``).
    public enum StreamPiece: Sendable {
        /// Bytes of the body, handed over as one piece.
        case data(Data)
        /// A pause before the next piece, on the transport's clock.
        case wait(Duration)
        /// The stream breaks off with this error (the client reports `APIError.transport`).
        case failure(any Error)

        /// Text of the body (UTF-8), handed over as one piece.
        public static func text(_ text: String) -> StreamPiece { .data(Data(text.utf8)) }
    }
}
