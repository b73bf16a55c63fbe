import APIClient
import Foundation
import GitHubAPI
import MockAPICore
import MockAPITesting
import Testing

/// Each read endpoint of `GitHubClient`, pointed at the replay server by its base URL and nothing else, decodes the
/// recorded (or documented) answer.
struct GitHubReadTests {
    @Test func zen_isThePlainTextLine() async throws {
        try await withReplayServer(cassettes: ["github/client/zen"]) { server in
            let zen = try await GitHubClient(baseURL: server.baseURL).zen()
            #expect(zen == "Responsive is better than fast.")
            #expect(answers(server) == ["github/client/zen#0"])
        }
    }

    @Test func user_decodesThePublicProfile() async throws {
        try await withReplayServer(cassettes: ["github/client/get-user"]) { server in
            let user = try await GitHubClient(baseURL: server.baseURL).user("octocat")
            #expect(user.login == "octocat")
            #expect(user.id == 1)
            #expect(user.name == "monalisa octocat")
            #expect(user.publicRepos == 2)
            #expect(user.followers == 20)
            #expect(user.createdAt == Date(timeIntervalSince1970: 1_200_285_215))   // 2008-01-14T04:33:35Z
            // Only the upstream origin (api.github.com) is rewritten; github.com links are left alone.
            #expect(user.htmlURL?.absoluteString == "https://github.com/octocat")
            #expect(answers(server) == ["github/client/get-user#0"])
        }
    }

    @Test func authenticatedUser_sendsTheTokenAndDecodesThePrivateProfile() async throws {
        try await withReplayServer(cassettes: ["github/client/get-authenticated-user"]) { server in
            let user = try await GitHubClient(baseURL: server.baseURL, token: "test-token").authenticatedUser()
            #expect(user.login == "octocat")
            #expect(user.email == "octocat@github.com")
            #expect(answers(server) == ["github/client/get-authenticated-user#0"])
        }
    }

    @Test func repository_decodesTheRecordedRepository() async throws {
        try await withReplayServer(cassettes: ["github/get-repository"]) { server in
            let repo = try await GitHubClient(baseURL: server.baseURL)
                .repository(owner: "octokit-fixture-org", repo: "hello-world")
            #expect(repo.id == 1000)
            #expect(repo.fullName == "octokit-fixture-org/hello-world")
            #expect(repo.owner.login == "octokit-fixture-org")
            #expect(repo.isPrivate == false)
            #expect(repo.defaultBranch == "master")
            #expect(answers(server) == ["github/get-repository#0"])
        }
    }

    @Test func organization_decodesTheRecordedOrganization() async throws {
        try await withReplayServer(cassettes: ["github/get-organization"]) { server in
            let org = try await GitHubClient(baseURL: server.baseURL).organization("octokit-fixture-org")
            #expect(org.login == "octokit-fixture-org")
            #expect(org.id == 1000)
            #expect(org.publicRepos == 42)
            #expect(org.isVerified == false)
            #expect(answers(server) == ["github/get-organization#0"])
        }
    }

    /// The query has a space, a colon and a slash: the client's encoding must match what was recorded.
    @Test func searchIssues_encodesTheQueryAsRecorded() async throws {
        try await withReplayServer(cassettes: ["github/search-issues"]) { server in
            let result = try await GitHubClient(baseURL: server.baseURL)
                .searchIssues("sesame repo:octokit-fixture-org/search-issues")
            #expect(result.totalCount == 2)
            #expect(result.incompleteResults == false)
            #expect(result.items.map(\.number) == [2, 1])
            #expect(result.items.first?.title == "Sesame seeds split without a pop!")
            #expect(answers(server) == ["github/search-issues#0"])
        }
    }

    @Test func rateLimit_decodesEveryResource() async throws {
        try await withReplayServer(cassettes: ["github/client/get-rate-limit"]) { server in
            let status = try await GitHubClient(baseURL: server.baseURL, token: "test-token").rateLimit()
            #expect(Set(status.resources.keys) == ["core", "search", "graphql"])
            #expect(status.resources["core"]?.remaining == 4999)
            #expect(status.resources["search"]?.limit == 30)
            #expect(status.rate?.reset == 1_372_700_873)
            #expect(answers(server) == ["github/client/get-rate-limit#0"])
        }
    }

    /// 204 means "followed" and 404 "not followed": neither is an error.
    @Test func isFollowing_readsTheStatus() async throws {
        try await withReplayServer(cassettes: ["github/client/following"]) { server in
            let github = GitHubClient(baseURL: server.baseURL, token: "test-token")
            let followsOctocat = try await github.isFollowing("octocat")
            let followsGhost = try await github.isFollowing("ghost")
            #expect(followsOctocat == true)
            #expect(followsGhost == false)
            #expect(answers(server) == ["github/client/following#0", "github/client/following#1"])
        }
    }
}
