import Foundation
import HTTPTypes

/// One page of a paginated list: its decoded content and what the answer says about the others.
public struct Page<Content: Sendable>: Sendable {
    /// The endpoint's decoded `Response` for this page (for list endpoints, the page's items).
    public var content: Content
    /// The head of the answer the page came from (status and header fields).
    public var response: HTTPResponse
    /// The URL the page was asked from; relative links are resolved against it.
    public var url: URL

    /// A page of `content`, read from `response`, the answer to a request for `url`.
    public init(content: Content, response: HTTPResponse, url: URL) {
        self.content = content
        self.response = response
        self.url = url
    }

    /// The `Link` header's `rel="next"` target, absolute, as the server sent it. `nil` on the last page.
    public var next: URL? { links["next"] }

    /// Every relation of the `Link` header (`next`, `prev`, `first`, `last`).
    public var links: [String: URL] { response.links(relativeTo: url) }

    /// The number of items of the whole list, from the `Total-Count` header when the API sends one (Qiita).
    public var totalCount: Int? { response.totalCount }
}
