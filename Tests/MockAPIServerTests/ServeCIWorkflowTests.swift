import ArgumentParser
import Foundation
import MockAPICLI
import MockAPICore
import MockAPIJSON
import MockAPITesting
import TestSupport
import Testing

/// `mockapi serve` as CI runs it: a process started before the tests, reached by its URL.
@Suite(.timeLimit(.minutes(1)))
struct ServeCIWorkflowTests {
    private static func start(_ arguments: [String]) async throws -> (MockAPIProcess, String) {
        let serve = try MockAPIProcess(["serve"] + arguments + ["--port", "0"])
        let line = try #require(await serve.firstLine())
        let url = try #require(line.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map(String.init))
        return (serve, url)
    }

    private static func cassette(_ statuses: [Int], path: String = "/x") -> Cassette {
        Cassette(interactions: statuses.map {
            Interaction(request: RecordedRequest(method: "GET", path: path), response: RecordedResponse(status: $0))
        })
    }

    /// The remote client sees what the server saw, per cassette, and its checks fail with the details.
    @Test func remoteVerification_reportsExactlyWhatHappened() async throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/team", withIntermediateDirectories: true)
        try Self.cassette([200, 201]).save(to: folder.path + "/team/a.json")
        try Self.cassette([202]).save(to: folder.path + "/team/b.json")
        let (serve, url) = try await Self.start([folder.path])
        let mock = RemoteReplayServer(url: try #require(URL(string: url)))
        let a = mock.baseURL(for: "team/a").absoluteString
        #expect(a == url + "/@team/a")

        #expect(try await TestClient.shared.send("GET", a + "/x").status == 200)
        #expect(try await TestClient.shared.send("GET", a + "/y?page=2").status == 404)
        #expect(try await TestClient.shared.send("GET", mock.baseURL(for: "team/b").absoluteString + "/x").status == 202)

        let requests = try await mock.requests(cassette: "team/a")
        #expect(requests.map { "\($0.method) \($0.path) \($0.status) \($0.outcomeName)" } == ["GET /x 200 matched", "GET /y 404 unmatched"])
        #expect(requests.map(\.scope) == ["team/a", "team/a"])
        #expect(try await mock.requests(matching: "GET /y?page=*", cassette: "team/a").count == 1)
        let unmatched = try await mock.unmatched(cassette: "team/a")
        #expect(unmatched.map(\.line) == [
            #"unmatched GET /y?page=2 (no recorded interaction matches); nearest: team/a[0] GET /x: path: /y (recorded /x); query parameter page: "2" (not recorded) (+1 more nearest: GET /__mockapi/unmatched, or the answer body)"#
        ])
        try await mock.assertNoUnmatched(cassette: "team/b")
        try await mock.assertAllUsed(cassette: "team/b")
        let unused = try #require(await #expect(throws: VerificationFailure.self) { try await mock.assertAllUsed(cassette: "team/a") })
        #expect(unused.description == "mockapi: 1 recorded interaction of team/a never used:\n  team/a[1] GET /x")

        try await mock.reset(cassette: "team/a")
        #expect(try await TestClient.shared.send("GET", a + "/x").status == 200, "reset: the first recorded answer again")
        await #expect(throws: VerificationFailure.self) { try await mock.reset(cassette: "team/c") }
        serve.signal(SIGTERM)
        #expect(await serve.finish().status == 0)
    }

    /// `--watch`: a saved cassette is served at once; a broken edit is reported and the old version kept.
    @Test func watch_reloadsChangedCassettes_andKeepsTheOldOneOnABrokenEdit() async throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/live.json"
        try Self.cassette([200]).save(to: file)
        let (serve, url) = try await Self.start([folder.path, "--watch"])
        #expect(try await TestClient.shared.send("GET", url + "/@live/x").status == 200)

        try Self.cassette([201]).save(to: file)                       // atomic: written aside, renamed over
        #expect(await serve.waitForError(containing: "mockapi: reloaded live\n"))
        #expect(try await TestClient.shared.send("GET", url + "/@live/x").status == 201)

        let broken = FileHandle(forWritingAtPath: file)                // in place: truncated, then written
        try broken?.truncate(atOffset: 0)
        try broken?.write(contentsOf: Data(#"{"mockapi": 1, "interactions": [}"#.utf8))
        try broken?.close()
        #expect(await serve.waitForError(containing: "(kept the previous version of live)\n"))
        #expect(serve.errorText.contains("mockapi: error: \(file): line 1, column 33: not valid JSON"))
        #expect(try await TestClient.shared.send("GET", url + "/@live/x").status == 201)

        try Self.cassette([404], path: "/new").save(to: folder.path + "/added.json")
        #expect(await serve.waitForError(containing: "mockapi: added added\n"))
        #expect(try await TestClient.shared.send("GET", url + "/@added/new").status == 404)
        #expect(try await TestClient.shared.send("GET", url + "/@added/new").values("x-mockapi-unmatched").isEmpty)
        serve.signal(SIGTERM)
        #expect(await serve.finish().status == 0)
    }

    /// The options as a person types them, and what they are told when they get one wrong.
    @Test(arguments: [
        (["serve", "Fixtures", "--latency", "fast"], "The value 'fast' is invalid for '--latency <latency>'"),
        (["serve", "Fixtures", "--fault-rate", "2", "--fault", "503"], "--fault-rate must be from 0 to 1, for example 0.1."),
        (["serve", "Fixtures", "--fault-rate", "0.1"], "--fault-rate needs at least one --fault: 503, 429 (or any status 400–599), reset, timeout, truncate, cut:N."),
        (["serve", "Fixtures", "--fault", "reset"], "--fault needs --fault-rate (from 0 to 1); to fail one request, send the header X-Mockapi-Fault: reset."),
        (["serve", "Fixtures", "--fault-rate", "0.1", "--fault", "slow"], "The value 'slow' is invalid for '--fault <fault>'"),
    ])
    func conditionOptions_areExplained(arguments: [String], message: String) throws {
        let error = try #require({ () -> (any Error)? in
            do { _ = try MockAPI.parseAsRoot(arguments); return nil } catch { return error }
        }())
        #expect(MockAPI.message(for: error).hasPrefix(message))
    }

    @Test func help_teachesTheNewOptionsWithExamples() {
        let help = MockAPI.helpMessage(for: MockAPI.Serve.self, columns: 200)
        for expected in [
            "--latency <latency>", "--fault-rate <rate>", "--fault <fault>", "--seed <number>", "--watch",
            "LATENCY AND FAULTS:", "/@ and the cassette's name", "X-Mockapi-Fault",
            "    mockapi serve Fixtures --latency recorded\n", "    mockapi serve Fixtures --latency 50ms..300ms --seed 7\n",
            "    mockapi serve Fixtures --fault-rate 0.1 --fault 503 --fault reset --seed 42\n", "    mockapi serve Fixtures --watch\n",
            "http://127.0.0.1:8080/__mockapi/",
        ] {
            #expect(help.contains(expected), "missing: \(expected)")
        }
    }

    /// With conditions on, the log says which, with the seed that reproduces the run.
    @Test func conditions_areAnnouncedWithTheirSeed() async throws {
        let (serve, _) = try await Self.start([TestFixtures.folder + "/github/get-root.json", "--latency", "50ms..300ms", "--fault-rate", "0.25", "--fault", "503", "--seed", "9"])
        serve.signal(SIGTERM)
        let result = await serve.finish()
        #expect(result.stderr.hasPrefix("mockapi: latency 50ms..300ms; 25% of requests fail (503); seed 9\n"))
    }
}
