import APIClient
import Foundation

extension GitHub {
    /// `GET /search/issues?q=…`: issues and pull requests matching a search query such as
    /// `"sesame repo:octokit-fixture-org/search-issues"`. The client's default query encoder sends spaces as `%20`,
    /// as GitHub's own clients do.
    public struct SearchIssues: Endpoint {
        public typealias Response = SearchResult<Issue>
        public var query: String
        /// `comments`, `reactions`, `created`, `updated`, …; `nil` sorts by best match.
        public var sort: String?
        /// `asc` or `desc`, with `sort`.
        public var order: String?
        public var perPage: Int?
        public var page: Int?

        public init(query: String, sort: String? = nil, order: String? = nil, perPage: Int? = nil, page: Int? = nil) {
            self.query = query
            self.sort = sort
            self.order = order
            self.perPage = perPage
            self.page = page
        }

        public var path: String { "/search/issues" }

        public var queryItems: [URLQueryItem] {
            var items = [URLQueryItem(name: "q", value: query)]
            if let sort { items.append(URLQueryItem(name: "sort", value: sort)) }
            if let order { items.append(URLQueryItem(name: "order", value: order)) }
            if let perPage { items.append(URLQueryItem(name: "per_page", value: String(perPage))) }
            if let page { items.append(URLQueryItem(name: "page", value: String(page))) }
            return items
        }
    }
}
