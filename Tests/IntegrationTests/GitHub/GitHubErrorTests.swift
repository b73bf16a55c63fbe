import APIClient
import Foundation
import GitHubAPI
import MockAPICore
import MockAPITesting
import Testing

/// Error answers become `APIError.unexpectedStatus` with the status, the whole answer and GitHub's error document
/// decoded as `GitHub.ErrorBody`; none of them is retried.
struct GitHubErrorTests {
    /// An endpoint GitHubClient has no method for, sent through `github.rest`, as the library's docs suggest.
    struct GetBranchProtection: Endpoint {
        struct Protection: Decodable, Sendable { var url: String? }
        typealias Response = Protection
        var owner, repo, branch: String
        var path: String { EndpointPath.join("repos", owner, repo, "branches", branch, "protection") }
    }

    struct CreateLabel: Endpoint {
        typealias Response = GitHub.Label
        var owner, repo, name, color: String
        var method: HTTPTypes.HTTPRequest.Method { .post }
        var body: RequestBody? { .json(["name": name, "color": color]) }
        var path: String { EndpointPath.join("repos", owner, repo, "labels") }
    }

    /// Recorded: `GET …/branches/main/protection` → 404 `Branch not protected`.
    @Test func notFound404_hasGitHubsErrorBody() async throws {
        try await withReplayServer(cassettes: ["github/branch-protection"]) { server in
            let github = GitHubClient(baseURL: server.baseURL, token: "test-token")
            let error = try #require(await #expect(throws: APIError.self) {
                try await github.rest.send(GetBranchProtection(owner: "octokit-fixture-org", repo: "branch-protection", branch: "main"))
            })
            #expect(error.status == 404)
            let body = try #require(error.errorBody(as: GitHub.ErrorBody.self))
            #expect(body.message == "Branch not protected")
            #expect(body.documentationURL == "https://docs.github.com/rest/reference/repos#get-branch-protection")
            #expect(answers(server) == ["github/branch-protection#0"])
        }
    }

    /// Hand-written: a call that needs a token, made without one → 401 `Requires authentication`.
    @Test func unauthorized401_hasGitHubsErrorBody() async throws {
        try await withReplayServer(cassettes: ["github/client/requires-authentication"]) { server in
            let github = GitHubClient(baseURL: server.baseURL)
            let error = try #require(await #expect(throws: APIError.self) { try await github.isFollowing("monalisa") })
            #expect(error.status == 401)
            let body = try #require(error.errorBody(as: GitHub.ErrorBody.self))
            #expect(body.message == "Requires authentication")
            #expect(body.status == "401")
            #expect(answers(server) == ["github/client/requires-authentication#0"])
        }
    }

    /// Hand-written: a permission 403 (the rate limit is not exhausted) is an error, not a reason to wait and retry.
    @Test func forbidden403_isNotMistakenForARateLimit() async throws {
        try await withReplayServer(cassettes: ["github/client/resource-not-accessible"]) { server in
            let clock = RecordingClock()
            let github = GitHubClient(baseURL: server.baseURL, token: "test-token") { $0.clock = clock }
            let error = try #require(await #expect(throws: APIError.self) {
                try await github.lockIssue(owner: "octokit-fixture-org", repo: "hello-world", number: 1, reason: "resolved")
            })
            #expect(error.status == 403)
            let body = try #require(error.errorBody(as: GitHub.ErrorBody.self))
            #expect(body.message == "Resource not accessible by integration")
            #expect(error.response?.headerFields[HTTPField.Name("X-Accepted-GitHub-Permissions")!] == "issues=write")
            #expect(clock.sleeps.isEmpty)
            #expect(answers(server) == ["github/client/resource-not-accessible#0"])
        }
    }

    /// Recorded: `POST …/labels` with an invalid color → 422 `Validation Failed` with a detail per field.
    @Test func validationFailed422_listsTheInvalidField() async throws {
        try await withReplayServer(cassettes: ["github/errors"]) { server in
            let github = GitHubClient(baseURL: server.baseURL, token: "test-token")
            let error = try #require(await #expect(throws: APIError.self) {
                try await github.rest.send(CreateLabel(owner: "octokit-fixture-org", repo: "errors", name: "foo", color: "invalid"))
            })
            #expect(error.status == 422)
            let body = try #require(error.errorBody(as: GitHub.ErrorBody.self))
            #expect(body.message == "Validation Failed")
            #expect(body.errors == [GitHub.ErrorBody.Detail(resource: "Label", field: "color", code: "invalid")])
            #expect(answers(server) == ["github/errors#0"])
        }
    }
}
