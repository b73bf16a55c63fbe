import Foundation

/// One answer as a transport received it: status, headers and the whole body.
public struct HTTPResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// The headers, in the order received.
    public var headers: HTTPHeaders
    /// The whole body (empty when there is none).
    public var body: Data
    /// The URL that answered, when the transport knows it (after redirects it may differ from the request's).
    public var url: URL?

    /// An answer with `status`, `headers` and `body`, from `url` when known.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The links of the `Link` header by relation (`next`, `last`, …), resolved against `url`.
    public var links: [String: URL] { LinkHeader.parse(headers.values(for: "Link"), relativeTo: url) }

    /// The `Total-Count` header (Qiita and others), when present and numeric.
    public var totalCount: Int? { headers["Total-Count"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
}
