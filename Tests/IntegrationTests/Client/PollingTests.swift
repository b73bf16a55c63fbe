import APIClient
import Foundation
import GitHubAPI
import MockAPICore
import MockAPITesting
import Testing

/// `RESTClient.poll(_:every:)` against the replay server: identical requests are answered in recorded order, so
/// every round gets the next recorded answer. The client's clock records the waits instead of sleeping.
struct PollingTests {
    static let helloWorld = GitHub.ListRepositoryEvents(owner: "octocat", repo: "Hello-World")
    static let spoonKnife = GitHub.ListRepositoryEvents(owner: "octocat", repo: "Spoon-Knife")

    /// The results of `poll` until it ends or `limit` results came, spelled as event ids or the error's case.
    static func collect(_ poll: Poll<GitHub.ListRepositoryEvents>, limit: Int = 10) async -> [String] {
        var results: [String] = []
        for await result in poll {
            switch result {
            case .success(let events): results.append(events.map(\.id).joined(separator: ","))
            case .failure(let error): results.append("error \(EventRecorder.caseName(error))")
            }
            if results.count == limit { break }
        }
        return results
    }

    /// Each round asks again and gets the new answer; the waits are the server's `X-Poll-Interval` (60 s, then
    /// 120 s), not the 30 s asked for; a body that does not decode ends the sequence after reporting it, and nothing
    /// more is sent.
    @Test func poll_yieldsEachAnswer_waitsAsTheServerSays_andStopsAtABodyThatDoesNotDecode() async throws {
        try await withReplayServer(cassettes: ["github/client/poll-events"]) { server in
            let clock = RecordingClock()
            let github = GitHubClient(baseURL: server.baseURL) { $0.clock = clock }
            let results = await Self.collect(github.rest.poll(Self.helloWorld, every: .seconds(30)))

            #expect(results == ["12345", "12346,12345", "error decodingFailed"])
            #expect(clock.sleeps == [.seconds(60), .seconds(120)])
            #expect(answers(server) == ["github/client/poll-events#0", "github/client/poll-events#1", "github/client/poll-events#2"])
        }
    }

    /// A rejected status (the repository is gone: 404) is the last element: polling does not hammer a dead URL.
    @Test func poll_stopsAfterARejectedStatus() async throws {
        try await withReplayServer(cassettes: ["github/client/poll-events"]) { server in
            let clock = RecordingClock()
            let github = GitHubClient(baseURL: server.baseURL) { $0.clock = clock }
            let results = await Self.collect(github.rest.poll(Self.spoonKnife, every: .seconds(30)))

            #expect(results == ["12350", "error unexpectedStatus 404"])
            #expect(clock.sleeps == [.seconds(60)])
            #expect(answers(server) == ["github/client/poll-events#3", "github/client/poll-events#4"])
        }
    }

    /// A round without an answer (connection refused; retries off) is reported and polling goes on. The wait after
    /// it is still the 60 s the server last asked for, not the 30 s asked for.
    @Test func poll_keepsGoingAfterATransportError() async throws {
        try await withReplayServer(cassettes: ["github/client/poll-events"]) { server in
            try await withClosedPort { closed in
                let clock = RecordingClock()
                let transport = RefusingTransport(refusing: [2], port: closed.port)
                let github = GitHubClient(baseURL: server.baseURL, transport: transport) {
                    $0.clock = clock
                    $0.retryPolicy = .never
                }
                let results = await Self.collect(github.rest.poll(Self.helloWorld, every: .seconds(30)), limit: 3)

                #expect(results == ["12345", "error transport", "12346,12345"])
                #expect(clock.sleeps == [.seconds(60), .seconds(60)])
                #expect(transport.sent == 3)
                #expect(answers(server) == ["github/client/poll-events#0", "github/client/poll-events#1"])
            }
        }
    }

    /// Cancelling the polling task while it waits between rounds ends the sequence: no further element, no
    /// further request.
    @Test func poll_endsWhenItsTaskIsCancelledWhileWaiting() async throws {
        try await withReplayServer(cassettes: ["github/client/poll-events"]) { server in
            let clock = RecordingClock(blocksSleeps: true)
            let github = GitHubClient(baseURL: server.baseURL) { $0.clock = clock }
            let polling = Task { await Self.collect(github.rest.poll(Self.helloWorld, every: .seconds(30))) }

            var sleeps = clock.sleepStarted.makeAsyncIterator()
            #expect(await sleeps.next() == .seconds(60))
            polling.cancel()

            #expect(await polling.value == ["12345"])
            #expect(answers(server) == ["github/client/poll-events#0"])
        }
    }
}
