import APIClient
import Foundation
import GitHubAPI
import MockAPICore
import MockAPITesting
import Testing

/// The client's retry and error paths, driven by injected faults instead of hand-written failure cassettes. The
/// client's clock records the waits instead of sleeping.
struct FaultInjectionTests {
    /// The first seed whose sequence for a cassette's scoped URL starts as wanted (0 for a reset). The sequence
    /// depends on the seed and the cassette's name only, so the seed found here gives it on every run.
    static func seed(giving wanted: [Int], faults: [Fault], rate: Double, cassette: String) async -> UInt64? {
        let loaded = LoadedCassette(name: cassette, file: "c.json", cassette: Cassette(interactions: [
            Interaction(request: RecordedRequest(method: "GET", path: "/"), response: RecordedResponse(status: 200))
        ]))
        for seed in UInt64(1)...500 {
            let dryRun = ReplayService(
                cassettes: [loaded], conditions: ReplayConditions(faultRate: rate, faults: faults, seed: seed),
                baseURL: "http://127.0.0.1:1")
            var statuses: [Int] = []
            for _ in wanted { statuses.append(await dryRun.respond(to: MockAPICore.HTTPRequest(method: "GET", target: "/@\(cassette)/")).status) }
            if statuses == wanted { return seed }
        }
        return nil
    }

    /// A reset connection, then a 503, then the recorded answer: the client retries twice, backing off, and succeeds.
    @Test func seededFaults_areRetried_untilTheRecordedAnswer() async throws {
        let seed = try #require(await Self.seed(giving: [0, 503, 200], faults: [.reset, .status(503)], rate: 0.5, cassette: "github/get-organization"))
        let conditions = ReplayConditions(faultRate: 0.5, faults: [.reset, .status(503)], seed: seed)
        try await withReplayServer(cassettes: ["github/get-organization"], conditions: conditions) { server in
            let clock = RecordingClock()
            let github = GitHubClient(baseURL: server.baseURL(for: "github/get-organization")) {
                $0.clock = clock
                $0.retryPolicy = RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(100))
            }
            let org = try await github.organization("octokit-fixture-org")
            #expect(org.login == "octokit-fixture-org")
            #expect(clock.sleeps == [.milliseconds(100), .milliseconds(200)])
            #expect(server.requests.map { "\($0.outcomeName) \($0.status)" } == ["fault 0", "fault 503", "matched 200"])
            #expect(server.requests.compactMap { entry -> String? in
                if case .fault(let kind) = entry.outcome { return kind }
                return nil
            } == ["reset", "503"])
            try server.assertAllUsed(cassette: "github/get-organization")
            try server.assertNoUnmatched()
        }
    }

    /// With the fault asked for on every request, the client gives up after its last attempt and reports the 503;
    /// the recording was never used up.
    @Test func headerFault_onEveryAttempt_endsInTheError() async throws {
        let faultField = try #require(HTTPField.Name(Fault.header))
        try await withReplayServer(cassettes: ["github/get-organization"]) { server in
            let github = GitHubClient(baseURL: server.baseURL) {
                $0.clock = RecordingClock()
                $0.retryPolicy = RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(100))
                $0.defaultHeaders[faultField] = "503"
            }
            let error = try #require(await #expect(throws: APIError.self) { try await github.organization("octokit-fixture-org") })
            #expect(error.status == 503)
            #expect(server.requests.map(\.outcomeName) == ["fault", "fault", "fault"])
            #expect(throws: VerificationFailure.self) { try server.assertAllUsed() }
        }
    }
}
