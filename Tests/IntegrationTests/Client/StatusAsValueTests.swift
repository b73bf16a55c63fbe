import APIClient
import Foundation
import GitHubAPI
import MockAPICore
import MockAPITesting
import QiitaAPI
import Testing

/// Statuses an endpoint declares as values come back as values, from recorded answers, through the ordinary call
/// path: GitHub's `GET /user/following/{user}` (204 → true, 404 → false) and a Qiita list whose 404 means "no
/// items" (`treating(404, as: [])`).
struct StatusAsValueTests {
    /// One session: check (404), follow, check (204), unfollow, check (404). The three identical checks are
    /// answered in recorded order, and each is read as the value its status declares.
    @Test func isFollowing_readsEach204And404OfASession() async throws {
        try await withReplayServer(cassettes: ["github/client/following-sequence"]) { server in
            let github = GitHubClient(baseURL: server.baseURL, token: "test-token")
            var seen: [Bool] = []
            seen.append(try await github.isFollowing("hubot"))
            try await github.rest.request(.put, "/user/following/hubot").empty()
            seen.append(try await github.isFollowing("hubot"))
            try await github.rest.request(.delete, "/user/following/hubot").empty()
            seen.append(try await github.isFollowing("hubot"))

            #expect(seen == [false, true, false])
            #expect(server.requests.map(\.status) == [404, 204, 204, 204, 404])
            #expect(answers(server) == (0..<5).map { "github/client/following-sequence#\($0)" })
        }
    }

    /// Qiita answers 404 for a tag nobody used. Declared as `[]`, that 404 is an empty list in one call and one
    /// empty page when paging; the same declaration leaves a tag with items alone. Undeclared, it is an error with
    /// Qiita's error body.
    @Test func taggedItems_404DeclaredAsEmpty_isAnEmptyList() async throws {
        try await withReplayServer(cassettes: ["qiita/client/tagged-items"]) { server in
            let qiita = QiitaClient(baseURL: server.baseURL.appending(path: "api/v2"), token: "test-token")
            let unused = Qiita.ListTaggedItems(tag: "no-such-tag", page: 1, perPage: 1)
            let ruby = Qiita.ListTaggedItems(tag: "Ruby", page: 1, perPage: 1)

            let none = try await qiita.rest.send(unused.treating(404, as: []))
            var pages: [[Qiita.Item]] = []
            for try await page in qiita.rest.pages(unused.treating(404, as: [])) { pages.append(page.content) }
            let rubyItems = try await qiita.rest.pages(ruby.treating(404, as: [])).allItems()
            let error = try #require(await #expect(throws: APIError.self) { try await qiita.rest.send(unused) })

            #expect(none.isEmpty)
            #expect(pages == [[]])
            #expect(rubyItems.map(\.id) == ["4bd431809afb1bb99e4f"])
            #expect(error.status == 404)
            #expect(error.errorBody(as: Qiita.ErrorBody.self) == Qiita.ErrorBody(message: "Not found", type: "not_found"))
            // Every 404 above is the recorded one: the requests matched, they were not misses of the mock.
            #expect(answers(server) == ["qiita/client/tagged-items#1", "qiita/client/tagged-items#1", "qiita/client/tagged-items#0", "qiita/client/tagged-items#1"])
        }
    }
}
