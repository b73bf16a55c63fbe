import APIClient
import Foundation
import GitHubAPI
import MockAPICore
import MockAPITesting
import Testing

/// `GitHubClient`'s writes send the bodies GitHub recorded (replay compares JSON bodies by meaning, so a wrong field
/// name or a missing value is a miss) and decode 201, 200 and 204 answers.
struct GitHubWriteTests {
    @Test func createIssue_thenAddLabels() async throws {
        try await withReplayServer(cassettes: ["github/add-labels-to-issue"]) { server in
            let github = GitHubClient(baseURL: server.baseURL, token: "test-token")
            let issue = try await github.createIssue(
                owner: "octokit-fixture-org", repo: "add-labels-to-issue", GitHub.NewIssue(title: "Issue without a label"))
            #expect(issue.number == 1)
            #expect(issue.title == "Issue without a label")
            #expect(issue.state == "open")
            #expect(issue.labels.isEmpty)

            let labels = try await github.addLabels(
                ["Foo", "bAr", "baZ"], owner: "octokit-fixture-org", repo: "add-labels-to-issue", issue: issue.number)
            #expect(labels.map(\.name) == ["Foo", "bAr", "baZ"])
            #expect(answers(server) == ["github/add-labels-to-issue#0", "github/add-labels-to-issue#1"])
        }
    }

    /// `PUT …/lock` without a reason sends no body and gets 204 with none: the call gives `EmptyResponse`.
    @Test func lockIssue_204GivesEmptyResponse() async throws {
        try await withReplayServer(cassettes: ["github/lock-issue"]) { server in
            let github = GitHubClient(baseURL: server.baseURL, token: "test-token")
            let (value, response) = try await github.rest.sendWithResponse(
                GitHub.LockIssue(owner: "octokit-fixture-org", repo: "lock-issue", number: 1))
            #expect(value == EmptyResponse())
            #expect(response.status == 204)

            try await github.lockIssue(owner: "octokit-fixture-org", repo: "lock-issue", number: 1)
            // The same request again: the last recorded answer repeats.
            #expect(answers(server) == ["github/lock-issue#0", "github/lock-issue#0"])
            #expect(server.requests.map(\.status) == [204, 204])
        }
    }
}
