import APIClient
import GitHubAPI
import MockAPICore
import MockAPITesting
import XCTest

/// MockAPITesting from XCTest: start the server in the test (stopped by a teardown block), or scope it with
/// `withReplayServer`, also from a `@MainActor` test.
final class ReplayServerXCTests: XCTestCase {
    func testRepository_fromTheRecordedFixture() async throws {
        let server = try ReplayServer.start(cassettes: ["github/get-repository"])
        addTeardownBlock { await server.stop() }

        let github = GitHubClient(baseURL: server.baseURL)
        let repo = try await github.repository(owner: "octokit-fixture-org", repo: "hello-world")

        XCTAssertEqual(repo.fullName, "octokit-fixture-org/hello-world")
        XCTAssertEqual(server.requests.map(\.path), ["/repos/octokit-fixture-org/hello-world"])
        XCTAssertTrue(server.unmatched.isEmpty)
        XCTAssertTrue(server.unusedInteractions.isEmpty)
    }

    /// A request nobody recorded is answered 404 with the marker header, and the server says which one it was.
    func testUnrecordedRequest_isReportedAsUnmatched() async throws {
        try await withReplayServer(cassettes: ["github/get-repository"]) { server in
            let github = GitHubClient(baseURL: server.baseURL) { $0.retryPolicy = .never }
            do throws(APIError) {
                _ = try await github.repository(owner: "octokit-fixture-org", repo: "no-such-repo")
                XCTFail("an unrecorded request must fail")
            } catch {
                XCTAssertEqual(error.status, 404)
                XCTAssertEqual(error.response?.headerFields[HTTPField.Name("X-Mockapi-Unmatched")!], "1")
            }
            XCTAssertEqual(server.unmatched.map(\.path), ["/repos/octokit-fixture-org/no-such-repo"])
            XCTAssertEqual(server.unmatched.first?.nearest.first?.cassette, "github/get-repository")
        }
    }

    /// `withReplayServer`'s body runs on the caller's actor, so a main-actor test can update its own state there.
    @MainActor func testMainActorTest_updatesItsStateInTheBody() async throws {
        let screen = RepositoryScreen()
        try await withReplayServer(cassettes: ["github/get-repository"]) { server in
            try await screen.load(from: GitHubClient(baseURL: server.baseURL))
        }
        XCTAssertEqual(screen.title, "octokit-fixture-org/hello-world")
    }
}

/// Main-actor state, as an app's view model would have.
@MainActor final class RepositoryScreen {
    private(set) var title = ""

    func load(from github: GitHubClient) async throws {
        title = try await github.repository(owner: "octokit-fixture-org", repo: "hello-world").fullName
    }
}
