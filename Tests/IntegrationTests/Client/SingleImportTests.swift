import GitHubAPI
import MockAPICore
import MockAPITesting
import Testing

/// `import GitHubAPI` is all a caller writes: it re-exports APIClient, whose types its client returns. This file
/// imports neither APIClient nor Foundation, like the README's example, so it only compiles while that holds
/// (under MemberImportVisibility even `allItems()` needs the module that declares it).
struct SingleImportTests {
    @Test func pagesErrorsAndConfiguration_withOnlyGitHubAPIImported() async throws {
        try await withReplayServer(cassettes: ["github/paginate-issues"]) { server in
            let github = GitHubClient(baseURL: server.baseURL) { $0.retryPolicy = RetryPolicy.never }
            let issues = try await github.issues(owner: "octokit-fixture-org", repo: "paginate-issues", perPage: 3)
                .allItems()
            let error: APIError? = await #expect(throws: APIError.self) { try await github.zen() }

            #expect(issues.count == 13)
            #expect(error?.status == 404)
        }
    }
}
