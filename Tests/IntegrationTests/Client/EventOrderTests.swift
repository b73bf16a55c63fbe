import APIClient
import Foundation
import GitHubAPI
import MockAPICore
import MockAPITesting
import Testing

/// The listener events of calls answered by the replay server, in full. The order is the one documented on
/// `APIEvent`: start → received → (validated) → decoded → success | error → end, with retries and credential
/// refreshes as events of their own, `end` exactly once, and cancellation as its own error case.
struct EventOrderTests {
    static func github(_ server: ReplayServer, _ recorder: EventRecorder, clock: RecordingClock = RecordingClock(),
                       configure: (inout ClientConfiguration) -> Void = { _ in }) -> GitHubClient {
        GitHubClient(baseURL: server.baseURL) {
            $0.listeners = [recorder]
            $0.clock = clock
            configure(&$0)
        }
    }

    /// Recorded 503, then 200.
    @Test func retriedCall() async throws {
        try await withReplayServer(cassettes: ["github/client/retry-server-error"]) { server in
            let recorder = EventRecorder()
            let github = Self.github(server, recorder) {
                $0.retryPolicy = RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(250))
            }
            _ = try await github.organization("github")
            #expect(recorder.trace == [
                "start",
                "received 503 (attempt 1)", "retry 2 after 0.25 seconds",
                "received 200 (attempt 2)", "validated 200", "decoded", "success",
                "end after 2",
            ])
        }
    }

    /// Recorded 401 for the expired token, then 200 for the renewed one (replay matches `Authorization`).
    @Test func refreshedCall() async throws {
        let options = ReplayOptions(matchHeaders: ["authorization"])
        try await withReplayServer(cassettes: ["github/client/refresh-token"], options: options) { server in
            let recorder = EventRecorder()
            let github = Self.github(server, recorder) {
                $0.auth = RefreshingTokenAuth(token: "expired-token") { "renewed-token" }
            }
            _ = try await github.repository(owner: "octocat", repo: "Hello-World")
            #expect(recorder.trace == [
                "start",
                "received 401 (attempt 1)", "authRefresh",
                "received 200 (attempt 2)", "validated 200", "decoded", "success",
                "end after 2",
            ])
            #expect(answers(server) == ["github/client/refresh-token#0", "github/client/refresh-token#1"])
        }
    }

    /// A status declared as a value (404 → not followed) is validated and decoded without reading a body.
    @Test func statusAsValue() async throws {
        try await withReplayServer(cassettes: ["github/client/following"]) { server in
            let recorder = EventRecorder()
            let following = try await Self.github(server, recorder).isFollowing("ghost")
            #expect(following == false)
            #expect(recorder.trace == [
                "start", "received 404 (attempt 1)", "validated 404", "decoded", "success", "end after 1",
            ])
        }
    }

    /// A rejected status is an error right after `received`: no `validated`.
    @Test func rejectedStatus() async throws {
        try await withReplayServer(cassettes: ["github/branch-protection"]) { server in
            let recorder = EventRecorder()
            let rest = Self.github(server, recorder).rest
            _ = await #expect(throws: APIError.self) {
                try await rest.request(.get, "/repos/octokit-fixture-org/branch-protection/branches/main/protection")
                    .response()
            }
            #expect(recorder.trace == ["start", "received 404 (attempt 1)", "error unexpectedStatus 404", "end after 1"])
        }
    }

    /// An accepted status whose body does not decode: `validated`, then the error.
    @Test func undecodableBody() async throws {
        try await withReplayServer(cassettes: ["github/client/zen"]) { server in
            let recorder = EventRecorder()
            let rest = Self.github(server, recorder).rest
            _ = await #expect(throws: APIError.self) { try await rest.request(.get, "/zen").decode(GitHub.User.self) }
            #expect(recorder.trace == [
                "start", "received 200 (attempt 1)", "validated 200", "error decodingFailed", "end after 1",
            ])
        }
    }

    /// No answer at all (a port that refuses connections, no replay server involved): each retry is reported
    /// without a `received`, then the transport error; `end` counts the three attempts.
    @Test func transportErrorsRetriedThenReported() async throws {
        try await withClosedPort { closed in
            let recorder = EventRecorder()
            let clock = RecordingClock()
            let github = GitHubClient(baseURL: try closed.baseURL) {
                $0.listeners = [recorder]
                $0.clock = clock
            }
            let error = try #require(await #expect(throws: APIError.self) { try await github.zen() })
            guard case .transport(_, let underlying) = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect((underlying as? URLError)?.code == .cannotConnectToHost)
            #expect(recorder.trace == [
                "start", "retry 2 after 1.0 seconds", "retry 3 after 2.0 seconds", "error transport", "end after 3",
            ])
        }
    }

    /// Cancelled while waiting to retry after the recorded 503: the call ends with `error cancelled` and `end`, and
    /// the 200 is never asked for.
    @Test func cancelledWhileWaitingToRetry() async throws {
        try await withReplayServer(cassettes: ["github/client/retry-server-error"]) { server in
            let recorder = EventRecorder()
            let clock = RecordingClock(blocksSleeps: true)
            let github = Self.github(server, recorder, clock: clock)
            let call = Task { () -> APIError? in
                do throws(APIError) {
                    _ = try await github.organization("github")
                    return nil
                } catch {
                    return error
                }
            }
            var sleeps = clock.sleepStarted.makeAsyncIterator()
            #expect(await sleeps.next() == .seconds(1))
            call.cancel()

            let error = try #require(await call.value)
            #expect(error.isCancellation)
            #expect(recorder.trace == [
                "start", "received 503 (attempt 1)", "retry 2 after 1.0 seconds", "error cancelled", "end after 1",
            ])
            #expect(answers(server) == ["github/client/retry-server-error#0"])
        }
    }

    /// Every round of a poll is a call of its own, with its own `start` … `end`.
    @Test func eachPollRoundIsACall() async throws {
        try await withReplayServer(cassettes: ["github/client/poll-events"]) { server in
            let recorder = EventRecorder()
            let github = Self.github(server, recorder)
            var rounds = 0
            for await _ in github.rest.poll(GitHub.ListRepositoryEvents(owner: "octocat", repo: "Spoon-Knife"),
                                            every: .seconds(30)) {
                rounds += 1
                if rounds == 5 { break }   // a poll that does not stop after the 404 fails here instead of hanging
            }
            #expect(recorder.calls == [
                ["start", "received 200 (attempt 1)", "validated 200", "decoded", "success", "end after 1"],
                ["start", "received 404 (attempt 1)", "error unexpectedStatus 404", "end after 1"],
            ])
        }
    }
}
