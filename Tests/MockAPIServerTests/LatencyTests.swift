import Foundation
import MockAPICore
import MockAPITesting
import Synchronization
import TestSupport
import Testing

/// Delays park connections instead of holding threads: many delayed requests wait side by side.
@Suite(.timeLimit(.minutes(1)))
struct LatencyTests {
    /// 100 concurrent requests, each delayed 1 s, on a server with two worker threads, finish in about one delay, not
    /// a hundred (100 s) and not 100 ÷ 2 threads (50 s). The bound, 5 delays, leaves room for a loaded machine (the
    /// suite under ThreadSanitizer beside two fuzzers took 2.2 s for 100 × 200 ms) and still fails any serialising.
    @Test func hundredConcurrentDelayedRequests_doNotSerialise() async throws {
        let server = try ReplayServer(
            cassettes: TestFixtures.loaded(["github/get-root"]), conditions: ReplayConditions(latency: .fixed(milliseconds: 1000)))
        let url = server.baseURL.absoluteString + "/"
        _ = try await TestClient.wide.send("GET", url)   // one connection up before timing
        let clock = ContinuousClock()
        let start = clock.now
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<100 { group.addTask { try await TestClient.wide.send("GET", url).status } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        let elapsed = clock.now - start
        #expect(statuses == Array(repeating: 200, count: 100))
        #expect(elapsed >= .seconds(1))
        #expect(elapsed < .seconds(5), "100 × 1 s delays took \(elapsed)")
        #expect(server.requests.count == 101)
        await server.stop()
    }

    /// `--latency recorded` waits each interaction's `durationMs`; a slow answer does not hold up a fast one: the fast
    /// answer comes while the slow one is still waiting. (By their order, not by a margin of time: the whole suite runs
    /// at once on two shared cores, where both answers have come seconds late.)
    @Test func recordedLatency_waitsAsRecorded_withoutBlockingOthers() async throws {
        var slow = Interaction(request: RecordedRequest(method: "GET", path: "/slow"), response: RecordedResponse(status: 200))
        slow.durationMs = 2000
        var fast = Interaction(request: RecordedRequest(method: "GET", path: "/fast"), response: RecordedResponse(status: 200))
        fast.durationMs = 1
        let server = try ReplayServer(
            cassettes: [LoadedCassette(name: "c", file: "c.json", cassette: Cassette(interactions: [slow, fast]))],
            conditions: ReplayConditions(latency: .recorded))
        let base = server.baseURL.absoluteString
        let clock = ContinuousClock()
        let start = clock.now
        let slowAnswered = Atomic<Bool>(false)
        let slowAnswer = Task {
            defer { slowAnswered.store(true, ordering: .sequentiallyConsistent) }
            return try await TestClient.wide.send("GET", base + "/slow")
        }
        _ = try await TestClient.wide.send("GET", base + "/fast")
        let slowWasStillWaiting = !slowAnswered.load(ordering: .sequentiallyConsistent)
        _ = try await slowAnswer.value
        let slowDone = clock.now - start
        #expect(slowDone >= .milliseconds(2000))
        #expect(slowWasStillWaiting, "the fast answer waited for the slow one")
        await server.stop()
    }
}
