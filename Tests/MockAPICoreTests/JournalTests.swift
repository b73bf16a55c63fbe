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

    /// A client leaving a stream is noted on its own entry, also once the ring has wrapped around; an entry that has
    /// fallen out of the ring is not confused with another.
    @Test func clientWentAway_isNotedOnItsEntry_inAWrappedRing() {
        let journal = Journal(capacity: 3)
        var sequences: [Int] = []
        for index in 1...5 {
            sequences.append(journal.record(
                .get("/\(index)"), status: 200, outcome: .matched(cassette: "c", index: index),
                stream: StreamSummary(chunks: 10, durationMs: 900)))
        }
        journal.noteClientWentAway(sequence: sequences[3], StreamSummary.Departure(afterChunks: 4, atMs: 350))
        journal.noteClientWentAway(sequence: sequences[0], StreamSummary.Departure(afterChunks: 1, atMs: 5))
        #expect(journal.entries().map(\.stream) == [
            StreamSummary(chunks: 10, durationMs: 900),
            StreamSummary(chunks: 10, durationMs: 900, clientWentAway: StreamSummary.Departure(afterChunks: 4, atMs: 350)),
            StreamSummary(chunks: 10, durationMs: 900),
        ])
    }

    /// The journal's JSON carries a stream's summary, and reads back the same (remote servers' journals).
    @Test func streamSummary_inTheJSONForm_readsBack() throws {
        let journal = Journal()
        let sequence = journal.record(
            .get("/v1/stream"), status: 200, outcome: .matched(cassette: "llm", index: 0),
            stream: StreamSummary(chunks: 21, durationMs: 748))
        journal.record(.get("/plain"), status: 200, outcome: .matched(cassette: "llm", index: 1))
        journal.noteClientWentAway(sequence: sequence, StreamSummary.Departure(afterChunks: 3, atMs: 88))
        let entries = journal.entries()
        #expect(entries[0].jsonValue["stream"] == .object([
            JSONMember("chunks", .integer(21)), JSONMember("durationMs", .integer(748)),
            JSONMember("clientWentAway", .object([JSONMember("afterChunks", .integer(3)), JSONMember("atMs", .integer(88))])),
        ]))
        #expect(entries[1].jsonValue["stream"] == nil)
        #expect(try JournalEntry(json: entries[0].jsonValue).stream == entries[0].stream)
        #expect(try JournalEntry(json: entries[1].jsonValue).stream == nil)
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
