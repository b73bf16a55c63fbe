import ArgumentParser
import Foundation
import MockAPICLI
import MockAPICore
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The commands as people run them: option checks, the summary on SIGINT, `serve --record-missing`.
@Suite(.serialized) struct RecordCommandTests {
    private func validationMessage(_ arguments: [String]) -> String {
        do {
            _ = try MockAPI.parseAsRoot(arguments)
            return "accepted"
        } catch {
            return MockAPI.message(for: error)
        }
    }

    @Test func options_areCheckedWithAnExample() {
        #expect(validationMessage(["record", "--cassette", "x.json"])
            == "mockapi record needs --upstream, for example: --upstream https://api.github.com")
        #expect(validationMessage(["record", "--upstream", "https://api.github.com"])
            == "mockapi record needs --cassette, for example: --cassette Fixtures/github/my-session.json")
        #expect(validationMessage(["record", "--upstream", "api.github.com", "--cassette", "x.json"])
            == "--upstream api.github.com: expected an http:// or https:// URL, as in https://api.github.com")
        #expect(validationMessage(["record", "--upstream", "https://x.test", "--cassette", "x.json", "--redact-env", "MOCKAPI_UNSET_VARIABLE_42"])
            == "--redact-env MOCKAPI_UNSET_VARIABLE_42: the variable is not set (or empty) in mockapi's environment, so there is nothing to hide; export it first.")
        #expect(validationMessage(["serve", "Fixtures", "--upstream", "https://x.test"])
            == "--upstream, --cassette and the --redact-*, --keep-* and --no-default-redaction options record; add --record-missing.")
        #expect(validationMessage(["record", "--upstream", "/q=https://qiita.com", "--upstream", "https://x.test", "--cassette", "x.json"]) == "accepted")
    }

    @Test func help_teachesWithExamples() {
        let help = MockAPI.helpMessage(for: MockAPI.Record.self, columns: 120)
        #expect(help.contains("mockapi record --upstream https://api.github.com \\\n      --cassette Fixtures/github/my-session.json --redact-env GITHUB_TOKEN"))
        #expect(help.contains("--redact-json-field <path>"))
        #expect(MockAPI.helpMessage(for: MockAPI.Serve.self, columns: 120).contains("--record-missing"))
    }

    /// SIGINT stops the recorder with a summary: per upstream, bytes, redactions, errors.
    @Test func sigint_printsTheSummary() async throws {
        let github = try StandInUpstream(always: .text(status: 200, "github"))
        let qiita = try StandInUpstream(always: .text(status: 200, "qiita"))
        let folder = TemporaryFolder()
        let cassette = folder.file("s.json")
        let (port, socket) = try RawTCP.refusingPort()
        defer { close(socket) }
        let down = "http://127.0.0.1:\(port)"
        let child = try MockAPIProcess(
            ["record", "--upstream", "/qiita=\(qiita.url)", "--upstream", "/down=\(down)", "--upstream", github.url,
             "--cassette", cassette, "--port", "0", "--redact-env", "MOCKAPI_TEST_TOKEN", "--log-level", "error"],
            environment: ["MOCKAPI_TEST_TOKEN": "tok_summary_12345"])
        let baseURL = try await child.listeningURL()
        let client = TestClient()
        #expect(try await client.send("GET", baseURL + "/user", headers: [("Authorization", "token tok_summary_12345")]).status == 200)
        #expect(try await client.send("GET", baseURL + "/qiita/api/v2/items").status == 200)
        #expect(try await client.send("GET", baseURL + "/down/x").status == 502)
        await client.shutdown()
        child.signal(SIGINT)
        let finished = await child.finish()
        #expect(finished.status == 0)
        let lines = finished.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("mockapi: stopped (SIGINT) after 3 requests: 2 recorded, 1 failed"))
        #expect(lines.contains { $0.hasPrefix("mockapi: \(cassette): 2 interactions recorded (2 in the cassette, ") && $0.contains("; 2 synced writes to the write-ahead log and 1 rewrite of the file, ") })
        #expect(lines.contains("  \(github.url): 1"))
        #expect(lines.contains("  /qiita=\(qiita.url): 1"))
        #expect(lines.contains("mockapi: redactions: 1 value (env MOCKAPI_TEST_TOKEN ×1)"))
        #expect(lines.contains("mockapi: errors: 1 request (upstream: connection refused ×1)"))
        await github.stop()
        await qiita.stop()
    }

    /// `serve --record-missing` answers what is recorded, and forwards and records only what is not.
    @Test func serveRecordMissing_recordsOnlyNewEpisodes() async throws {
        let upstream = try StandInUpstream(always: .text(status: 200, "from upstream"))
        let folder = TemporaryFolder()
        let old = folder.file("old.json")
        try Cassette(interactions: [Interaction(
            request: RecordedRequest(method: "GET", path: "/known"), response: RecordedResponse(status: 200, body: .text("recorded")))]).save(to: old)
        let new = folder.file("new.json")
        let child = try MockAPIProcess(
            ["serve", old, "--record-missing", "--upstream", upstream.url, "--cassette", new, "--port", "0", "--log-level", "error"])
        let baseURL = try await child.listeningURL()
        let client = TestClient()
        #expect(try await client.send("GET", baseURL + "/known").text == "recorded")
        #expect(try await client.send("GET", baseURL + "/fresh").text == "from upstream")
        await client.shutdown()
        child.signal(SIGTERM)
        let finished = await child.finish()
        #expect(finished.status == 0)
        #expect(upstream.requests.map(\.path) == ["/fresh"])
        #expect(try Cassette.load(file: new).interactions.map(\.request.path) == ["/fresh"])
        #expect(finished.stderr.contains("after 2 requests: 1 matched, 0 unmatched, 1 recorded, 0 failed"))
        await upstream.stop()
    }
}
