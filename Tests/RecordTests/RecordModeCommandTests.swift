import Foundation
import MockAPICore
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `mockapi record` on a cassette that exists: refused without --mode, added to with --mode new, replaced with
/// --mode all only when the recorder stops cleanly.
@Suite(.serialized) struct RecordModeCommandTests {
    /// A cassette that holds `GET /old`, recorded before.
    private func oldCassette(in folder: TemporaryFolder) throws -> String {
        let file = folder.file("Fixtures/api.json")
        try FileIO.createFolder(folder.file("Fixtures"))
        try Cassette(interactions: [Interaction(
            request: RecordedRequest(method: "GET", path: "/old"), response: RecordedResponse(status: 200, body: .text("old answer")))])
            .save(to: file)
        return file
    }

    private func record(_ cassette: String, upstream: StandInUpstream, _ extra: [String]) throws -> MockAPIProcess {
        try MockAPIProcess(["record", "--upstream", upstream.url, "--cassette", cassette, "--port", "0", "--log-level", "error"] + extra)
    }

    @Test func existingCassette_withoutMode_isRefusedNamingBothModes() async throws {
        let folder = TemporaryFolder()
        let cassette = try oldCassette(in: folder)
        let before = try FileIO.read(cassette)
        let finished = try await MockAPIProcess.run(["record", "--upstream", "https://api.example.com", "--cassette", cassette, "--port", "0"])
        #expect(finished.status == 64)
        #expect(finished.stderr.hasPrefix(
            "Error: --cassette \(cassette) exists: pass --mode new to add to its interactions, or --mode all to record it "
                + "afresh (it is replaced when mockapi stops cleanly).\n"))
        #expect(try FileIO.read(cassette) == before)
    }

    @Test func modeNew_saysItAppends_andAddsAfterTheRecorded() async throws {
        let upstream = try StandInUpstream(always: .text(status: 200, "new answer"))
        let folder = TemporaryFolder()
        let cassette = try oldCassette(in: folder)
        let child = try record(cassette, upstream: upstream, ["--mode", "new"])
        let baseURL = try await child.listeningURL()
        let client = TestClient()
        #expect(try await client.send("GET", baseURL + "/new").text == "new answer")
        await client.shutdown()
        child.signal(SIGINT)
        let finished = await child.finish()
        #expect(finished.status == 0)
        #expect(finished.stderr.hasPrefix("mockapi: \(cassette): appending to 1 recorded interaction (--mode new)\n"))
        #expect(try Cassette.load(file: cassette).interactions.map(\.request.path) == ["/old", "/new"])
        await upstream.stop()
    }

    @Test func modeAll_replacesTheCassette_onlyWhenStoppedCleanly() async throws {
        let upstream = try StandInUpstream(always: .text(status: 200, "new answer"))
        let folder = TemporaryFolder()
        let cassette = try oldCassette(in: folder)
        let child = try record(cassette, upstream: upstream, ["--mode", "all"])
        let baseURL = try await child.listeningURL()
        let client = TestClient()
        #expect(try await client.send("GET", baseURL + "/new").text == "new answer")
        await client.shutdown()
        // Recorded and answered, but the session has not ended: the cassette is still the old one.
        #expect(try Cassette.load(file: cassette).interactions.map(\.request.path) == ["/old"])
        child.signal(SIGTERM)
        let finished = await child.finish()
        #expect(finished.status == 0)
        #expect(finished.stderr.hasPrefix(
            "mockapi: \(cassette): recording afresh (--mode all); the new recording replaces its 1 recorded interaction "
                + "when mockapi stops cleanly\n"))
        #expect(finished.stderr.contains("mockapi: \(cassette): replaced by the new recording (1 interaction)\n"))
        #expect(try Cassette.load(file: cassette).interactions.map(\.request.path) == ["/new"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("Fixtures")) == ["api.json"])
        await upstream.stop()
    }

    @Test func modeAll_killed_leavesTheOldCassette() async throws {
        let upstream = try StandInUpstream(always: .text(status: 200, "new answer"))
        let folder = TemporaryFolder()
        let cassette = try oldCassette(in: folder)
        let before = try FileIO.read(cassette)
        let child = try record(cassette, upstream: upstream, ["--mode", "all"])
        let baseURL = try await child.listeningURL()
        let client = TestClient()
        #expect(try await client.send("GET", baseURL + "/new").text == "new answer")
        await client.shutdown()
        child.signal(SIGKILL)
        _ = await child.finish()
        #expect(try FileIO.read(cassette) == before)
        // A second clean session replaces it, whatever the killed one left beside it.
        let again = try record(cassette, upstream: upstream, ["--mode", "all"])
        let againURL = try await again.listeningURL()
        let second = TestClient()
        #expect(try await second.send("GET", againURL + "/newer").status == 200)
        await second.shutdown()
        again.signal(SIGINT)
        #expect(await again.finish().status == 0)
        #expect(try Cassette.load(file: cassette).interactions.map(\.request.path) == ["/newer"])
        await upstream.stop()
    }

    @Test func modeAll_withNothingRecorded_keepsTheCassette() async throws {
        let upstream = try StandInUpstream(always: .text(status: 200, "new answer"))
        let folder = TemporaryFolder()
        let cassette = try oldCassette(in: folder)
        let before = try FileIO.read(cassette)
        let child = try record(cassette, upstream: upstream, ["--mode", "all"])
        _ = try await child.listeningURL()
        child.signal(SIGINT)
        let finished = await child.finish()
        #expect(finished.status == 0)
        #expect(finished.stderr.contains("mockapi: \(cassette): kept as it was: nothing was recorded (--mode all)\n"))
        #expect(try FileIO.read(cassette) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("Fixtures")).filter { $0.contains(".recording") }.isEmpty)
        await upstream.stop()
    }
}
