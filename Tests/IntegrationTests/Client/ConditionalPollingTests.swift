import APIClient
import Foundation
import GitHubAPI
import MockAPICore
import MockAPITesting
import Testing

/// Conditional polling (GitHub's etiquette: `ETag`, `If-None-Match`, `304 Not Modified`) against a cassette of
/// 200-with-ETag, 304, 200-with-a-new-ETag, 304, 404. The server matches `If-None-Match` too, so a request without it
/// is answered only by the first 200: a client that forgot the header would get the same events again, never the
/// 304s nor the new events, and these tests would fail.
struct ConditionalPollingTests {
    static let linguist = GitHub.ListRepositoryEvents(owner: "octocat", repo: "linguist")
    static let cassette = "github/client/poll-events-conditional"
    static let options = ReplayOptions(matchHeaders: ["If-None-Match"])

    /// Each 304 round yields nothing and is no error; only new events come out; every wait is the latest answer's
    /// `X-Poll-Interval` (60, then 120 from the first 304, 60, 90 from the second 304); the final 404 ends polling.
    @Test func poll_sendsTheETag_skips304Rounds_andWaitsAsThe304Says() async throws {
        try await withReplayServer(cassettes: [Self.cassette], options: Self.options) { server in
            let clock = RecordingClock()
            let recorder = EventRecorder()
            let github = GitHubClient(baseURL: server.baseURL) {
                $0.clock = clock
                $0.listeners = [recorder]
            }
            let results = await PollingTests.collect(github.rest.poll(Self.linguist, every: .seconds(30)))

            #expect(results == ["22345", "22346,22345", "error unexpectedStatus 404"])
            #expect(clock.sleeps == [.seconds(60), .seconds(120), .seconds(60), .seconds(90)])
            #expect(answers(server) == (0...4).map { "github/client/poll-events-conditional#\($0)" })
            let notModified = recorder.calls.filter { $0.contains("received 304 (attempt 1)") }
            #expect(notModified.count == 2)
            #expect(notModified.allSatisfy { $0.last == "end after 1" && !$0.contains { $0.hasPrefix("error") } })
        }
    }
}
