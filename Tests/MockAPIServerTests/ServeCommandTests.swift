import ArgumentParser
import Foundation
import MockAPICLI
import MockAPICore
import MockAPIJSON
import MockAPITesting
import TestSupport
import Testing

/// `mockapi serve` as a person or a CI script runs it.
@Suite(.timeLimit(.minutes(1)))
struct ServeCommandTests {
    private let getRoot = TestFixtures.folder + "/github/get-root.json"

    /// Ready line and ready file with the chosen URL, answers, then on SIGTERM a summary and exit status 0.
    @Test func serve_announcesItsURL_answers_andSummarisesOnSIGTERM() async throws {
        let folder = TemporaryFolder()
        let readyFile = folder.path + "/ready"
        let serve = try MockAPIProcess(["serve", getRoot, "--port", "0", "--ready-file", readyFile])
        let line = try #require(await serve.firstLine())
        let url = try #require(line.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init))
        #expect(line == "mockapi: listening on \(url) with 1 interaction from 1 cassette (Ctrl-C to stop)")
        #expect(try String(contentsOfFile: readyFile, encoding: .utf8) == url + "\n")
        #expect(try await TestClient.shared.send("GET", url + "/").status == 200)
        #expect(try await TestClient.shared.send("GET", url + "/nope").status == 404)
        serve.signal(SIGTERM)
        let result = await serve.finish()
        #expect(result.status == 0)
        #expect(result.stderr.contains("mockapi: warning: unmatched GET /nope (no recorded interaction matches)"))
        #expect(result.stderr.contains("mockapi: stopped (SIGTERM) after 2 requests: 1 matched, 1 unmatched\nmockapi: unmatched requests:\n  GET /nope\n"))
        #expect(result.stderr.hasSuffix("mockapi: every one of the 1 recorded interactions was used\n"))
    }

