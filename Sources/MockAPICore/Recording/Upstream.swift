/// A request on its way to the real API: an absolute URL, and the headers and body to send as they are.
package struct UpstreamRequest: Sendable, Equatable {
    package var method: String
    /// `https://api.github.com/repos/o/r/issues?state=open`: the upstream's URL, then the path and raw query exactly as
    /// the client sent them.
    package var url: String
    package var headers: HTTPHeaders
    /// Nil sends no body at all; an empty array sends `Content-Length: 0`.
    package var body: [UInt8]?

    package init(method: String, url: String, headers: HTTPHeaders = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// The real API's answer, as it came: status, every header field in order (repeated `Set-Cookie` kept), and the body
/// bytes still in their content coding.
package struct UpstreamResponse: Sendable, Equatable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: [UInt8]
    /// Set when the body streams: ``body`` is then empty and the pieces come here as they arrive.
    package var stream: UpstreamBodyStream?

    package init(status: Int, headers: HTTPHeaders = [], body: [UInt8] = [], stream: UpstreamBodyStream? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.stream = stream
    }
}

/// Why no answer came from upstream. An answer with status 4xx or 5xx is not an error: it is recorded.
package struct UpstreamError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: String, Sendable {
        /// Nothing listens at the address (ECONNREFUSED).
        case refused
        /// The connection was reset or closed before a complete answer.
        case reset
        /// The host name does not resolve.
        case dns
        /// No complete answer within the time allowed (`--upstream-timeout`).
        case timeout
        /// The TLS handshake failed (certificate, protocol).
        case tls
        /// The answer's body is larger than the recorder accepts.
        case tooLarge
        /// The call was cancelled because mockapi is stopping (SIGINT/SIGTERM, the server stopped).
        case stopping
        /// Anything else the HTTP client reported.
        case other
    }

    package let kind: Kind
    /// The URL that was requested.
    package let url: String
    /// What the HTTP client said, for people.
    package let detail: String

    package init(kind: Kind, url: String, detail: String) {
        self.kind = kind
        self.url = url
        self.detail = detail
    }

    /// 504 Gateway Timeout for a timeout, 503 Service Unavailable when mockapi is stopping, 502 Bad Gateway for
    /// everything else.
    package var status: Int {
        switch kind {
        case .timeout: 504
        case .stopping: 503
        default: 502
        }
    }

    /// `connection refused`, in words that fit after "upstream … failed:".
    package var summary: String {
        switch kind {
        case .refused: "connection refused"
        case .reset: "connection reset or closed before the answer was complete"
        case .dns: "host name does not resolve"
        case .timeout: "no answer in time"
        case .tls: "TLS handshake failed"
        case .tooLarge: "answer too large"
        case .stopping: "cancelled because mockapi is stopping"
        case .other: "request failed"
        }
    }

    package var description: String { "\(url): \(summary): \(detail)" }
}

/// Where the recorder sends requests: the real API. Implemented over AsyncHTTPClient in `MockAPIServer`, and by test
/// doubles; it must not follow redirects nor decode content codings, so that what it returns is what the API sent.
package protocol Upstream: Sendable {
    func send(_ request: UpstreamRequest) async throws(UpstreamError) -> UpstreamResponse
    /// Sends the request now, on the caller's thread, and returns without waiting for the answer (see
    /// ``UpstreamCall``). The default runs ``send(_:)`` in a task.
    func start(_ request: UpstreamRequest) -> UpstreamCall
}
