import APIClient
import APIClientTesting
import Foundation
import GitHubAPI
import Testing

/// GitHub's recorded bodies decode into the models, and its error document into `APIError`.
struct GitHubModelTests {
    private func github(_ transport: StubTransport) -> GitHubClient {
        GitHubClient(transport: transport) { $0.clock = TestClock() }
    }

    @Test func repository() async throws {
        let repo = try await github(StubTransport(.json(200, GitHubFixtures.repository)))
            .repository(owner: "octokit-fixture-org", repo: "hello-world")
        #expect(repo.fullName == "octokit-fixture-org/hello-world")
        #expect(repo.owner.type == "Organization")
        #expect(repo.isPrivate == false)
        #expect(repo.description == nil)
        #expect(repo.defaultBranch == "master")
        #expect(repo.createdAt == ISO8601DateFormatter().date(from: "2017-10-10T16:00:00Z"))
    }

    @Test func organization() async throws {
        let org = try await github(StubTransport(.json(200, GitHubFixtures.organization))).organization("octokit-fixture-org")
        #expect(org.login == "octokit-fixture-org")
        #expect(org.publicRepos == 42)
        #expect(org.isVerified == false)
    }

    @Test func issueFields() async throws {
        let transport = StubTransport(.json(200, GitHubFixtures.issuesPage1))
        var pages = github(transport).issues(owner: "octokit-fixture-org", repo: "paginate-issues").makeAsyncIterator()
        let issue = try #require(try await pages.next()?.content.first)
        #expect(issue.number == 13)
        #expect(issue.state == "open")
        #expect(issue.isLocked == false)
        #expect(issue.body == nil)
        #expect(issue.user?.login == "octokit-fixture-user-a")
        #expect(issue.pullRequest == nil)
    }

    /// The recorded 422: message, field errors and documentation link, in the error and its description.
    @Test func validationFailed_decodesGitHubsErrorBody() async throws {
        let transport = StubTransport(.json(422, GitHubFixtures.validationFailed))
        let error = try #require(await apiError {
            try await github(transport).addLabels(["x"], owner: "octokit-fixture-org", repo: "errors", issue: 1)
        })
        let body = try #require(error.errorBody(as: GitHub.ErrorBody.self))
        #expect(body.message == "Validation Failed")
        #expect(body.errors?.first?.field == "color")
        #expect(body.documentationURL == "https://docs.github.com/rest/reference/issues#create-a-label")
        #expect(error.description == "POST https://api.github.com/repos/octokit-fixture-org/errors/issues/1/labels: "
            + "unexpected status 422: Validation Failed (Label.color invalid) — "
            + "https://docs.github.com/rest/reference/issues#create-a-label")
    }

    @Test(arguments: [401, 403, 404])
    func errorStatuses_carryTheMessage(status: Int) async throws {
        let body = #"{"message": "Not Found", "documentation_url": "https://docs.github.com/rest", "status": "\#(status)"}"#
        let error = try #require(await apiError { try await github(StubTransport(.json(.init(code: status), body))).user("ghost") })
        #expect(error.status?.code == status)
        #expect(error.errorBody(as: GitHub.ErrorBody.self)?.message == "Not Found")
        #expect(error.description.hasSuffix(": unexpected status \(status): Not Found — https://docs.github.com/rest"))
    }

    /// Some endpoints put bare strings in `errors`.
    @Test func errorDetailsMayBeStrings() throws {
        let body = try JSONDecoder().decode(
            GitHub.ErrorBody.self, from: Data(#"{"message": "Bad", "errors": ["first", {"code": "missing"}]}"#.utf8))
        #expect(body.errors?.map(\.message) == ["first", nil])
        #expect(body.description == "Bad (first; missing)")
    }
}
