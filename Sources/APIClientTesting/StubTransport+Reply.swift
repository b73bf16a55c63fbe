import APIClient
import Foundation
import HTTPTypes

extension StubTransport {
    /// One answer of a `StubTransport`: a response, a transport error, a closure that computes either, or a stream
    /// (``stream(_:status:headers:)``); each one possibly after a delay.
    public struct Reply: Sendable {
        private let produce: @Sendable (ReceivedRequest) async throws -> (HTTPResponse, Data)
        /// Set for a streamed answer: its head, and its body in pieces (``StreamPiece``).
        let streamed: StreamedReply?
        /// How long the transport waits, on its clock, before answering.
        private var delay: Duration?

        /// The head of a streamed reply and its pieces.
        struct StreamedReply: Sendable {
            var response: HTTPResponse
            var pieces: [StreamPiece]
        }

        private init(_ produce: @escaping @Sendable (ReceivedRequest) async throws -> (HTTPResponse, Data)) {
            self.produce = produce
            self.streamed = nil
        }

        private init(streamed: StreamedReply) {
            self.streamed = streamed
            self.produce = { _ in
                // Asked through `send` (not as a stream): the whole body (`answer` has waited and failed as the
                // pieces say).
                var body = Data()
                for case .data(let data) in streamed.pieces { body.append(data) }
                return (streamed.response, body)
            }
        }

        /// Answers with `response` and `body`.
        public static func response(_ response: HTTPResponse, body: Data = Data()) -> Reply {
            Reply { _ in (response, body) }
        }

        /// Answers with `status` and `json` as the body, with `Content-Type: application/json; charset=utf-8`.
        public static func json(_ status: HTTPResponse.Status = .ok, _ json: String, headers: HTTPFields = [:]) -> Reply {
            var fields = headers
            fields[.contentType] = "application/json; charset=utf-8"
            return response(HTTPResponse(status: status, headerFields: fields), body: Data(json.utf8))
        }

        /// Answers with `status` and `text` (UTF-8) as the body; an empty body when `text` is empty.
        public static func text(_ status: HTTPResponse.Status, _ text: String = "", headers: HTTPFields = [:]) -> Reply {
            response(HTTPResponse(status: status, headerFields: headers), body: Data(text.utf8))
        }

        /// Throws `error` instead of answering, as a transport does when no answer arrives (connection refused,
        /// timeout). The client reports it as `APIError.transport`, after any retries.
        public static func failure(_ error: any Error) -> Reply {
            Reply { _ in throw error }
        }

        /// Answers with the reply `handle` returns for the request, or throws what it throws: to echo the request,
        /// or to answer by its headers or body.
        public static func handler(_ handle: @escaping @Sendable (ReceivedRequest) async throws -> Reply) -> Reply {
            // The handler's reply is taken as it is computed, without a delay of its own.
            Reply { request in try await handle(request).produce(request) }
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
            _ pieces: [StreamPiece], status: HTTPResponse.Status = .ok,
            headers: HTTPFields = [.contentType: "text/event-stream"]
        ) -> Reply {
            Reply(streamed: StreamedReply(response: HTTPResponse(status: status, headerFields: headers), pieces: pieces))
        }

        /// This reply, after waiting `delay` on the transport's clock. Cancelling the calling task during the wait
        /// ends it with `CancellationError` (the client reports `APIError.cancelled`).
        public func delayed(by delay: Duration) -> Reply {
            var copy = self
            copy.delay = delay
            return copy
        }

        /// The answer, after the reply's delay and the pauses of its pieces on `clock`.
        func answer(_ request: ReceivedRequest, clock: any APIClock) async throws -> (HTTPResponse, Data) {
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
        func streamedAnswer(_ request: ReceivedRequest, clock: any APIClock) async throws -> HTTPStreamedResponse {
            guard let streamed else {
                let (response, body) = try await answer(request, clock: clock)
                return HTTPStreamedResponse(
                    response: response,
                    body: AsyncThrowingStream { continuation in
                        if !body.isEmpty { continuation.yield(body) }
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
            return HTTPStreamedResponse(response: streamed.response, body: body)
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
