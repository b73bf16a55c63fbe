import APIClient
import Foundation
import GitHubAPI
import MockAPICore
import MockAPITesting
import Testing

/// A 401 renews the token once and repeats the call. The cassette holds `Bearer expired-token` → 401 and
/// `Bearer renewed-token` → 200; replay matches the `Authorization` header here, so only the renewed token gets the
/// repository.
struct AuthRefreshTests {
    static let options = ReplayOptions(matchHeaders: ["authorization"])

    @Test func unauthorized401_refreshesOnceAndRepeatsWithTheNewToken() async throws {
        try await withReplayServer(cassettes: ["github/client/refresh-token"], options: Self.options) { server in
            let renewals = Counter()
            let auth = RefreshingTokenAuth(token: "expired-token") {
                renewals.increment()
                return "renewed-token"
            }
            let github = GitHubClient(baseURL: server.baseURL) { $0.auth = auth }
            let repo = try await github.repository(owner: "octocat", repo: "Hello-World")

            #expect(repo.fullName == "octocat/Hello-World")
            #expect(renewals.value == 1)
            #expect(await auth.token == "renewed-token")
            #expect(server.requests.map(\.status) == [401, 200])
            #expect(answers(server) == ["github/client/refresh-token#0", "github/client/refresh-token#1"])

            // The renewed token is kept: the next call goes straight through.
            _ = try await github.repository(owner: "octocat", repo: "Hello-World")
            #expect(renewals.value == 1)
            #expect(answers(server).last == "github/client/refresh-token#1")
        }
    }

    /// A renewal that does not help ends the call after one refresh, with the 401 and its body.
    @Test func unauthorized401_afterARefresh_isTheError() async throws {
        try await withReplayServer(cassettes: ["github/client/refresh-token"], options: Self.options) { server in
            let renewals = Counter()
            let auth = RefreshingTokenAuth(token: "expired-token") {
                renewals.increment()
                return "expired-token"
            }
            let github = GitHubClient(baseURL: server.baseURL) { $0.auth = auth }
            let error = try #require(await #expect(throws: APIError.self) {
                try await github.repository(owner: "octocat", repo: "Hello-World")
            })

            #expect(error.status == 401)
            #expect(error.errorBody(as: GitHub.ErrorBody.self)?.message == "Bad credentials")
            #expect(renewals.value == 1)
            #expect(answers(server) == ["github/client/refresh-token#0", "github/client/refresh-token#0"])
        }
    }
}
