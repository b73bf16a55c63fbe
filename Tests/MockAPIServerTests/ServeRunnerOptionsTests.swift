import Foundation
import MockAPICore
import MockAPIJSON
import TestSupport
import Testing

/// What a test runner starts `mockapi serve` with: `--exit-with` its own PID, so that no server outlives it, and
/// `--skip-broken`, so that one broken cassette fails only its own tests.
@Suite(.timeLimit(.minutes(1)))
struct ServeRunnerOptionsTests {
    private let getRoot = TestFixtures.folder + "/github/get-root.json"

    @Test func exitWith_stopsTheServer_whenThatProcessIsKilled() async throws {
        let runner = Process()
        runner.executableURL = URL(fileURLWithPath: "/bin/cat")  // waits on its stdin, which nothing writes
        runner.standardInput = Pipe()
        try runner.run()
        let serve = try MockAPIProcess(["serve", getRoot, "--port", "0", "--exit-with", String(runner.processIdentifier)])
        let url = try await serve.listeningURL()
        #expect(try await TestClient.shared.send("GET", url + "/").status == 200)
        kill(runner.processIdentifier, SIGKILL)
        runner.waitUntilExit()
        let result = await serve.finish()
        #expect(result.status == 0)
        #expect(result.stderr.contains("mockapi: process \(runner.processIdentifier) ended (--exit-with); stopping\n"))
        #expect(result.stderr.contains("mockapi: stopped (SIGTERM)"), "stopped as SIGTERM stops it, with the summary")
    }

    @Test func exitWith_aProcessThatIsGone_isAnErrorAtStart() async throws {
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let result = try await MockAPIProcess.run(
            ["serve", getRoot, "--port", "0", "--exit-with", String(gone.processIdentifier)])
        #expect(result.status == 2)
        #expect(result.stderr == "mockapi: error: --exit-with \(gone.processIdentifier): no process has this ID (it has ended already)\n")
    }

    @Test func skipBroken_servesWhatLoads_namesWhyTheRestDidNot_andExits1() async throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/github", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: getRoot, toPath: folder.path + "/github/get-root.json")
        let broken = folder.path + "/github/truncated.json"
        try Array(#"{"mockapi": 1, "interactions": [{"request": {"#.utf8).write(to: broken)

        let refused = try await MockAPIProcess.run(["serve", folder.path, "--port", "0"])
        #expect(refused.status == 2, "without the flag a broken cassette still stops the start")

        let serve = try MockAPIProcess(["serve", folder.path, "--port", "0", "--skip-broken"])
        let url = try await serve.listeningURL()
        #expect(try await TestClient.shared.send("GET", url + "/@github/get-root/").status == 200)
        let miss = try await TestClient.shared.send("POST", url + "/__mockapi/reset?cassette=github/truncated")
        #expect(miss.status == 404)
        let error = try JSONValue.parse(miss.body)["error"]
        guard case .string(let text)? = error else { Issue.record("no error in \(miss.text)"); return }
        #expect(text.contains("cassette \"github/truncated\" did not load: \(broken): line 1, column "), "\(text)")
        let listed = try JSONValue.parse(try await TestClient.shared.send("GET", url + "/__mockapi/cassettes").body)
        guard case .array(let unloadable)? = listed["unloadable"] else { Issue.record("no unloadable list"); return }
        #expect(unloadable.map { $0["name"] } == [.string("github/truncated")])
        #expect(unloadable.map { $0["file"] } == [.string(broken)])
        serve.signal(SIGTERM)
        let result = await serve.finish()
        #expect(result.status == 1)
        #expect(result.stderr.contains("mockapi: error: not served (--skip-broken): \(broken): line 1, column "))
    }
}
