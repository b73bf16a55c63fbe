/// Builds the answer for a recorded response once, at load time: framing headers dropped (the engine frames the body
/// itself) and upstream URLs rewritten.
package enum ResponsePreparer {
    /// Headers never replayed as recorded: hop-by-hop ones, and framing the engine does itself. `content-encoding` is
    /// among them because cassettes store bodies decoded.
    package static let unreplayedHeaders: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "transfer-encoding", "content-length", "content-encoding",
        "te", "trailer", "upgrade",
    ]

    /// Headers whose values may hold absolute URLs to rewrite.
    package static let urlHeaders: Set<String> = ["link", "location", "content-location"]

    /// Whether a field of this name (in any case) is one of ``urlHeaders``: compared in place, without lowering the
    /// name into a new string and hashing it, for every field of every answer a recorder passes on.
    static func isURLHeader(_ name: String) -> Bool {
        urlHeaders.contains { name.equalsIgnoringASCIICase($0) }
    }

    package static func prepare(_ response: RecordedResponse, rewriter: URLRewriter?,
                                streamTiming: StreamTiming = .none) -> HTTPResponse {
        var headers = HTTPHeaders()
        for field in response.headers {
            let name = field.name.lowercased()
            guard !unreplayedHeaders.contains(name) else { continue }
            if let rewriter, urlHeaders.contains(name) {
                headers.append(field.name, rewriter.rewrite(field.value))
            } else {
                headers.append(field.name, field.value)
            }
        }
        if case .chunks(let chunked) = response.body {
            // Rewritten chunk by chunk, so each keeps its own boundary.
            let chunks = chunked.chunks.map { chunk in
                guard let rewriter, String(validating: chunk.bytes, as: UTF8.self) != nil else { return chunk.bytes }
                return rewriter.rewrite(chunk.bytes)
            }
            let stream = ResponseStream(chunks, atMs: chunked.chunks.map(\.atMs), timing: streamTiming, cut: chunked.cut != nil)
            return HTTPResponse(status: response.status, headers: headers, body: Array(chunks.joined()), stream: stream)
        }
        var body = response.body.bytes
        if let rewriter {
            switch response.body {
            case .json, .text: body = rewriter.rewrite(body)
            case .none, .binary, .chunks: break
            }
        }
        return HTTPResponse(status: response.status, headers: headers, body: body)
    }
}
