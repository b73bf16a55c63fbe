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

    /// A replayed request's entry names its cassette, whichever cassettes came before it: each thread keeps its own
    /// copies of the names in a few slots, and two cassettes that share a slot (1 and 17 of 16), or a reload that
    /// gives a slot's cassette number another name, must not make an entry name the wrong one.
    @Test func matchedEntries_nameTheirCassette_whenCassettesShareACopySlot() {
        let journal = Journal()
        let record = { (name: String, slot: Int) in
            withUnsafePointer(to: name) { name in
                journal.recordMatched(.get("/"), status: 200, cassette: name, slot: slot, index: 0, scope: nil)
            }
        }
        let long = "github/a-cassette-with-a-name-too-long-for-a-small-string"
        record("qiita/items", 1)
        record(long, 17)
        record(long, 17)
        record("qiita/items", 1)
        record("renamed/after-a-reload", 1)
        let names = journal.entries().map { entry -> String in
            guard case .matched(let cassette, _) = entry.outcome else { return "not matched" }
            return cassette
        }
        #expect(names == ["qiita/items", long, long, "qiita/items", "renamed/after-a-reload"])
        #expect(journal.counts.matched == 5)
    }

    /// Worker threads record at once (each into its own stripe); a reader polling with the last number it saw gets
    /// every entry exactly once, in order, and the counts are exact.
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

    /// A number taken but not stored yet (its thread was preempted between the two) hides the entries after it, so
    /// that a reader asking for what follows the last number it saw never skips it.
    @Test func entryNotStoredYet_endsTheListBeforeIt() {
        let journal = Journal()
        journal.record(.get("/1"), status: 200, outcome: .matched(cassette: "c", index: 0))
        let slow = journal.nextNumber()
        journal.record(.get("/3"), status: 200, outcome: .matched(cassette: "c", index: 2))
        #expect(journal.entries().map(\.path) == ["/1"])
        journal.store(slow, .get("/2"), status: 200, outcome: .matched(cassette: "c", index: 1))
        #expect(journal.entries(after: 1).map(\.path) == ["/2", "/3"])
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
        #expect(health.json == .object(["status": .string("ok"), "mode": .string("replay")]))
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
