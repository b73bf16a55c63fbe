import APIClient
import Foundation
import GitHubAPI
import MockAPICore
import MockAPITesting
import Testing

/// `issues(…)` follows `Link: rel="next"`. The recorded links point at api.github.com; the replay server rewrites
/// them to itself, so every page must come from the mock, none from the internet.
struct GitHubPaginationTests {
    static let pageQueries = ["per_page=3", "per_page=3&page=2", "per_page=3&page=3", "per_page=3&page=4", "per_page=3&page=5"]

    @Test func issues_walkAllFivePagesThroughTheRewrittenLinks() async throws {
        try await withReplayServer(cassettes: ["github/paginate-issues"]) { server in
            let github = GitHubClient(baseURL: server.baseURL)
            var pages: [Page<[GitHub.Issue]>] = []
            for try await page in github.issues(owner: "octokit-fixture-org", repo: "paginate-issues", perPage: 3) {
                pages.append(page)
            }

            #expect(pages.map(\.content.count) == [3, 3, 3, 3, 1])
            #expect(pages.flatMap(\.content).map(\.number) == Array((1...13).reversed()))
            let nextLinks = pages.compactMap(\.next)
            #expect(nextLinks.count == 4)
            #expect(nextLinks.allSatisfy { $0.absoluteString.hasPrefix(server.baseURL.absoluteString + "/") })
            // All five served from the recording, in order, by the URLs the links named.
            #expect(answers(server) == (0..<5).map { "github/paginate-issues#\($0)" })
            #expect(server.requests.map(\.path)
                == ["/repos/octokit-fixture-org/paginate-issues/issues"] + Array(repeating: "/repositories/1000/issues", count: 4))
            #expect(server.requests.map { $0.query ?? "" } == Self.pageQueries)
            #expect(server.unusedInteractions.isEmpty)
        }
    }

    @Test func allItems_collectsEveryIssue() async throws {
        try await withReplayServer(cassettes: ["github/paginate-issues"]) { server in
            let issues = try await GitHubClient(baseURL: server.baseURL)
                .issues(owner: "octokit-fixture-org", repo: "paginate-issues", perPage: 3).allItems()
            #expect(issues.count == 13)
            #expect(server.requests.count == 5)
            expectNoUnmatched(server)
        }
    }

    /// Cancelling the task that iterates stops at once: the next page is never requested and `next()` throws
    /// `APIError.cancelled`.
    @Test func cancellation_stopsThePaginationLoop() async throws {
        try await withReplayServer(cassettes: ["github/paginate-issues"]) { server in
            let github = GitHubClient(baseURL: server.baseURL)
            let loop = Task { () -> (pages: Int, error: APIError?) in
                var pages = 0
                do throws(APIError) {
                    for try await _ in github.issues(owner: "octokit-fixture-org", repo: "paginate-issues", perPage: 3) {
                        pages += 1
                        // The task is cancelled while the caller handles page 2.
                        if pages == 2 { withUnsafeCurrentTask { $0?.cancel() } }
                    }
                    return (pages, nil)
                } catch {
                    return (pages, error)
                }
            }
            let (pages, error) = await loop.value

            #expect(pages == 2)
            #expect(error?.isCancellation == true)
            #expect(answers(server) == ["github/paginate-issues#0", "github/paginate-issues#1"])
            #expect(server.unusedInteractions.map(\.index) == [2, 3, 4])
        }
    }
}
