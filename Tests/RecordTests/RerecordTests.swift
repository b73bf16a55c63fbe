import Foundation
import MockAPICore
import MockAPIJSON
@testable import MockAPITesting
import Synchronization
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Re-recording an API that did not change leaves the cassette's bytes as they were: through `mockapi record --mode
/// all` and through the test helpers' `all` mode, against a stand-in whose answers change only in volatile headers.
@Suite(.serialized) struct RerecordTests {
    /// A GitHub-like API: the same bodies every time, but a new date, request id, rate-limit count and trace id (a
    /// header only the cassette names volatile) per answer.
    private static func volatileOnly() throws -> StandInUpstream {
        let served = Atomic<Int>(0)
        return try StandInUpstream { request in
            let count = served.add(1, ordering: .relaxed).newValue
            let headers: HTTPHeaders = [
                ("content-type", "application/json; charset=utf-8"), ("etag", #"W/"f00d""#),
                ("x-github-request-id", "A1B2:\(count)"), ("x-ratelimit-remaining", String(5000 - count)),
                ("x-ratelimit-used", String(count)), ("server-timing", "db;dur=\(count)"), ("x-trace", "t-\(count)"),
            ]
            let body = request.path == "/user" ? #"{"login":"octocat","id":1}"# : #"[{"number":1,"title":"Found a bug"}]"#
            return .response(.json(status: 200, Array(body.utf8), headers: headers))
        }
    }

    private func useTheAPI(_ base: String) async throws {
        let client = TestClient()
        for path in ["/user", "/repos/o/r/issues?state=open", "/user"] {
            #expect(try await client.send("GET", base + path).status == 200)
        }
        await client.shutdown()
    }

    private func record(_ cassette: String, upstream: StandInUpstream, _ extra: [String] = []) async throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        let child = try MockAPIProcess(
            ["record", "--upstream", upstream.url, "--cassette", cassette, "--port", "0", "--log-level", "error"] + extra)
        try await useTheAPI(try await child.listeningURL())
        child.signal(SIGINT)
        return await child.finish()
    }

    @Test func cliModeAll_unchangedAPI_leavesTheBytesAsTheyWere() async throws {
        let upstream = try Self.volatileOnly()
        let folder = TemporaryFolder()
        let cassette = folder.file("Fixtures/github.json")
        #expect(try await record(cassette, upstream: upstream).status == 0)
        // The cassette's own members stay, and its volatileHeaders count.
        var edited = try Cassette.load(file: cassette)
        edited.source = "Recorded from the stand-in."
        edited.volatileHeaders = ["X-Trace"]
        try edited.save(to: cassette)
        let before = try FileIO.read(cassette)
        let again = try await record(cassette, upstream: upstream, ["--mode", "all"])
        #expect(again.status == 0)
        #expect(try FileIO.read(cassette) == before)
        #expect(again.stderr.contains("mockapi: \(cassette): 3 answers unchanged in meaning, kept exactly as recorded before\n"))
        #expect(again.stderr.contains(
            "mockapi: \(cassette): changes: none (0 interactions changed, 0 added, 0 removed, 3 unchanged; 0 of 1 cassette changed)\n"))
        // Each new interaction notes the release that recorded it.
        #expect(try Cassette.load(file: cassette).interactions.allSatisfy { $0.recordedWith != nil })
        await upstream.stop()
    }

    @Test func cliModeAll_changedAnswer_isRewritten_andSaidAtTheStop() async throws {
        let upstream = try Self.volatileOnly()
        let folder = TemporaryFolder()
        let cassette = folder.file("Fixtures/github.json")
        #expect(try await record(cassette, upstream: upstream).status == 0)
        // Someone's earlier recording had another title: the re-recording replaces that answer only.
        var edited = try Cassette.load(file: cassette)
        edited.interactions[1].response.body = .json(JSONValue.array([.object([
            JSONMember("number", .integer(1)), JSONMember("title", .string("Old title")),
        ])]))
        try edited.save(to: cassette)
        let again = try await record(cassette, upstream: upstream, ["--mode", "all", "--volatile-header", "X-Trace"])
        let now = try Cassette.load(file: cassette)
        #expect(now.interactions[0] == edited.interactions[0] && now.interactions[2] == edited.interactions[2])
        #expect(now.interactions[1] != edited.interactions[1])
        #expect(again.stderr.contains("2 answers unchanged in meaning"))
        #expect(again.stderr.contains("changes: 1 interaction changed, 0 added, 0 removed, 2 unchanged"))
        #expect(again.stderr.contains(#"$[0].title: "Old title" → "Found a bug""#))
        await upstream.stop()
    }

    @Test func testHelperModeAll_unchangedAPI_leavesTheBytesAsTheyWere() async throws {
        let upstream = try Self.volatileOnly()
        let folder = TemporaryFolder()
        let environment = ["MOCKAPI_FIXTURES": folder.file("Fixtures")]
        let file = folder.file("Fixtures/api/github.json")
        var first: [UInt8] = []
        for mode in [RecordMode.once, .all] {
            try await withCassette("api/github", upstream: upstream.url, mode: mode, environment: environment, file: #filePath) { server in
                #expect(server.isRecording)
                try await useTheAPI(server.baseURL.absoluteString)
            }
            if mode == .once {
                var recorded = try Cassette.load(file: file)
                recorded.volatileHeaders = ["x-trace"]
                try recorded.save(to: file)
                first = try FileIO.read(file)
            }
        }
        #expect(try FileIO.read(file) == first)
        await upstream.stop()
    }
}
