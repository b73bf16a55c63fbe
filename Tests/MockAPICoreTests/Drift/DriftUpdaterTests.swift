import MockAPICore
import MockAPIJSON
import TestSupport
import Testing

/// `--update`: the live answer in place of the drifted one, scrubbed, the rest of the file untouched.
struct DriftUpdaterTests {
    private func saved(_ interactions: [Interaction], in folder: TemporaryFolder) throws -> LoadedCassette {
        let file = folder.file("repo.json")
        let cassette = Cassette(interactions: interactions)
        try cassette.save(to: file)
        return LoadedCassette(name: "repo", file: file, cassette: cassette)
    }

    @Test func replacesInPlace_keepsOrderAndRequest_scrubsTheAnswer() throws {
        let folder = TemporaryFolder()
        let loaded = try saved([
            .json("/a", #"{"id":1}"#), .make("GET", "/b", requestHeaders: [("authorization", "token <redacted>")]), .json("/c", #"{"id":3}"#),
        ], in: folder)
        var live = loaded.cassette.interactions[1]
        live.response = RecordedResponse(
            status: 200, headers: [("content-type", "application/json"), ("set-cookie", "session=abcdef123456; Path=/")],
            body: .json(try JSONValue.parse(#"{"login":"o","echo":"ghp_realtoken1234567890"}"#)))
        let updater = DriftUpdater(
            redactor: Redactor(rules: .standard),
            secrets: [SecretLiteral(name: "--header Authorization", value: "ghp_realtoken1234567890", placeholder: "<redacted>")])
        try updater.update(loaded, with: [1: live])

        let reloaded = try Cassette.load(file: loaded.file)
        #expect(reloaded.interactions.map(\.request.path) == ["/a", "/b", "/c"])
        #expect(reloaded.interactions[0] == loaded.cassette.interactions[0])
        #expect(reloaded.interactions[2] == loaded.cassette.interactions[2])
        #expect(reloaded.interactions[1].request.headers["authorization"] == "token <redacted>")
        #expect(reloaded.interactions[1].response.headers["set-cookie"] == "session=<redacted>; Path=/")
        #expect(reloaded.interactions[1].response.body == .json(try JSONValue.parse(#"{"login":"o","echo":"<redacted>"}"#)))
        #expect(!folder.allFiles().contains { String(decoding: $0.bytes, as: UTF8.self).contains("ghp_realtoken") })
    }

    /// An old recording whose live answer is the same but for volatile headers keeps its bytes; only its time and
    /// release are new, so `--max-age` no longer finds it old.
    @Test func unchangedAnswer_keepsItsBytes_takingOnlyTheNewTime() throws {
        let folder = TemporaryFolder()
        var old = Interaction.make("GET", "/a", body: .json(try JSONValue.parse(#"{"id":1}"#)),
                                   headers: [("content-type", "application/json"), ("date", "Mon, 05 Jan 2026 10:00:00 GMT")])
        old.recordedAt = "2026-01-05T10:00:00.000Z"
        old.durationMs = 80
        let loaded = try saved([old], in: folder)
        var live = old
        live.response.headers = [("content-type", "application/json"), ("date", "Sat, 28 Nov 2026 09:00:00 GMT")]
        live.recordedAt = "2026-11-28T09:00:00.000Z"
        live.durationMs = 130
        try DriftUpdater(redactor: Redactor(rules: .standard), secrets: [], version: "0.1.0").update(loaded, with: [0: live])
        var expected = old
        expected.recordedAt = "2026-11-28T09:00:00.000Z"
        expected.recordedWith = "0.1.0"
        #expect(try Cassette.load(file: loaded.file).interactions == [expected])
    }

    /// A recorder's write-ahead log was folded in by the load; the saved file holds it, so it goes.
    @Test func aLeftoverJournal_isFoldedInAndRemoved() throws {
        let folder = TemporaryFolder()
        let file = folder.file("repo.json")
        try Cassette(interactions: [.json("/a", #"{"id":1}"#)]).save(to: file)
        try WriteAheadLog.line(for: .json("/b", #"{"id":2}"#), index: 1).write(to: WriteAheadLog.path(for: file))
        let cassette = try Cassette.load(file: file)
        #expect(cassette.interactions.count == 2)
        var live = cassette.interactions[0]
        live.response.body = .json(try JSONValue.parse(#"{"id":9}"#))
        try DriftUpdater(redactor: Redactor(rules: .standard), secrets: [])
            .update(LoadedCassette(name: "repo", file: file, cassette: cassette), with: [0: live])
        #expect(folder.contents == ["repo.json"])
        #expect(try Cassette.load(file: file).interactions.map(\.request.path) == ["/a", "/b"])
    }
}
