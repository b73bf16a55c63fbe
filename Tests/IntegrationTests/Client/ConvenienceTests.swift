import APIClient
import Foundation
import GitHubAPI
import MockAPICore
import MockAPITesting
import Testing

/// One-off calls without an endpoint type, `client.request(method, path)…`, against recorded answers: they send
/// what the recordings expect (path, query, JSON body) and get the typed path's retries, refresh and errors.
struct ConvenienceTests {
    @Test func string_readsThePlainTextZen() async throws {
        try await withReplayServer(cassettes: ["github/client/zen"]) { server in
            let zen = try await GitHubClient(baseURL: server.baseURL).rest.request(.get, "/zen").string()
            #expect(zen == "Responsive is better than fast.")
            #expect(answers(server) == ["github/client/zen#0"])
        }
    }

    @Test func decode_readsAUser() async throws {
        try await withReplayServer(cassettes: ["github/client/get-user"]) { server in
            let user = try await GitHubClient(baseURL: server.baseURL).rest.request(.get, "/users/octocat")
                .decode(GitHub.User.self)
            #expect(user.login == "octocat")
            #expect(user.createdAt == Date(timeIntervalSince1970: 1_200_285_215))   // ISO 8601 dates by default
            #expect(answers(server) == ["github/client/get-user#0"])
        }
    }

    /// The recorded archive is a 302 to codeload, rewritten to the mock, then gzip bytes: `data()` gives them as
    /// they were recorded.
    @Test func data_readsTheRecordedBytesAfterTheRedirect() async throws {
        try await withReplayServer(cassettes: ["github/get-archive"]) { server in
            let archive = try await GitHubClient(baseURL: server.baseURL, token: "test-token").rest
                .request(.get, "/repos/octokit-fixture-org/get-archive/tarball/main").data()
            #expect(archive.count == 176)
            #expect(Array(archive.prefix(2)) == [0x1F, 0x8B])
            #expect(answers(server) == ["github/get-archive#0", "github/get-archive#1"])
        }
    }

    /// Query items are spelled like the typed endpoint's: the recorded `q=sesame%20repo%3A…%2F…` matches.
    @Test func query_matchesTheRecordedSearch() async throws {
        try await withReplayServer(cassettes: ["github/search-issues"]) { server in
            let result = try await GitHubClient(baseURL: server.baseURL).rest.request(.get, "/search/issues")
                .query("q", "sesame repo:octokit-fixture-org/search-issues")
                .decode(GitHub.SearchResult<GitHub.Issue>.self)
            #expect(result.items.map(\.number) == [2, 1])
            #expect(server.requests.map(\.query) == ["q=sesame%20repo%3Aoctokit-fixture-org%2Fsearch-issues"])
            #expect(answers(server) == ["github/search-issues#0"])
        }
    }

    /// JSON bodies are compared by meaning: a wrong field name or value would be a miss.
    @Test func json_sendsTheRecordedBodies() async throws {
        try await withReplayServer(cassettes: ["github/add-labels-to-issue"]) { server in
            let rest = GitHubClient(baseURL: server.baseURL, token: "test-token").rest
            let issue = try await rest.request(.post, "/repos/octokit-fixture-org/add-labels-to-issue/issues")
                .json(["title": "Issue without a label"])
                .decode(GitHub.Issue.self)
            let labels = try await rest.request(.post, "/repos/octokit-fixture-org/add-labels-to-issue/issues/1/labels")
                .json(["labels": ["Foo", "bAr", "baZ"]])
                .decode([GitHub.Label].self)
            #expect(issue.number == 1)
            #expect(labels.map(\.name) == ["Foo", "bAr", "baZ"])
            #expect(answers(server) == ["github/add-labels-to-issue#0", "github/add-labels-to-issue#1"])
        }
    }

    /// A recorded 503 then 200: the one-off call waits as the retry policy says and gets the 200.
    @Test func retriesAsTheTypedPathDoes() async throws {
        try await withReplayServer(cassettes: ["github/client/retry-server-error"]) { server in
            let clock = RecordingClock()
            let github = GitHubClient(baseURL: server.baseURL) {
                $0.clock = clock
                $0.retryPolicy = RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(250))
            }
            let org = try await github.rest.request(.get, "/orgs/github").decode(GitHub.Organization.self)
            #expect(org.login == "github")
            #expect(clock.sleeps == [.milliseconds(250)])
            #expect(answers(server) == ["github/client/retry-server-error#0", "github/client/retry-server-error#1"])
        }
    }

    /// A recorded 401 for the expired token, then 200 for the renewed one (replay matches `Authorization`): the
    /// one-off call renews once and repeats with the new token.
    @Test func refreshesCredentialsAsTheTypedPathDoes() async throws {
        let options = ReplayOptions(matchHeaders: ["authorization"])
        try await withReplayServer(cassettes: ["github/client/refresh-token"], options: options) { server in
            let renewals = Counter()
            let github = GitHubClient(baseURL: server.baseURL) {
                $0.auth = RefreshingTokenAuth(token: "expired-token") {
                    renewals.increment()
                    return "renewed-token"
                }
            }
            let repo = try await github.rest.request(.get, "/repos/octocat/Hello-World").decode(GitHub.Repository.self)
            #expect(repo.fullName == "octocat/Hello-World")
            #expect(renewals.value == 1)
            #expect(answers(server) == ["github/client/refresh-token#0", "github/client/refresh-token#1"])
        }
    }

    /// Failures are the same `APIError`s, with GitHub's error document decoded.
    @Test func errorsAreAPIErrorsWithTheErrorBody() async throws {
        try await withReplayServer(cassettes: ["github/branch-protection"]) { server in
            let rest = GitHubClient(baseURL: server.baseURL, token: "test-token").rest
            let error = try #require(await #expect(throws: APIError.self) {
                try await rest.request(.get, "/repos/octokit-fixture-org/branch-protection/branches/main/protection")
                    .response()
            })
            #expect(error.status == 404)
            #expect(error.errorBody(as: GitHub.ErrorBody.self)?.message == "Branch not protected")
            #expect(answers(server) == ["github/branch-protection#0"])
        }
    }
}

/// Absolute URLs in one-off calls: one of the mock's own origin is followed as it is; any other is refused before
/// anything is sent (it used to be appended to the base URL).
struct AbsoluteURLTests {
    @Test func absoluteURLOfTheServer_isFollowed() async throws {
        try await withReplayServer(cassettes: ["github/client/zen"]) { server in
            let github = GitHubClient(baseURL: server.baseURL)
            let zen = try await github.rest.request(.get, server.baseURL.appending(path: "zen").absoluteString).string()
            #expect(zen == "Responsive is better than fast.")
            #expect(answers(server) == ["github/client/zen#0"])
        }
    }

    @Test func absoluteURLOfAnotherOrigin_isInvalidURL_andNotSent() async throws {
        try await withReplayServer(cassettes: ["github/client/zen"]) { server in
            let github = GitHubClient(baseURL: server.baseURL)
            let error = await #expect(throws: APIError.self) {
                try await github.rest.request(.get, "https://other.example.com/zen").string()
            }
            #expect(error.map(EventRecorder.caseName) == "invalidURL")
            #expect(server.requests.isEmpty)
        }
    }
}
