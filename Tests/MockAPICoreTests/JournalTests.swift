import Dispatch
import MockAPICore
import MockAPIJSON
import Testing

struct JournalTests {
    /// A long-running server keeps exact counts but only the most recent entries.
    @Test func ring_keepsTheNewestEntries_andExactCounts() {
        let journal = Journal(capacity: 3)
        for index in 1...5 { journal.record(.get("/\(index)"), status: 200, outcome: .matched(cassette: "c", index: index)) }
        #expect(journal.entries().map(\.path) == ["/3", "/4", "/5"])
        #expect(journal.entries(after: 4).map(\.sequence) == [5])
        #expect(journal.counts.matched == 5)
        #expect(journal.dropped == 2)
    }

    @Test func concurrentRecording_pollingReaderSeesEveryEntryInOrder() async {
        let journal = Journal(capacity: 100_000)
        let perThread = 5_000, threads = 4
        let reader = Task.detached { () -> [Int] in
            var seen: [Int] = []
            while seen.count < perThread * threads {
                seen += journal.entries(after: seen.last ?? 0).map(\.sequence)
                await Task.yield()
            }
            return seen
        }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                journal.record(.get("/\(thread)/\(index)"), status: 200, outcome: .matched(cassette: "c", index: index))
            }
        }
        let seen = await reader.value
        #expect(seen == Array(1...(perThread * threads)))
        #expect(journal.counts.matched == perThread * threads)
        #expect(journal.dropped == 0)
    }

    /// Entries recorded after a clear are kept and read; the cleared ones count as dropped.
    @Test func clear_dropsKeptEntries_andKeepsRecording() {
        let journal = Journal(capacity: 10)
        for index in 1...4 { journal.record(.get("/\(index)"), status: 200, outcome: .matched(cassette: "c", index: index)) }
        journal.clear()
        #expect(journal.entries().isEmpty)
        journal.record(.get("/5"), status: 200, outcome: .matched(cassette: "c", index: 5))
        #expect(journal.entries().map(\.path) == ["/5"])
        #expect(journal.dropped == 4)
        #expect(journal.counts.matched == 5)
    }

    @Test func admin_healthAndJournal() async throws {
        let replayer = Replayer.make([.make("c", [.get("/a")])])
        let router = Router(admin: AdminResponder(journal: replayer.journal) { [JSONMember("mode", .string("replay"))] }, main: replayer)
        _ = await router.respond(to: .get("/a"))
        _ = await router.respond(to: .get("/nope"))
        let health = await router.respond(to: .get("/__mockapi/health"))
        #expect(health.json == .object([
            "apiVersion": .number("1"), "status": .string("ok"), "mode": .string("replay"), "next": .number("2"),
        ]))
        let journal = try #require(await router.respond(to: .get("/__mockapi/journal")).json)
        let requests = try #require(journal["requests"]?.arrayValue)
        // Read-only admin calls are counted, not kept: a page polling the journal must not push requests out of it.
        #expect(requests.compactMap { $0["outcome"]?.stringValue } == ["matched", "unmatched"])
        #expect(journal["counts"]?["admin"] == .number("1"))
        #expect(requests[0]["cassette"] == .string("c"))
        #expect(journal["counts"]?["unmatched"] == .number("1"))
        #expect(await router.respond(to: .get("/__mockapi/other")).status == 404)
        #expect(await router.respond(to: HTTPRequest(method: "POST", target: "/__mockapi/journal")).status == 405)
    }
}
