import Foundation
import MockAPICore
import MockAPIJSON
import MockAPITesting
import TestSupport
import Testing

/// `mockapi serve` with match rules from its flags and from the cassette's `match` member.
@Suite(.timeLimit(.minutes(1)))
struct ServeMatchRulesTests {
    static let recorded = #"{"model":"m","messages":[{"role":"user","content":"hi"}],"n":1,"previous_response_id":null}"#
    static let sent = #"{"model":"m","messages":[{"role":"user","content":"hi"}]}"#

    /// A cassette recorded with `n` and a null the SDK no longer sends; `match` given as `json`.
    static func write(_ folder: TemporaryFolder, match: String?) throws -> String {
        let file = folder.path + "/llm.json"
        let member = match.map { #""match": \#($0), "# } ?? ""
        let text = #"{"mockapi": 1, \#(member)"interactions": [{"request": {"method": "POST", "path": "/v1/chat/completions", "#
            + #""headers": [["content-type", "application/json"]], "body": {"json": \#(recorded)}}, "#
            + #""response": {"status": 200, "body": {"text": "answered"}}}]}"#
        try Array(text.utf8).write(to: file)
        return file
    }

    /// Sends the new body to a `serve` with `arguments` and gives the status, the body, and what serve printed.
    static func send(_ arguments: [String]) async throws -> (status: Int, body: String, stderr: String) {
        let serve = try MockAPIProcess(["serve"] + arguments + ["--port", "0"])
        let line = try #require(await serve.firstLine())
        let url = try #require(line.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init))
        let answer = try await TestClient.shared.send(
            "POST", url + "/v1/chat/completions", headers: [("Content-Type", "application/json")], body: Array(sent.utf8))
        serve.signal(SIGTERM)
        let result = await serve.finish()
        return (answer.status, answer.text, result.stderr)
    }

    @Test func flags_answerARequestWithoutTheIgnoredFieldAndTheNull() async throws {
        let folder = TemporaryFolder()
        let file = try Self.write(folder, match: nil)
        let exact = try await Self.send([file])
        #expect(exact.status == 404)
        #expect(exact.stderr.contains("body field $.n"))

        let loose = try await Self.send([file, "--ignore-json-field", "$.n", "--null-matches-absent"])
        #expect(loose.status == 200)
        #expect(loose.body == "answered")

        let half = try await Self.send([file, "--ignore-json-field", "$.n"])
        #expect(half.status == 404)
        #expect(half.stderr.contains("match rules: ignore json $.n"))
    }

    @Test func cassetteMatchMember_answersWithoutFlags() async throws {
        let folder = TemporaryFolder()
        let file = try Self.write(folder, match: #"{"ignoreJSONFields": ["$.n"], "nullMatchesAbsent": true}"#)
        let answer = try await Self.send([file])
        #expect(answer.status == 200)
        #expect(answer.body == "answered")
    }

    @Test func ignoreBody_answersAnyBody() async throws {
        let folder = TemporaryFolder()
        let file = try Self.write(folder, match: nil)
        #expect(try await Self.send([file, "--ignore-body"]).status == 200)
    }

    /// A path that names no field of any recorded body (a typo) is said at start, with where it was given and the
    /// nearest path there is; one that names a field is not.
    @Test func pathNamingNoRecordedField_isWarnedAtStart_withTheNearestPath() async throws {
        let folder = TemporaryFolder()
        let file = try Self.write(folder, match: #"{"ignoreJSONFields": ["$.mesages[*].content"]}"#)
        let answer = try await Self.send([file, "--ignore-json-field", "$.nn", "--ignore-json-field", "$.model"])
        #expect(answer.stderr.contains(
            "mockapi: warning: --ignore-json-field $.nn names no field of any recorded request body (nearest: $.n); "
                + "it leaves nothing out\n"), "\(answer.stderr)")
        #expect(answer.stderr.contains(
            "mockapi: warning: \(file): match.ignoreJSONFields[0] $.mesages[*].content names no field of any recorded "
                + "request body (nearest: $.messages[*].content); it leaves nothing out\n"), "\(answer.stderr)")
        #expect(!answer.stderr.contains("$.model names no field"))
    }

    /// An introspection query of another client version is answered by the recorded one, the journal saying so;
    /// `--introspection exact` makes it a miss.
    @Test func introspection_isAnsweredByTheRecordedOne_unlessExact() async throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/schema.json"
        let recorded = #"{"query":"query IntrospectionQuery { __schema { queryType { name kind } types { name specifiedByURL } } }"}"#
        try Array((#"{"mockapi": 1, "interactions": [{"request": {"method": "POST", "path": "/graphql", "#
            + #""headers": [["content-type", "application/json"]], "body": {"json": \#(recorded)}}, "#
            + #""response": {"status": 200, "body": {"text": "the schema"}}}]}"#).utf8).write(to: file)
        let sent = Array(#"{"query":"query IntrospectionQuery { __schema { queryType { name } types { name } } }"}"#.utf8)
        for (arguments, status) in [([String](), 200), (["--introspection", "exact"], 404)] {
            let serve = try MockAPIProcess(["serve", file, "--port", "0", "--log-level", "error"] + arguments)
            let url = try await serve.listeningURL()
            let answer = try await TestClient.shared.send(
                "POST", url + "/graphql", headers: [("Content-Type", "application/json")], body: sent)
            #expect(answer.status == status, "\(arguments)")
            let journal = try JSONValue.parse(try await TestClient.shared.send("GET", url + "/__mockapi/journal").body)
            let entry = journal["requests"]?.arrayValue?.last
            #expect(entry?["matchedAs"] == (status == 200 ? .string("introspection") : nil), "\(arguments)")
            serve.signal(SIGTERM)
            _ = await serve.finish()
        }
    }

    @Test func badPath_isRefusedNamingTheFlag() async throws {
        let output = try await MockAPIProcess.run(["serve", "x.json", "--ignore-json-field", "n"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("--ignore-json-field n: a JSON path starts with $"))
    }
}
