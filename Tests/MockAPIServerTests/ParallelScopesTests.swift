import Foundation
import MockAPICore
import MockAPIJSON
import MockAPITesting
import TestSupport
import Testing

/// Many tests at once against one server, each through its own cassette's scoped base URL.
@Suite(.timeLimit(.minutes(1)))
struct ParallelScopesTests {
    /// Eight cassettes record the same request with eight different sequences of answers. Eight clients, each on its
    /// own scoped base URL, send that identical request at the same time, again and again: each gets its own
    /// cassette's order, and the verification API reports exactly what each did.
    @Test func parallelClients_onSeparateCassettes_getTheirOwnRecordedOrders() async throws {
        let statuses = [200, 201, 202, 203, 204, 404, 409, 410]
        let cassettes = (0..<8).map { client in
            LoadedCassette(name: "suite/test-\(client)", file: "test-\(client).json", cassette: Cassette(interactions: (0..<6).map { step in
                Interaction(
                    request: RecordedRequest(method: "GET", path: "/user/following/octocat"),
                    response: RecordedResponse(status: statuses[(client + step) % statuses.count]))
            }))
        }
        let server = try ReplayServer(cassettes: cassettes)
        let seen = try await withThrowingTaskGroup(of: (Int, [Int]).self) { group in
            for client in 0..<8 {
                group.addTask {
                    let base = server.baseURL(for: "suite/test-\(client)").absoluteString
                    var got: [Int] = []
                    for _ in 0..<6 {
                        got.append(try await TestClient.wide.send("GET", base + "/user/following/octocat").status)
                        await Task.yield()
                    }
                    return (client, got)
                }
            }
            return try await group.reduce(into: [Int: [Int]]()) { $0[$1.0] = $1.1 }
        }
        for client in 0..<8 {
            #expect(seen[client] == (0..<6).map { statuses[(client + $0) % statuses.count] }, "client \(client)")
            let name = "suite/test-\(client)"
            let requests = server.requests(cassette: name)
            #expect(requests.count == 6)
            #expect(requests.allSatisfy { $0.scope == name && $0.path == "/user/following/octocat" })
            #expect(requests.compactMap(\.matchedInteraction?.index) == [0, 1, 2, 3, 4, 5])
            try server.assertAllUsed(cassette: name)
            try server.assertNoUnmatched(cassette: name)
        }
        // A miss in one scope is that scope's alone, reported with its near-miss.
        let miss = try await TestClient.shared.send("GET", server.baseURL(for: "suite/test-3").absoluteString + "/user/following/hubot")
        #expect(miss.status == 404)
        let failure = try #require(#expect(throws: VerificationFailure.self) { try server.assertNoUnmatched(cassette: "suite/test-3") })
        #expect(failure.description == """
            mockapi: 1 request through /@suite/test-3 matched no recording:
              GET /user/following/hubot: no recorded interaction matches
                nearest: suite/test-3[0] GET /user/following/octocat: path: /user/following/hubot (recorded /user/following/octocat)
                nearest: suite/test-3[1] GET /user/following/octocat: path: /user/following/hubot (recorded /user/following/octocat)
                nearest: suite/test-3[2] GET /user/following/octocat: path: /user/following/hubot (recorded /user/following/octocat)
            """)
        try server.assertNoUnmatched(cassette: "suite/test-4")
        #expect(server.requests(matching: "GET /user/following/*", cassette: "suite/test-3").count == 7)
        #expect(server.requests(matching: "POST *").isEmpty)
        await server.stop()
    }

    /// A client following `next` links through a scoped base URL stays in its scope to the last page.
    @Test func pagination_staysInItsScope() async throws {
        let server = try ReplayServer(cassettes: CassetteLoader.load([TestFixtures.folder]))
        let scoped = server.baseURL(for: "github/paginate-issues").absoluteString
        var next: String? = scoped + "/repos/octokit-fixture-org/paginate-issues/issues?per_page=3"
        var pages = 0
        while let url = next {
            let response = try await TestClient.shared.send("GET", url)
            #expect(response.status == 200)
            pages += 1
            next = response.values("link").first.flatMap(ReplayOverHTTPTests.nextLink)
            if let next { #expect(next.hasPrefix(scoped + "/")) }
        }
        #expect(pages == 5)
        #expect(server.requests.allSatisfy { $0.scope == "github/paginate-issues" })
        try server.assertAllUsed(cassette: "github/paginate-issues")
        #expect(throws: VerificationFailure.self) { try server.assertAllUsed() }
        await server.stop()
    }
}
