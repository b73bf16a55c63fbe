import Foundation
import MockAPICore
@testable import MockAPITesting
import TestSupport
import Testing

/// `withCassette` takes match rules in its options; a cassette's own `match` member applies too, and both combine.
struct CassetteMatchRulesTests {
    let folder = TemporaryFolder()
    let client = TestClient.shared
    static let recorded = #"{"model":"m","n":1,"previous_response_id":null}"#
    static let sent = #"{"model":"m"}"#

    func environment() -> [String: String] { ["MOCKAPI_FIXTURES": folder.file("Fixtures"), "CI": "1"] }

    /// Writes `Fixtures/llm/chat.json` with one recording of `recorded`, and `match` when given.
    func writeCassette(match: MatchRules = .exact) throws {
        let interaction = Interaction(
            request: RecordedRequest(
                method: "POST", path: "/v1/chat/completions", headers: [("Content-Type", "application/json")],
                body: Body(bytes: Array(Self.recorded.utf8))),
            response: RecordedResponse(status: 200, body: .text("answered")))
        let file = folder.file("Fixtures/llm/chat.json")
        try FileManager.default.createDirectory(atPath: folder.file("Fixtures/llm"), withIntermediateDirectories: true)
        try Cassette(matchRules: match, interactions: [interaction]).save(to: file)
    }

    func send(_ server: CassetteServer) async throws -> ClientAnswer {
        try await client.send(
            "POST", server.baseURL.absoluteString + "/v1/chat/completions", headers: [("Content-Type", "application/json")],
            body: Array(Self.sent.utf8))
    }

    @Test func optionsRules_answerTheNewBody_withoutThemItFails() async throws {
        try writeCassette()
        let rules = MatchRules(ignoreJSONFields: [try JSONPathPattern(parsing: "$.n")], nullMatchesAbsent: true)
        let answer = try await withCassette(
            "llm/chat", options: ReplayOptions(matchRules: rules), environment: environment(), file: #filePath
        ) { try await send($0) }
        #expect(answer.status == 200)
        #expect(answer.text == "answered")

        let failure = await #expect(throws: CassetteFailure.self) {
            try await withCassette("llm/chat", environment: environment(), file: #filePath) { _ = try await send($0) }
        }
        #expect(failure?.description.contains("body field $.n") == true)
    }

    @Test func cassetteRules_andOptionsRules_combine() async throws {
        try writeCassette(match: MatchRules(nullMatchesAbsent: true))
        let rules = MatchRules(ignoreJSONFields: [try JSONPathPattern(parsing: "$.n")])
        let answer = try await withCassette(
            "llm/chat", options: ReplayOptions(matchRules: rules), environment: environment(), file: #filePath
        ) { try await send($0) }
        #expect(answer.status == 200)
    }
}
