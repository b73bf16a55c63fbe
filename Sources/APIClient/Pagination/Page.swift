import Foundation

/// One page of a paginated list: its decoded content and what the answer says about the others.
public struct Page<Content: Sendable>: Sendable {
    /// The endpoint's decoded `Response` for this page (for list endpoints, the page's items).
    public var content: Content
    /// The answer the page came from.
    public var response: HTTPResponse

    /// A page of `content`, read from `response`.
    public init(content: Content, response: HTTPResponse) {
        self.content = content
        self.response = response
    }

    /// The `Link` header's `rel="next"` target, absolute, as the server sent it. `nil` on the last page.
    public var next: URL? { response.links["next"] }

    /// Every relation of the `Link` header (`next`, `prev`, `first`, `last`).
    public var links: [String: URL] { response.links }

    /// The number of items of the whole list, from the `Total-Count` header when the API sends one (Qiita).
    public var totalCount: Int? { response.totalCount }
}
