import Foundation
import MockAPICore
import MockAPITesting
import TestSupport
import Testing

/// Many clients at once against one server: every answer is the right one, and the counts add up. Small enough for
/// every run; under `scripts/sanitize thread` these are what exercises the engine's threads, the replay
/// queues, the journal and the recorder's group commits concurrently.
@Suite(.timeLimit(.minutes(2)))
struct ConcurrentLoadTests {
    static let clients = 32
    static let requestsPerClient = 40

    /// Matched GETs (query in another order), JSON POSTs (members in another order) and unmatched requests, mixed.
    @Test func mixedRequests_getTheirOwnAnswers() async throws {
        let server = try ReplayServer(cassettes: TestFixtures.loaded(["github/get-repository", "github/paginate-issues", "github/labels"]))
        let base = server.baseURL.absoluteString
        let client = TestClient(connections: Self.clients)
        let mix: [(method: String, target: String, body: [UInt8]?, status: Int)] = [
            ("GET", "/repos/octokit-fixture-org/hello-world", nil, 200),
            ("GET", "/repositories/1000/issues?page=2&per_page=3", nil, 200),
            ("POST", "/repos/octokit-fixture-org/labels/labels", Array(#"{"color":"663399","name":"test-label"}"#.utf8), 201),
            ("GET", "/repos/octokit-fixture-org/hello-world/not-recorded", nil, 404),
        ]
        var references: [[UInt8]] = []
        for request in mix {
            let answer = try await client.send(request.method, base + request.target, headers: [("content-type", "application/json")], body: request.body)
            #expect(answer.status == request.status, "\(request.target)")
            references.append(answer.body)
        }
        let expected = references
        let wrong = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<Self.clients {
                group.addTask {
                    var wrong = 0
                    for number in 0..<Self.requestsPerClient {
                        let which = (worker + number) % mix.count
                        let request = mix[which]
                        let answer = try await client.send(
                            request.method, base + request.target, headers: [("content-type", "application/json")], body: request.body)
                        if answer.status != request.status || answer.body != expected[which] { wrong += 1 }
                    }
                    return wrong
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(wrong == 0)
        let total = mix.count + Self.clients * Self.requestsPerClient
        #expect(server.counts.requests == total)
        #expect(server.counts.unmatched == 1 + Self.clients * Self.requestsPerClient / mix.count)
        await client.shutdown()
        await server.stop()
    }

    /// 100 recorded answers to one request, asked for by 100 clients at once in strict mode: each answer goes out
    /// exactly once, and the 101st request is unmatched.
    @Test func identicalRequestsAtOnce_takeEachRecordedAnswerOnce() async throws {
        let interactions = (0..<100).map { number in
            Interaction(request: RecordedRequest(method: "GET", path: "/next"),
                        response: RecordedResponse(status: 200, body: .text("answer \(number)")))
        }
        let server = try ReplayServer(
            cassettes: [LoadedCassette(name: "queue", file: "queue.json", cassette: Cassette(interactions: interactions))],
            options: ReplayOptions(strict: true))
        let client = TestClient(connections: 100)
        let url = server.baseURL.absoluteString + "/next"
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<100 { group.addTask { try await client.send("GET", url).text } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(bodies) == Set((0..<100).map { "answer \($0)" }))
        #expect(try await client.send("GET", url).status == 404)
        await client.shutdown()
        await server.stop()
    }

    /// A recorder in front of a replay server, many clients at once: every answer is the upstream's, and every
    /// interaction is in the cassette, which loads.
    @Test func recordingUnderConcurrentClients_keepsEveryInteraction() async throws {
        let upstream = try ReplayServer(cassettes: TestFixtures.loaded(["github/client/zen", "github/labels"]))
        let folder = TemporaryFolder()
        let cassette = folder.file("recorded.json")
        let recorder = try RecordingServer(
            upstreams: [UpstreamRoute(mount: "/", upstream: upstream.baseURL.absoluteString)], cassette: cassette)
        let base = recorder.baseURL.absoluteString
        let client = TestClient(connections: Self.clients)
        let zen = try await client.send("GET", base + "/zen")
        let label = try await client.send(
            "POST", base + "/repos/octokit-fixture-org/labels/labels", headers: [("content-type", "application/json")],
            body: Array(#"{"name":"test-label","color":"663399"}"#.utf8))
        #expect(zen.status == 200)
        #expect(label.status == 201)
        let perClient = Self.requestsPerClient / 4
        let wrong = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<Self.clients {
                group.addTask {
                    var wrong = 0
                    for number in 0..<perClient {
                        let answer = (worker + number).isMultiple(of: 2)
                            ? try await client.send("GET", base + "/zen")
                            : try await client.send(
                                "POST", base + "/repos/octokit-fixture-org/labels/labels", headers: [("content-type", "application/json")],
                                body: Array(#"{"name":"test-label","color":"663399"}"#.utf8))
                        let reference = (worker + number).isMultiple(of: 2) ? zen : label
                        if answer.status != reference.status || answer.body != reference.body { wrong += 1 }
                    }
                    return wrong
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(wrong == 0)
        await client.shutdown()
        await recorder.stop()
        await upstream.stop()
        #expect(try Cassette.load(file: cassette).interactions.count == 2 + Self.clients * perClient)
    }
}