    /// A per-test reset starts the queues again but does not unuse what was used: the stop summary's "never used"
    /// counts since the server started, and says apart what is unused since the last reset.
    @Test func stopSummary_afterAReset_countsNeverUsedSinceTheStart() async throws {
        let folder = TemporaryFolder()
        try Cassette(interactions: [
            Interaction(request: RecordedRequest(method: "GET", path: "/a"), response: RecordedResponse(status: 200)),
            Interaction(request: RecordedRequest(method: "GET", path: "/b"), response: RecordedResponse(status: 200)),
        ]).save(to: folder.file("pair.json"))
        let serve = try MockAPIProcess(["serve", folder.file("pair.json"), "--port", "0", "--log-level", "error"])
        let url = try await serve.listeningURL()
        #expect(try await TestClient.shared.send("GET", url + "/a").status == 200)
        #expect(try await TestClient.shared.send("POST", url + "/__mockapi/reset").status == 200)
        serve.signal(SIGTERM)
        let result = await serve.finish()
        #expect(result.status == 0)
        #expect(result.stderr.hasSuffix(
            "mockapi: 1 of 2 recorded interactions were never used:\n  pair[1]\n"
                + "mockapi: 2 of 2 unused since the last reset (GET /__mockapi/unused lists them)\n"), "\(result.stderr)")
    }

    /// A path that starts with a cassette's name but lacks the `@` of its scoped base URL gets a hint naming that URL,
    /// which answers.
    @Test func scopedPathWithoutTheAt_getsAHintNamingTheScopedURL() async throws {
        let serve = try MockAPIProcess(["serve", TestFixtures.folder, "--port", "0", "--log-level", "error"])
        let url = try await serve.listeningURL()
        let miss = try await TestClient.shared.send("GET", url + "/github/get-root/")
        #expect(miss.status == 404)
        #expect(try JSONValue.parse(miss.body)["error"] == .string(
            "mockapi: no recorded interaction matches; the path starts with the name of the cassette github/get-root; its "
                + "scoped base URL takes an @: /@github/get-root/: GET /github/get-root/"))
        #expect(try await TestClient.shared.send("GET", url + "/@github/get-root/").status == 200)
        let unrelated = try await TestClient.shared.send("GET", url + "/nothing-like-a-cassette")
        #expect(try JSONValue.parse(unrelated.body)["error"] == .string("mockapi: no recorded interaction matches: GET /nothing-like-a-cassette"))
        serve.signal(SIGTERM)
        #expect(await serve.finish().status == 0)
    }

    @Test func failOnUnmatched_exitsWith1_whenARequestWentUnmatched() async throws {
        let serve = try MockAPIProcess(["serve", getRoot, "--port", "0", "--fail-on-unmatched"])
        let line = try #require(await serve.firstLine())
        let url = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        _ = try await TestClient.shared.send("GET", url + "/missing")
        serve.signal(SIGINT)
        #expect(await serve.finish().status == 1)
    }

    /// A body over the limit gets 413 naming the limit and, from the command line, the flag that raises it; an
    /// in-process server names no flag (BadInputTests).
    @Test func bodyOverMaxBody_gets413_namingTheFlag() async throws {
        let serve = try MockAPIProcess(["serve", getRoot, "--port", "0", "--max-body", "1KB"])
        let line = try #require(await serve.firstLine())
        let url = try #require(line.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        let response = try await TestClient.shared.send("POST", url + "/", body: Array(repeating: 0x41, count: 4096))
        #expect(response.status == 413)
        #expect(response.text == "mockapi: request body larger than the server's limit of 1024 bytes (--max-body)\n")
        serve.signal(SIGTERM)
        _ = await serve.finish()
    }

    /// A broken cassette stops the command before it binds, naming the file, the field and the reason.
    @Test func brokenCassette_exits2BeforeBinding() async throws {
        let folder = TemporaryFolder()
        let broken = folder.path + "/broken.json"
        try Array(#"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": {"status": "200"}}]}"#.utf8)
            .write(to: broken)
        let result = try await MockAPIProcess.run(["serve", broken, "--port", "0", "--ready-file", folder.path + "/ready"])
        #expect(result.status == 2)
        #expect(result.stderr == "mockapi: error: \(broken): interactions[0].response.status: expected a number, found a string\n")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/ready"))
    }

    /// A ready file that cannot be written is said once, as mockapi's own error, and the start fails with status 2.
    @Test func unwritableReadyFile_exits2WithOneMessage() async throws {
        let folder = TemporaryFolder()
        let readyFile = folder.path + "/no-such-folder/ready"
        let result = try await MockAPIProcess.run(["serve", getRoot, "--port", "0", "--ready-file", readyFile])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("mockapi: error: --ready-file \(readyFile): "))
        #expect(result.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1, "\(result.stderr)")
    }

    @Test func portInUse_exits2WithAClearMessage() async throws {
        let busy = try ReplayServer(cassettes: [])
        let port = busy.baseURL.port ?? 0
        let result = try await MockAPIProcess.run(["serve", getRoot, "--port", "\(port)"])
        #expect(result.status == 2)
        #expect(result.stderr == "mockapi: error: 127.0.0.1:\(port) is already in use; stop whatever listens there, or pick another port (port 0 picks a free one) (--port)\n")
        await busy.stop()
    }

    @Test(arguments: [
        (["serve", "Fixtures", "--port", "70000"], "--port must be 0–65535 (0 picks a free port)."),
        (["serve"], "Give at least one cassette file or folder, for example: mockapi serve Fixtures"),
        (["serve", "Fixtures", "--unmatched-status", "42"], "--unmatched-status must be an HTTP status from 100 to 599."),
        (["serve", "Fixtures", "--threads", "0"], "--threads must be 1 or more."),
    ])
    func invalidOptions_areExplained(arguments: [String], message: String) throws {
        let error = try #require({ () -> (any Error)? in
            do { _ = try MockAPI.parseAsRoot(arguments); return nil } catch { return error }
        }())
        #expect(MockAPI.message(for: error) == message)
    }

    /// `--help` teaches: what the command does, each option, and examples to copy.
    @Test func help_explainsOptionsWithExamples() {
        let help = MockAPI.helpMessage(for: MockAPI.Serve.self, columns: 200)
        for expected in [
            "USAGE: mockapi serve [<options>] [<path> ...]", "--port <port>", "0 picks a free one", "--ready-file <path>", "--match-header <name>",
            "--strict", "--no-rewrite", "--unmatched-status <code>", "--fail-on-unmatched", "--max-body <size>",
            "Examples:", "    mockapi serve Fixtures --strict --fail-on-unmatched\n",
        ] {
            #expect(help.contains(expected), "missing: \(expected)")
        }
    }
}
