import APIClient
import APIClientTesting
import Foundation
import GitHubAPI
import Testing

/// What each GitHub endpoint sends, checked against the recorded octokit traffic.
struct GitHubEndpointTests {
    private func github(_ transport: StubTransport, baseURL: String = "https://api.github.com",
                        token: String? = nil) -> GitHubClient {
        GitHubClient(baseURL: .make(baseURL), token: token, transport: transport) { $0.clock = TestClock() }
    }

    @Test func zen_isPlainText() async throws {
        let transport = StubTransport(.make(200, "Design for failure.", headers: ["Content-Type": "text/plain"]))
        #expect(try await github(transport).zen() == "Design for failure.")
        #expect(transport.urls == ["https://api.github.com/zen"])
    }

    /// GitHub's required headers and the token, as Bearer.
    @Test func headersAndToken() async throws {
        let transport = StubTransport(.json(200, #"{"login": "octocat", "id": 1}"#))
        _ = try await github(transport, token: "0000000000000000000000000000000000000001").authenticatedUser()
        let request = try #require(transport.requests.first)
        #expect(request.url?.absoluteString == "https://api.github.com/user")
        #expect(request.headers["Accept"] == "application/vnd.github+json")
        #expect(request.headers["X-GitHub-Api-Version"] == "2022-11-28")
        #expect(request.headers["User-Agent"] == "mockapi-GitHubAPI/1")
        #expect(request.headers["Authorization"] == "Bearer 0000000000000000000000000000000000000001")
    }

    @Test func userByLogin_encodesTheLogin() async throws {
        let transport = StubTransport(.json(200, #"{"login": "a b", "id": 1}"#))
        let user = try await github(transport).user("a b")
        #expect(user.login == "a b")
        #expect(transport.urls == ["https://api.github.com/users/a%20b"])
    }

    /// The recorded search query: spaces as `%20`, `:` and `/` escaped.
    @Test func searchIssues_matchesTheRecordedQuery() async throws {
        let transport = StubTransport(.json(200, GitHubFixtures.search))
        let result = try await github(transport, baseURL: "http://127.0.0.1:8080/@github")
            .searchIssues("sesame repo:octokit-fixture-org/search-issues")
        #expect(transport.urls
            == ["http://127.0.0.1:8080/@github/search/issues?q=sesame%20repo%3Aoctokit-fixture-org%2Fsearch-issues"])
        #expect(result.totalCount == 2)
        #expect(result.items.first?.title == "Sesame seeds split without a pop!")
    }

    /// POST with exactly the recorded body; 201 decodes the new issue.
    @Test func createIssue_sendsTheRecordedBody() async throws {
        let transport = StubTransport(.json(201, GitHubFixtures.createdIssue))
        let issue = try await github(transport).createIssue(
            owner: "octokit-fixture-org", repo: "add-labels-to-issue", GitHub.NewIssue(title: "Issue without a label"))
        let request = try #require(transport.requests.first)
        #expect(request.method.rawValue == "POST")
        #expect(request.url?.absoluteString == "https://api.github.com/repos/octokit-fixture-org/add-labels-to-issue/issues")
        #expect(try JSONObject(request.body) == JSONObject(#"{"title": "Issue without a label"}"#))
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(issue.number == 1)
        #expect(issue.labels.isEmpty)
    }

    @Test func addLabels_sendsTheRecordedBody() async throws {
        let transport = StubTransport(.json(200, GitHubFixtures.labels))
        let labels = try await github(transport).addLabels(
            ["Foo", "bAr", "baZ"], owner: "octokit-fixture-org", repo: "add-labels-to-issue", issue: 1)
        let request = try #require(transport.requests.first)
        #expect(request.url?.path == "/repos/octokit-fixture-org/add-labels-to-issue/issues/1/labels")
        #expect(try JSONObject(request.body) == JSONObject(#"{"labels": ["Foo", "bAr", "baZ"]}"#))
        #expect(labels.map(\.name) == ["Foo", "bAr", "baZ"])
        #expect(labels.first?.isDefault == false)
    }

    /// PUT with no body at all, as recorded (content-length 0); the 204 is success.
    @Test func lockIssue_isAnEmptyPUTAnswered204() async throws {
        let transport = StubTransport(.make(204))
        try await github(transport).lockIssue(owner: "octokit-fixture-org", repo: "lock-issue", number: 1)
        let request = try #require(transport.requests.first)
        #expect(request.method == .put)
        #expect(request.body?.isEmpty == true)
        #expect(request.headers["Content-Type"] == nil)
        #expect(request.url?.path == "/repos/octokit-fixture-org/lock-issue/issues/1/lock")
    }

    @Test func lockIssue_withReason_sendsIt() async throws {
        let transport = StubTransport(.make(204))
        try await github(transport).lockIssue(owner: "o", repo: "r", number: 2, reason: "too heated")
        #expect(try JSONObject(transport.requests.first?.body) == JSONObject(#"{"lock_reason": "too heated"}"#))
    }

    /// `GET /user/following/{user}` as recorded: 204, then 404, then 204 — true, false, true; no body read.
    @Test func isFollowing_readsTheStatus() async throws {
        let transport = StubTransport(.make(204), .json(404, #"{"message": "Not Found"}"#), .make(204), .make(500))
        let client = GitHubClient(transport: transport) { $0.retryPolicy = .never }
        var answers: [Bool] = []
        for _ in 0..<3 { answers.append(try await client.isFollowing("nvie")) }
        #expect(answers == [true, false, true])
        #expect(transport.urls.first == "https://api.github.com/user/following/nvie")
        let error = try #require(await apiError { try await client.isFollowing("nvie") })
        #expect(error.status == 500)
    }

    /// Repository events: the owner and name as path segments, paging in the query, events decoded.
    @Test func repositoryEvents_pathQueryAndDecoding() async throws {
        let event = #"{"id": "12345", "type": "WatchEvent", "actor": {"id": 1, "login": "octocat"},"#
            + #""repo": {"id": 3, "name": "octocat/Hello-World"}, "payload": {}, "public": false,"#
            + #""created_at": "2011-09-06T17:26:27Z"}"#
        let transport = StubTransport(.json(200, "[\(event)]"))
        let events = try await github(transport).rest.send(
            GitHub.ListRepositoryEvents(owner: "octocat", repo: "Hello World", perPage: 100, page: 2))
        #expect(transport.urls == ["https://api.github.com/repos/octocat/Hello%20World/events?per_page=100&page=2"])
        #expect(events.map(\.type) == ["WatchEvent"])
        #expect(events.first?.actor.login == "octocat")
        #expect(events.first?.repo.name == "octocat/Hello-World")
        #expect(events.first?.createdAt == Date(timeIntervalSince1970: 1_315_329_987))   // 2011-09-06T17:26:27Z
    }

    @Test func rateLimit_decodesResources() async throws {
        let transport = StubTransport(.json(200, GitHubFixtures.rateLimit))
        let status = try await github(transport).rateLimit()
        #expect(transport.urls == ["https://api.github.com/rate_limit"])
        #expect(status.resources["search"]?.remaining == 18)
        #expect(status.rate?.resetDate == Date(timeIntervalSince1970: 1_372_700_873))
    }

    /// The paginate-issues scenario: five pages of three, following GitHub's absolute `Link` URLs.
    @Test func issues_followAllFivePages() async throws {
        let base = "http://127.0.0.1:8080/@github"
        let pages = (1...5).map { page in
            StubTransport.Reply.json(200, page == 5 ? GitHubFixtures.issuesPage5 : GitHubFixtures.issuesPage1,
                              headers: ["Link": GitHubFixtures.issuesLink(page: page, base: base)])
        }
        let transport = StubTransport(pages)
        let issues = try await github(transport, baseURL: base)
            .issues(owner: "octokit-fixture-org", repo: "paginate-issues", perPage: 3).allItems()
        #expect(issues.count == 13)
        #expect(issues.last?.title == "Test issue 1")
        #expect(transport.urls == ["\(base)/repos/octokit-fixture-org/paginate-issues/issues?per_page=3"]
            + (2...5).map { "\(base)/repositories/1000/issues?per_page=3&page=\($0)" })
    }
}

/// A JSON document parsed for comparison by meaning (key order and spacing ignored).
func JSONObject(_ data: Data?) throws -> NSDictionary {
    let object = try JSONSerialization.jsonObject(with: data ?? Data())
    return try #require(object as? NSDictionary)
}

func JSONObject(_ text: String) throws -> NSDictionary {
    try JSONObject(Data(text.utf8))
}
