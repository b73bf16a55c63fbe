import Foundation

extension RESTClient {
    /// The Server-Sent Events of a request to `path` (appended to the base URL, as endpoint paths are; `GET` unless
    /// `method` says otherwise, with its body), as they arrive,
    /// parsed by the WHATWG rules (``ServerSentEventParser``). Sent with `Accept: text/event-stream`.
    ///
    /// Stopping the iteration (or cancelling its task) cancels the call, which closes the connection. An answer with a
    /// status other than 2xx ends the stream with ``APIError/unexpectedStatus(request:response:errorBody:)``; no
    /// answer at all with ``APIError/transport(request:underlying:)``.
    ///
    /// ```swift
    /// for try await event in client.serverSentEvents("/v1/chat/stream") where event.data != "[DONE]" {
    ///     print(event.data)
    /// }
    /// ```
    public func serverSentEvents(
        _ path: String, method: HTTPMethod = .get, queryItems: [URLQueryItem] = [], headers: HTTPHeaders = [:]
    ) -> AsyncThrowingStream<ServerSentEvent, any Error> {
        let resolution = resolveURL(path: path, queryItems: queryItems, encoder: nil)
        let summary = RequestSummary(method: method.name, url: resolution.attempted)
        let transport = self.transport
        return AsyncThrowingStream { continuation in
            guard let url = resolution.url else {
                continuation.finish(throwing: APIError.invalidURL(request: summary, reason: resolution.problem ?? "not a URL"))
                return
            }
            var all = headers
            if all["Accept"] == nil { all.add("Accept", "text/event-stream") }
            if let type = method.body?.contentType, all["Content-Type"] == nil { all.add("Content-Type", type) }
            let request = HTTPRequest(method: method, url: url, headers: all)
            let task = Task {
                var parser = ServerSentEventParser()
                do {
                    if let streaming = transport as? any StreamingHTTPTransport {
                        let response = try await streaming.stream(request)
                        guard (200..<300).contains(response.status) else {
                            var body = Data()
                            for try await piece in response.body { body.append(piece) }
                            throw APIError.unexpectedStatus(
                                request: summary, response: HTTPResponse(status: response.status, headers: response.headers, body: body, url: url),
                                errorBody: nil)
                        }
                        for try await piece in response.body {
                            for event in parser.feed(piece) { continuation.yield(event) }
                        }
                    } else {
                        let response = try await transport.send(request)
                        guard response.isSuccess else {
                            throw APIError.unexpectedStatus(request: summary, response: response, errorBody: nil)
                        }
                        for event in parser.feed(response.body) { continuation.yield(event) }
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
