import APIClient
import Foundation
import GitHubAPI
import MockAPICore
import MockAPITesting
import Testing

/// A recorded failure followed by a recorded success for the same request: replay answers identical requests in
/// recorded order, so the client's retry gets the success. The client's clock records the waits instead of sleeping.
struct RetryTests {
    @Test func serverError503_isRetriedAfterTheBackoff() async throws {
        try await withReplayServer(cassettes: ["github/client/retry-server-error"]) { server in
            let clock = RecordingClock()
            let github = GitHubClient(baseURL: server.baseURL) {
                $0.clock = clock
                $0.retryPolicy = RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(250))
            }
            let org = try await github.organization("github")
            #expect(org.login == "github")
            #expect(org.isVerified == true)
            #expect(clock.sleeps == [.milliseconds(250)])
            #expect(server.requests.map(\.status) == [503, 200])
            #expect(answers(server) == ["github/client/retry-server-error#0", "github/client/retry-server-error#1"])
        }
    }

    @Test func rateLimited429_waitsAsRetryAfterSaysThenSucceeds() async throws {
        try await withReplayServer(cassettes: ["github/client/retry-rate-limited"]) { server in
            let clock = RecordingClock()
            let github = GitHubClient(baseURL: server.baseURL) { $0.clock = clock }
            let result = try await github.rest.send(GitHub.SearchIssues(
                query: "windows label:bug language:python state:open", sort: "created", order: "asc"))
            #expect(result.totalCount == 280)
            #expect(result.items.map(\.number) == [132])
            #expect(result.items.first?.labels.map(\.name) == ["bug"])
            #expect(clock.sleeps == [.seconds(1)])
            #expect(server.requests.map(\.status) == [429, 200])
            #expect(answers(server) == ["github/client/retry-rate-limited#0", "github/client/retry-rate-limited#1"])
        }
    }

    /// With retries off, the recorded failure is what the caller gets.
    @Test func withoutRetries_theRecordedFailureIsTheAnswer() async throws {
        try await withReplayServer(cassettes: ["github/client/retry-server-error"]) { server in
            let github = GitHubClient(baseURL: server.baseURL) { $0.retryPolicy = .never }
            let error = try #require(await #expect(throws: APIError.self) { try await github.organization("github") })
            #expect(error.status == 503)
            #expect(error.errorBody(as: GitHub.ErrorBody.self)?.message == "Service Unavailable")
            #expect(answers(server) == ["github/client/retry-server-error#0"])
        }
    }
}
