import Foundation
import Synchronization
import MockAPICore
import MockAPIJSON
import TestSupport
import Testing

/// `reload()`: changed files are read again, a broken edit keeps the previous version, unchanged cassettes keep their
/// queues.
struct ReloadTests {
    private func service(_ folder: TemporaryFolder) throws -> ReplayService {
        let loaded = try CassetteLoader.load([folder.path])
        return ReplayService(cassettes: loaded, sources: [folder.path], baseURL: "http://127.0.0.1:9999")
    }

    @Test func changedFile_isReloaded_othersKeepTheirPlace() async throws {
        let folder = TemporaryFolder()
        try Cassette(interactions: [.get("/a", status: 200)]).save(to: folder.path + "/a.json")
        try Cassette(interactions: [.get("/b", status: 200), .get("/b", status: 404)]).save(to: folder.path + "/b.json")
        let service = try service(folder)
        #expect(await service.respond(to: .get("/@b/b")).status == 200)

        try Cassette(interactions: [.get("/a", status: 201)]).save(to: folder.path + "/a.json")
        let report = service.reload()
        #expect(report.reloaded == ["a"])
        #expect(report.problems.isEmpty)
        #expect(await service.respond(to: .get("/@a/a")).status == 201)
        #expect(await service.respond(to: .get("/@b/b")).status == 404, "b's scoped queue kept its place")
        #expect(!service.reload().changed, "nothing changed since")
    }

    /// A reloaded cassette whose `match` names a header the server does not collect is refused, naming the field;
    /// its previous version stays. Other match rules take effect on reload.
    @Test func reloadedMatchRules_applyUnlessTheyNeedAnUncollectedHeader() async throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/a.json"
        try Cassette(interactions: [.get("/a?ts=1", status: 200)]).save(to: file)
        let service = try service(folder)
        #expect(await service.respond(to: .get("/@a/a?ts=2")).status == 404)

        try Cassette(matchRules: MatchRules(ignoreQuery: ["ts"]), interactions: [.get("/a?ts=1", status: 201)]).save(to: file)
        #expect(service.reload().problems.isEmpty)
        #expect(await service.respond(to: .get("/@a/a?ts=2")).status == 201)

        try Cassette(matchRules: MatchRules(matchHeaders: ["x-tenant"]), interactions: [.get("/a", status: 202)]).save(to: file)
        let report = service.reload()
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.contains("a.json: match.matchHeaders: x-tenant not collected by this server") == true)
        #expect(await service.respond(to: .get("/@a/a?ts=2")).status == 201, "the previous version stays")
    }

    /// Requests answered while reloads replace the catalog each get a whole answer of the old or the new version: a
    /// replaced catalog stays alive until no request is using it.
    @Test func reloadsWhileAnswering_everyAnswerIsWhole() throws {
        let folder = TemporaryFolder()
        try Cassette(interactions: [.get("/a", status: 200)]).save(to: folder.path + "/a.json")
        let service = try service(folder)
        let statuses = Mutex<[Int: Int]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker == 0 {
                for round in 1...40 {
                    try? Cassette(interactions: [.get("/a", status: 200 + round % 2)]).save(to: folder.path + "/a.json")
                    _ = service.reload()
                }
                return
            }
            for _ in 0..<3_000 {
                guard case .prepared(let answer) = service.reply(to: .get("/a")) else {
                    statuses.withLock { $0[0, default: 0] += 1 }
                    continue
                }
                statuses.withLock { $0[answer.response.status, default: 0] += 1 }
            }
        }
        let seen = statuses.withLock { $0 }
        #expect(Set(seen.keys).isSubset(of: [200, 201]), "every answer is one of the recorded ones: \(seen)")
        #expect(seen.values.reduce(0, +) == 9_000)
    }

    /// A file that no longer loads keeps its previous version; the problem names the file, the place and the reason.
    @Test func brokenEdit_keepsThePreviousVersion() async throws {
        let folder = TemporaryFolder()
        try Cassette(interactions: [.get("/a", status: 200)]).save(to: folder.path + "/a.json")
        let service = try service(folder)
        try Array(#"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/a"}, "response": {"status": "x"}}]}"#.utf8)
            .write(to: folder.path + "/a.json")
        let report = service.reload()
        #expect(report.problems == [
            "\(folder.path)/a.json: interactions[0].response.status: expected a number, found a string (kept the previous version of a)"
        ])
        #expect(!report.changed)
        #expect(await service.respond(to: .get("/a")).status == 200)
    }

    @Test func newAndRemovedFiles_areAddedAndRemoved() async throws {
        let folder = TemporaryFolder()
        try Cassette(interactions: [.get("/a")]).save(to: folder.path + "/a.json")
        try Cassette(interactions: [.get("/b")]).save(to: folder.path + "/b.json")
        let service = try service(folder)
        try FileManager.default.removeItem(atPath: folder.path + "/b.json")
        try Cassette(interactions: [.get("/c")]).save(to: folder.path + "/c.json")
        let report = service.reload()
        #expect(report.added == ["c"])
        #expect(report.removed == ["b"])
        #expect((report.cassettes, report.interactions) == (2, 2))
        #expect(await service.respond(to: .get("/@c/c")).status == 200)
        #expect(await service.respond(to: .get("/@b/b")).status == 404)
    }

    @Test func cassettesInMemory_cannotBeReloaded() {
        let report = ReplayService.make([.make("a", [.get("/a")])]).reload()
        #expect(report.problems == ["the cassettes were given in memory, not loaded from files: there is nothing to reload"])
    }
}
