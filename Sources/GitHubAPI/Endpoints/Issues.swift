import APIClient
import Foundation

extension GitHub {
    /// `GET /repos/{owner}/{repo}/issues`: one page of issues (and pull requests). Follow the rest with
    /// `RESTClient.pages(_:)`, which reads the `Link` header.
    public struct ListIssues: Endpoint {
        public typealias Response = [Issue]
        public var owner: String
        public var repo: String
        /// `open` (GitHub's default), `closed` or `all`; `nil` sends nothing.
        public var state: String?
        /// Label names; an issue must have all of them.
        public var labels: [String]
        /// 1–100; `nil` leaves GitHub's default (30).
        public var perPage: Int?
        public var page: Int?

        public init(owner: String, repo: String, state: String? = nil, labels: [String] = [],
                    perPage: Int? = nil, page: Int? = nil) {
            self.owner = owner
            self.repo = repo
            self.state = state
            self.labels = labels
            self.perPage = perPage
            self.page = page
        }

        public var path: String { EndpointPath.join("repos", owner, repo, "issues") }

        public var queryItems: [URLQueryItem] {
            var items: [URLQueryItem] = []
            if let state { items.append(URLQueryItem(name: "state", value: state)) }
            if !labels.isEmpty { items.append(URLQueryItem(name: "labels", value: labels.joined(separator: ","))) }
            if let perPage { items.append(URLQueryItem(name: "per_page", value: String(perPage))) }
            if let page { items.append(URLQueryItem(name: "page", value: String(page))) }
            return items
        }
    }

    /// `POST /repos/{owner}/{repo}/issues`: creates an issue (201).
    public struct CreateIssue: Endpoint {
        public typealias Response = Issue
        public var owner: String
        public var repo: String
        public var issue: NewIssue
        public init(owner: String, repo: String, issue: NewIssue) {
            self.owner = owner
            self.repo = repo
            self.issue = issue
        }
        public var method: HTTPRequest.Method { .post }
        public var body: RequestBody? { .json(issue) }
        public var path: String { EndpointPath.join("repos", owner, repo, "issues") }
    }

    /// `POST /repos/{owner}/{repo}/issues/{number}/labels`: adds labels; answers with all the issue's labels.
    public struct AddLabels: Endpoint {
        public typealias Response = [Label]
        public var owner: String
        public var repo: String
        public var number: Int
        public var labels: [String]
        public init(owner: String, repo: String, number: Int, labels: [String]) {
            self.owner = owner
            self.repo = repo
            self.number = number
            self.labels = labels
        }
        public var method: HTTPRequest.Method { .post }
        public var body: RequestBody? { .json(["labels": labels]) }
        public var path: String { EndpointPath.join("repos", owner, repo, "issues", String(number), "labels") }
    }

    /// `PUT /repos/{owner}/{repo}/issues/{number}/lock`: locks the conversation (204, no body).
    public struct LockIssue: Endpoint {
        public typealias Response = EmptyResponse
        public var owner: String
        public var repo: String
        public var number: Int
        /// `off-topic`, `too heated`, `resolved` or `spam`; `nil` sends no body at all.
        public var reason: String?
        public init(owner: String, repo: String, number: Int, reason: String? = nil) {
            self.owner = owner
            self.repo = repo
            self.number = number
            self.reason = reason
        }
        public var method: HTTPRequest.Method { .put }
        public var body: RequestBody? { reason.map { .json(["lock_reason": $0]) } ?? .empty }
        public var path: String { EndpointPath.join("repos", owner, repo, "issues", String(number), "lock") }
    }
}
