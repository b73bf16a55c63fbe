import APIClient
import Foundation

/// A typed GitHub client: one method per supported endpoint, on top of a `RESTClient`.
///
/// ```swift
/// let github = GitHubClient(token: token)                        // api.github.com
/// let mocked = GitHubClient(baseURL: replayServer.baseURL)       // the same client, pointed at a mock
/// let issues = try await github.issues(owner: "o", repo: "r", perPage: 3).allItems()
/// ```
/// Failures are `APIError`s; GitHub's error document is in `error.errorBody(as: GitHub.ErrorBody.self)`.
public struct GitHubClient: Sendable {
    /// The client that sends the calls; use it to send endpoints this type has no method for.
    public let rest: RESTClient

    /// - Parameters:
    ///   - baseURL: `https://api.github.com`, or a mock's URL (which may carry a path prefix).
    ///   - token: sent as `Authorization: Bearer …` to `baseURL`'s origin.
    ///   - transport: how requests are sent; `URLSessionTransport()` by default.
    ///   - configure: changes to GitHub's default configuration (retry policy, listeners, clock, …).
    public init(
        baseURL: URL = GitHub.defaultBaseURL, token: String? = nil,
        transport: any HTTPTransport = URLSessionTransport(),
        configure: (inout ClientConfiguration) -> Void = { _ in }
    ) {
        var configuration = GitHub.configuration(baseURL: baseURL, token: token)
        configure(&configuration)
        self.rest = RESTClient(configuration: configuration, transport: transport)
    }

    /// A GitHub client over a `RESTClient` configured by the caller.
    public init(rest: RESTClient) {
        self.rest = rest
    }

    /// `GET /zen`
    public func zen() async throws(APIError) -> String {
        try await rest.send(GitHub.Zen())
    }

    /// `GET /users/{login}`
    public func user(_ login: String) async throws(APIError) -> GitHub.User {
        try await rest.send(GitHub.GetUser(login: login))
    }

    /// `GET /user`
    public func authenticatedUser() async throws(APIError) -> GitHub.User {
        try await rest.send(GitHub.GetAuthenticatedUser())
    }

    /// `GET /repos/{owner}/{repo}`
    public func repository(owner: String, repo: String) async throws(APIError) -> GitHub.Repository {
        try await rest.send(GitHub.GetRepository(owner: owner, repo: repo))
    }

    /// `GET /orgs/{org}`
    public func organization(_ org: String) async throws(APIError) -> GitHub.Organization {
        try await rest.send(GitHub.GetOrganization(org: org))
    }

    /// The pages of `GET /repos/{owner}/{repo}/issues`, fetched as they are iterated.
    public func issues(
        owner: String, repo: String, state: String? = nil, perPage: Int? = nil
    ) -> Pages<GitHub.ListIssues> {
        rest.pages(GitHub.ListIssues(owner: owner, repo: repo, state: state, perPage: perPage))
    }

    /// `POST /repos/{owner}/{repo}/issues`
    public func createIssue(owner: String, repo: String, _ issue: GitHub.NewIssue) async throws(APIError) -> GitHub.Issue {
        try await rest.send(GitHub.CreateIssue(owner: owner, repo: repo, issue: issue))
    }

    /// `POST /repos/{owner}/{repo}/issues/{number}/labels`; returns all the issue's labels.
    public func addLabels(
        _ labels: [String], owner: String, repo: String, issue number: Int
    ) async throws(APIError) -> [GitHub.Label] {
        try await rest.send(GitHub.AddLabels(owner: owner, repo: repo, number: number, labels: labels))
    }

    /// `PUT /repos/{owner}/{repo}/issues/{number}/lock`
    public func lockIssue(owner: String, repo: String, number: Int, reason: String? = nil) async throws(APIError) {
        _ = try await rest.send(GitHub.LockIssue(owner: owner, repo: repo, number: number, reason: reason))
    }

    /// `GET /search/issues?q=…` (first page; use `rest.pages(_:)` with `GitHub.SearchIssues` for more).
    public func searchIssues(_ query: String, perPage: Int? = nil) async throws(APIError) -> GitHub.SearchResult<GitHub.Issue> {
        try await rest.send(GitHub.SearchIssues(query: query, perPage: perPage))
    }

    /// `GET /user/following/{user}`: `true` on 204, `false` on 404.
    public func isFollowing(_ user: String) async throws(APIError) -> Bool {
        try await rest.send(GitHub.CheckFollowing(user: user))
    }

    /// `GET /rate_limit`
    public func rateLimit() async throws(APIError) -> GitHub.RateLimitStatus {
        try await rest.send(GitHub.GetRateLimit())
    }
}
