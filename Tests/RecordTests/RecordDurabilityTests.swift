import Foundation
import MockAPICore
import MockAPITesting
import Synchronization
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Nothing is lost: every answer a client received is in a valid cassette on disk, under concurrency and when the
/// recorder is killed at any moment.
@Suite(.serialized) struct RecordDurabilityTests {
    /// An upstream that answers each request with its query, so answers can be matched to interactions.
    static func echoUpstream() throws -> StandInUpstream {
        try StandInUpstream { request in .response(.json(status: 200, Array(#"{"query":"\#(request.query ?? "")"}"#.utf8))) }
    }

    @Test func concurrentClients_eachInteractionRecordedOnce() async throws {
        try await withRig(upstream: { request in .response(.text(status: 200, request.query ?? "")) }) { rig, _ in
            let answers = try await withThrowingTaskGroup(of: [String].self) { group in
                for client in 0..<32 {
                    group.addTask {
                        var seen: [String] = []
                        for number in stride(from: client, to: 200, by: 32) {
                            let answer = try await rig.record("GET", "/items?n=\(number)")
                            #expect(answer.status == 200)
                            seen.append(answer.text)
                        }
                        return seen
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            let expected = Set((0..<200).map { "n=\($0)" })
            #expect(Set(answers) == expected)
            let recorded = try rig.cassette.interactions.compactMap(\.request.query)
            #expect(recorded.count == 200)
            #expect(Set(recorded) == expected)
            #expect(rig.recorder.writer.statistics.appended == 200)
        }
    }

    /// `kill -9` in the middle of a load, twice (the second run appends to what the first left): the cassette loads
    /// every time and holds every interaction whose answer a client received, each once.
    @Test func killNine_midLoad_losesNothingAnswered() async throws {
        let upstream = try Self.echoUpstream()
        let folder = TemporaryFolder()
        let cassette = folder.file("Fixtures/crash.json")
        var answered: Set<String> = []
        for round in 0..<2 {
            let child = try MockAPIProcess(
                ["record", "--upstream", upstream.url, "--cassette", cassette, "--port", "0", "--log-level", "error", "--mode", "new"])
            let baseURL = try await child.listeningURL()
            let client = TestClient()
            answered.formUnion(await Self.load(client, base: baseURL, round: round, killAfter: 60 + round * 40) {
                child.signal(SIGKILL)
            })
            let status = await child.finish().status
            await client.shutdown()
            #expect(status == SIGKILL)
            let recorded = try Cassette.load(file: cassette).interactions.compactMap(\.request.query)
            #expect(recorded.count == Set(recorded).count, "an interaction was written twice")
            let missing = answered.subtracting(recorded)
            #expect(missing.isEmpty, "answered but not on disk: \(missing.sorted().prefix(5))")
            #expect(answered.count >= 60)
        }
        // A new recorder removes the temporary files the killed ones may have left (hidden, but `git add` sees them).
        let last = try MockAPIProcess(
            ["record", "--upstream", upstream.url, "--cassette", cassette, "--port", "0", "--mode", "new"])
        _ = try await last.listeningURL()
        last.signal(SIGTERM)
        #expect(await last.finish().status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("Fixtures")).sorted() == [".gitignore", "crash.json"])
        await upstream.stop()
    }

    /// 16 clients send unique requests until `killAfter` answers arrived, then `kill` runs; each client stops at its
    /// first failure. Returns the queries whose answers arrived.
    static func load(_ client: TestClient, base: String, round: Int, killAfter: Int,
                     kill: @escaping @Sendable () -> Void) async -> Set<String> {
        let answered = AnsweredSet()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<16 {
                group.addTask {
                    for number in 0..<300 {
                        let query = "id=r\(round)-w\(worker)-n\(number)"
                        guard let answer = try? await client.send("GET", base + "/load?" + query), answer.status == 200,
                            answer.text.contains(query)
                        else { return }
                        let count = answered.insert(query)
                        if count == killAfter { kill() }
                    }
                }
            }
        }
        return answered.values
    }
}

/// The queries whose answers arrived, shared by the load's clients.
final class AnsweredSet: Sendable {
    private let queries = Mutex<Set<String>>([])

    /// Adds one; returns how many there are now.
    func insert(_ query: String) -> Int {
        queries.withLock { set in
            set.insert(query)
            return set.count
        }
    }

    var values: Set<String> { queries.withLock { $0 } }
}
