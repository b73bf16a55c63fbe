import Foundation
import HTTPTypes

extension RESTClient {
    /// The Server-Sent Events of a request to `path` (appended to the base URL, as endpoint paths are; `GET` unless
    /// `method` says otherwise, with `body` if given), as they arrive,
    /// parsed by the WHATWG rules (``ServerSentEventParser``). Sent with `Accept: text/event-stream`.
    ///
    /// Stopping the iteration (or cancelling its task) cancels the call, which closes the connection. An answer with a
    /// status other than 2xx ends the stream with ``APIError/unexpectedStatus(request:response:body:errorBody:)``; no
    /// answer at all with ``APIError/transport(request:underlying:)``.
    ///
    /// ```swift
    /// for try await event in client.serverSentEvents("/v1/chat/stream") where event.data != "[DONE]" {
    ///     print(event.data)
    /// }
    /// ```
    public func serverSentEvents(
        _ path: String, method: HTTPRequest.Method = .get, body: RequestBody? = nil, queryItems: [URLQueryItem] = [],
        headers: HTTPFields = [:]
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        let resolution = resolveURL(path: path, queryItems: queryItems, encoder: nil)
        let summary = RequestSummary(method: method.rawValue, url: resolution.attempted)
        let transport = self.transport
        return AsyncThrowingStream { continuation in
            guard let url = resolution.url else {
                continuation.finish(throwing: APIError.invalidURL(request: summary, reason: resolution.problem ?? "not a URL"))
                return
            }
            var all = headers
            if all[.accept] == nil { all[.accept] = "text/event-stream" }
            if let type = body?.contentType, all[.contentType] == nil { all[.contentType] = type }
            let request = HTTPRequest(method: method, url: url, headerFields: all)
            let bytes = body?.data
            let task = Task {
                var parser = ServerSentEventParser()
                do {
                    if let streaming = transport as? any StreamingHTTPTransport {
                        let streamed = try await streaming.stream(request, body: bytes)
                        guard streamed.response.status.kind == .successful else {
                            var received = Data()
                            for try await piece in streamed.body { received.append(piece) }
                            throw APIError.unexpectedStatus(
                                request: summary, response: streamed.response, body: received, errorBody: nil)
                        }
                        for try await piece in streamed.body {
                            for event in parser.feed(piece) { continuation.yield(event) }
                        }
                    } else {
                        let (response, received) = try await transport.send(request, body: bytes)
                        guard response.status.kind == .successful else {
                            throw APIError.unexpectedStatus(
                                request: summary, response: response, body: received, errorBody: nil)
                        }
                        for event in parser.feed(received) { continuation.yield(event) }
                    }
                    continuation.finish()
                } catch let error as APIError {
                    continuation.finish(throwing: error)
                } catch is CancellationError {
                    continuation.finish(throwing: APIError.cancelled(request: summary))
                } catch {
                    continuation.finish(throwing: APIError.transport(request: summary, underlying: error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
