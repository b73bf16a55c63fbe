import Foundation
import MockAPICore
import MockAPIJSON
import MockAPITesting
import TestSupport
import Testing

/// What real recordings of third-party clients hold, replayed over HTTP (issue 42).
@Suite(.timeLimit(.minutes(1)))
struct RealRecordingReplayTests {
    /// An OAuth code exchange recorded from a Python client: `json.dumps` spacing keeps the body as text, and the
    /// scrubbed `client_secret` in it matches any value, as in a `{"json": …}` body; another `code` is a miss naming
    /// `$.code`. Through `mockapi serve`, as a user runs it.
    @Test func scrubbedFieldInJSONStoredAsText_matchesAnyValue_overServe() async throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/oauth.json"
        let interaction = Interaction(
            request: RecordedRequest(
                method: "POST", path: "/login/oauth/access_token", headers: [("content-type", "application/json")],
                body: .text(#"{"code": "c1", "client_secret": "<redacted>"}"#)),
            response: RecordedResponse(status: 200, body: .text(#"{"access_token": "<redacted>", "token_type": "bearer"}"#)))
        try Cassette(interactions: [interaction]).save(to: file)

        let serve = try MockAPIProcess(["serve", file, "--port", "0"])
        let url = try await serve.listeningURL() + "/login/oauth/access_token"
        let json = [("Content-Type", "application/json")]
        let answered = try await TestClient.shared.send(
            "POST", url, headers: json, body: Array(#"{"code": "c1", "client_secret": "anything"}"#.utf8))
        #expect(answered.status == 200)
        #expect(answered.text == #"{"access_token": "<redacted>", "token_type": "bearer"}"#)
        let missed = try await TestClient.shared.send(
            "POST", url, headers: json, body: Array(#"{"code": "c2", "client_secret": "anything"}"#.utf8))
        #expect(missed.status == 404)
        let nearest = try JSONValue.parse(missed.body)["nearest"]?.arrayValue?.first
        let differences = nearest?["differences"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(differences == [#"body field $.code: "c2" (recorded "c1")"#], "the placeholder is no difference")
        serve.signal(SIGTERM)
        _ = await serve.finish()
    }

    /// GitHub answers `X-Accepted-OAuth-Scopes:` empty; libmicrohttpd cannot send an empty value, so the answer goes
    /// out without that field (raw bytes: every other field as recorded, in order) and its journal entry says so.
    @Test func emptyRecordedHeader_isLeftOut_andTheJournalEntryNamesIt() async throws {
        let interaction = Interaction(
            request: RecordedRequest(method: "GET", path: "/user"),
            response: RecordedResponse(
                status: 200,
                headers: [("X-OAuth-Scopes", "repo"), ("X-Accepted-OAuth-Scopes", ""), ("X-GitHub-Media-Type", "github.v3")],
                body: .text("{}")))
        let server = try ReplayServer(
            cassettes: [LoadedCassette(name: "github/user", file: "user.json", cassette: Cassette(interactions: [interaction]))])
        let connection = try RawConnection(port: server.baseURL.port ?? 0)
        connection.send("GET /user HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let answer = try #require(connection.readResponse())
        let lines = answer.head.split(separator: "\r\n").map(String.init)
        #expect(answer.status == 200)
        #expect(lines.filter { $0.lowercased().hasPrefix("x-") } == ["X-OAuth-Scopes: repo", "X-GitHub-Media-Type: github.v3"])
        #expect(!answer.head.lowercased().contains("x-accepted-oauth-scopes"))

        let entry = try #require(server.requests.last)
        #expect(entry.headersNotSent == ["x-accepted-oauth-scopes"])
        #expect(entry.jsonValue["headersNotSent"] == .array([.string("x-accepted-oauth-scopes")]))
        #expect(try JournalEntry(json: entry.jsonValue).headersNotSent == ["x-accepted-oauth-scopes"], "read back by remote servers")
        await server.stop()
    }
}
