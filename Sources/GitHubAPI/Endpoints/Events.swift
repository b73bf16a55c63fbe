import APIClient
import Foundation

extension GitHub {
    /// `GET /repos/{owner}/{repo}/events`: the repository's recent activity, newest first.
    ///
    /// GitHub meant events for polling: each answer carries `X-Poll-Interval` (seconds), which
    /// `RESTClient.poll(_:every:)` obeys when it is longer than the interval asked for:
    /// ```swift
    /// for await result in github.rest.poll(GitHub.ListRepositoryEvents(owner: "octocat", repo: "Hello-World"),
    ///                                      every: .seconds(60)) { … }
    /// ```
    public struct ListRepositoryEvents: Endpoint {
        public typealias Response = [Event]
        public var owner: String
        public var repo: String
        /// 1–100; `nil` leaves GitHub's default (30).
        public var perPage: Int?
        public var page: Int?

        public init(owner: String, repo: String, perPage: Int? = nil, page: Int? = nil) {
            self.owner = owner
            self.repo = repo
            self.perPage = perPage
            self.page = page
        }

        public var path: String { EndpointPath.join("repos", owner, repo, "events") }

        public var queryItems: [URLQueryItem] {
            var items: [URLQueryItem] = []
            if let perPage { items.append(URLQueryItem(name: "per_page", value: String(perPage))) }
            if let page { items.append(URLQueryItem(name: "page", value: String(page))) }
            return items
        }
    }
}
