/// An answer to send: status, header fields in order, and the exact body bytes. The engine frames the body itself, so
/// `content-length` and `transfer-encoding` must not be among the headers.
package struct HTTPResponse: Sendable, Equatable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: [UInt8]
    /// Set for a streamed answer: the body goes out in these pieces, at these times.
    package var stream: ResponseStream?

    package init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], stream: ResponseStream? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.stream = stream
    }

    /// A JSON answer whose body is the given compact JSON bytes.
    package static func json(status: Int, _ body: [UInt8], headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var all: HTTPHeaders = [("content-type", "application/json; charset=utf-8")]
        all.fields.append(contentsOf: headers.fields)
        return HTTPResponse(status: status, headers: all, body: body)
    }

    /// A plain-text answer.
    package static func text(status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("content-type", "text/plain; charset=utf-8")], body: Array(body.utf8))
    }
}

/// A response built once (at load time) and sent many times. An engine may keep its own ready-to-send form of it in
/// ``engineCache``, so that serving it costs a lookup and a buffer hand-off.
package final class PreparedResponse: Sendable {
    package let response: HTTPResponse
    package let engineCache = EngineCache()
    /// The headers the engine leaves out (``UnsentHeaders``), found once here for every journal entry of the answer.
    package let unsentHeaders: [String]

    package init(_ response: HTTPResponse) {
        self.response = response
        self.unsentHeaders = UnsentHeaders.names(in: response.headers)
    }
}
