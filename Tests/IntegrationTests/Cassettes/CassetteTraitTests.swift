import APIClient
import Foundation
import GitHubAPI
import MockAPICore
import MockAPITesting
import Testing

/// The `.cassette(…)` trait on the repository's own fixtures: the test finds its server in `CassetteServer.current`,
/// named by the cassette's path under Fixtures/, and replays (these cassettes exist, so no mode records).
struct CassetteTraitTests {
    @Test(.cassette("github/get-repository"))
    func trait_givesTheTestAServerForItsCassette() async throws {
        let server = try #require(CassetteServer.current)
        #expect(server.name == "github/get-repository")
        #expect(server.file.hasSuffix("/Fixtures/github/get-repository.json"))
        #expect(!server.isRecording)
        let repo = try await GitHubClient(baseURL: server.baseURL).repository(owner: "octokit-fixture-org", repo: "hello-world")
        #expect(repo.fullName == "octokit-fixture-org/hello-world")
        #expect(server.requests.map(\.matchedInteraction?.cassette) == ["github/get-repository"])
        try server.assertAllUsed()
    }

    @Test func current_isNilOutsideACassetteTest() {
        #expect(CassetteServer.current == nil)
    }

    @Test func withCassette_replaysTheNamedCassette() async throws {
        let names = try await withCassette("github/get-root") { server in
            _ = try await GitHubClient(baseURL: server.baseURL).rest.request(.get, "/").data()
            return server.requests.compactMap(\.matchedInteraction).map { "\($0.cassette)#\($0.index)" }
        }
        #expect(names == ["github/get-root#0"])
    }

    /// A cassette is named by its path under Fixtures/ everywhere: in scoped URLs and verification too.
    @Test func replayServer_namesCassettesByTheirPathUnderFixtures() async throws {
        try await withReplayServer(cassettes: ["github/get-root"]) { server in
            let answer = try await GitHubClient(baseURL: server.baseURL(for: "github/get-root")).rest.request(.get, "/").data()
            #expect(!answer.isEmpty)
            try server.assertNoUnmatched(cassette: "github/get-root")
            try server.assertAllUsed(cassette: "github/get-root")
        }
    }
}

/// On a suite, the trait gives every test of it the same server.
@Suite(.cassette("github/get-organization"), .serialized)
struct CassetteSuiteTraitTests {
    @Test func eachTestOfTheSuite_seesTheSuitesServer() async throws {
        let server = try #require(CassetteServer.current)
        #expect(server.name == "github/get-organization")
        let organization = try await GitHubClient(baseURL: server.baseURL).organization("octokit-fixture-org")
        #expect(organization.login == "octokit-fixture-org")
    }
}
