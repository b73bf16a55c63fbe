import Foundation
import MockAPICore
import MockAPITesting
import TestSupport
import Testing

/// `--match-header` over real sockets: the server takes the chosen headers from the request head in the same pass
/// that checks it (WantedHeaders), and keys the request on every field of each, as a recording does.
@Suite(.timeLimit(.minutes(1)))
struct MatchHeaderTests {
    static func server(tenant: String) throws -> ReplayServer {
        let interaction = Interaction(
            request: RecordedRequest(method: "GET", path: "/items", headers: [("X-Tenant", tenant)]),
            response: RecordedResponse(status: 200, body: .text("items of \(tenant)")))
        return try ReplayServer(
            cassettes: [LoadedCassette(name: "tenants", file: "tenants.json", cassette: Cassette(interactions: [interaction]))],
            options: ReplayOptions(matchHeaders: ["x-tenant"]))
    }

    /// The header's name in any case matches; another value does not.
    @Test func chosenHeader_matchesByValue_whateverTheNameCase() async throws {
        let server = try Self.server(tenant: "acme")
        let url = server.baseURL.absoluteString + "/items"
        #expect(try await TestClient.shared.send("GET", url, headers: [("x-TENANT", "acme")]).text == "items of acme")
        #expect(try await TestClient.shared.send("GET", url, headers: [("X-Tenant", "other")]).status == 404)
        #expect(try await TestClient.shared.send("GET", url).status == 404)
        await server.stop()
    }

    /// The chosen headers are kept in the connection's state between the head's check and the answer: the next
    /// request on the same kept-alive connection starts without them.
    @Test func chosenHeader_isNotCarriedToTheNextRequestOnTheConnection() async throws {
        let server = try Self.server(tenant: "acme")
        let url = server.baseURL.absoluteString + "/items"
        let client = TestClient(connections: 1)
        #expect(try await client.send("GET", url, headers: [("X-Tenant", "acme")]).status == 200)
        #expect(try await client.send("GET", url).status == 404)
        #expect(try await client.send("GET", url, headers: [("X-Tenant", "acme")]).status == 200)
        await client.shutdown()
        await server.stop()
    }

    /// A header sent as several fields is their values joined with ", " (RFC 9110 §5.3), as the recording's own key
    /// joins them: before, the server kept only the first field, and this request went unmatched.
    @Test func headerSentAsSeveralFields_matchesTheirJoinedValues() async throws {
        let server = try Self.server(tenant: "a, b")
        let url = server.baseURL.absoluteString + "/items"
        let answer = try await TestClient.shared.send("GET", url, headers: [("X-Tenant", "a"), ("Accept", "*/*"), ("X-Tenant", "b")])
        #expect(answer.text == "items of a, b")
        #expect(try await TestClient.shared.send("GET", url, headers: [("X-Tenant", "a")]).status == 404)
        await server.stop()
    }

    /// More fields with a chosen name than the check keeps in place (eight): every one still counts.
    @Test func manyFieldsOfAChosenHeader_allCount() async throws {
        let values = (1...12).map { "v\($0)" }
        let server = try Self.server(tenant: values.joined(separator: ", "))
        let url = server.baseURL.absoluteString + "/items"
        let answer = try await TestClient.shared.send("GET", url, headers: values.map { ("X-Tenant", $0) })
        #expect(answer.status == 200)
        let short = try await TestClient.shared.send("GET", url, headers: values.dropLast().map { ("X-Tenant", $0) })
        #expect(short.status == 404)
        await server.stop()
    }
}
