import APIClient
import Foundation

/// A client for GitHub's status page in the enum style: one generic call, `fetch(_:)`, takes a case of
/// `GitHubStatus.Endpoint` and returns whatever type the call site asks for, one model or an array of it.
///
/// ```swift
/// let status = GitHubStatusClient()                                   // www.githubstatus.com
/// let mocked = GitHubStatusClient(baseURL: replayServer.baseURL)      // the same client, pointed at a mock
/// let now: GitHubStatus.Status = try await status.fetch(.status)
/// let components: [GitHubStatus.Component] = try await status.fetch(.components)
/// let upcoming = try await status.fetch(.scheduledMaintenances(.upcoming), as: [GitHubStatus.Incident].self)
/// ```
/// It runs on `RESTClient` like `GitHubClient` and `QiitaClient`: the same `APIError`s, retries, listeners and clock.
/// `GitHubClient` shows the other style, one struct per endpoint with its response type fixed.
public struct GitHubStatusClient: Sendable {
    /// The client that sends the calls; use it to poll: `rest.poll(GitHubStatus.Endpoint.status.request(
    /// GitHubStatus.Status.self), every: .seconds(60))`.
    public let rest: RESTClient

    /// - Parameters:
    ///   - baseURL: `https://www.githubstatus.com`, or a mock's URL (which may carry a path prefix).
    ///   - transport: how requests are sent; `URLSessionTransport()` by default.
    ///   - configure: changes to the default configuration (retry policy, listeners, clock, …).
    public init(
        baseURL: URL = GitHubStatus.defaultBaseURL, transport: any HTTPTransport = URLSessionTransport(),
        configure: (inout ClientConfiguration) -> Void = { _ in }
    ) {
        var configuration = GitHubStatus.configuration(baseURL: baseURL)
        configure(&configuration)
        self.rest = RESTClient(configuration: configuration, transport: transport)
    }

    /// A status client over a `RESTClient` configured by the caller.
    public init(rest: RESTClient) {
        self.rest = rest
    }

    /// Sends `endpoint` and decodes its payload as `Model`: `GitHubStatus.Status` for `.status`,
    /// `GitHubStatus.Summary` for `.summary`, `[GitHubStatus.Component]` for `.components`, `[GitHubStatus.Incident]`
    /// for the incident and maintenance lists, or a type of your own with the fields you need.
    public func fetch<Model: Decodable & Sendable>(
        _ endpoint: GitHubStatus.Endpoint, as type: Model.Type = Model.self
    ) async throws(APIError) -> Model {
        try await rest.send(endpoint.request(Model.self))
    }
}
