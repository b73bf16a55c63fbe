/// A request on its way to the real API: an absolute URL, and the headers and body to send as they are.
public struct UpstreamRequest: Sendable, Equatable {
    public var method: String
    /// `https://api.github.com/repos/o/r/issues?state=open`: the upstream's URL, then the path and raw query exactly as
    /// the client sent them.
    public var url: String
    public var headers: HTTPHeaders
    /// Nil sends no body at all; an empty array sends `Content-Length: 0`.
    public var body: [UInt8]?

    public init(method: String, url: String, headers: HTTPHeaders = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// The real API's answer, as it came: status, every header field in order (repeated `Set-Cookie` kept), and the body
/// bytes still in their content coding.
public struct UpstreamResponse: Sendable, Equatable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: Int, headers: HTTPHeaders = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why no answer came from upstream. An answer with status 4xx or 5xx is not an error: it is recorded.
public struct UpstreamError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
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
        /// Anything else the HTTP client reported.
        case other
    }

    public let kind: Kind
    /// The URL that was requested.
    public let url: String
    /// What the HTTP client said, for people.
    public let detail: String

    public init(kind: Kind, url: String, detail: String) {
        self.kind = kind
        self.url = url
        self.detail = detail
    }

    /// 504 Gateway Timeout for a timeout, 502 Bad Gateway for everything else.
    public var status: Int { kind == .timeout ? 504 : 502 }

    /// `connection refused`, in words that fit after "upstream … failed:".
    public var summary: String {
        switch kind {
        case .refused: "connection refused"
        case .reset: "connection reset or closed before the answer was complete"
        case .dns: "host name does not resolve"
        case .timeout: "no answer in time"
        case .tls: "TLS handshake failed"
        case .tooLarge: "answer too large"
        case .other: "request failed"
        }
    }

    public var description: String { "\(url): \(summary): \(detail)" }
}

/// Where the recorder sends requests: the real API. Implemented over AsyncHTTPClient in `MockAPIServer`, and by test
/// doubles; it must not follow redirects nor decode content codings, so that what it returns is what the API sent.
public protocol Upstream: Sendable {
    func send(_ request: UpstreamRequest) async throws(UpstreamError) -> UpstreamResponse
}
