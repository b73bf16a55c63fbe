import Foundation
import MockAPICore
import MockAPITesting
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Stopping a recorder while an upstream call is in progress answers the waiting client and ends cleanly (libmicrohttpd
/// aborts the process when stopped with a connection still parked).
///
/// The upstream holds each call for ten minutes, past the suite's time limit: a stop that waited for its answer fails
/// the test by that limit, with no clock read here.
@Suite(.timeLimit(.minutes(1)))
struct RecordTeardownTests {
    /// An upstream that holds every call for ten minutes, and a stream that says when a call has arrived.
    static func stalledUpstream() throws -> (StandInUpstream, AsyncStream<Void>) {
        let (arrived, arrival) = AsyncStream<Void>.makeStream()
        let upstream = try StandInUpstream { _ in
            arrival.yield()
            return .deferred {
                try? await Task.sleep(for: .seconds(600))
                return .response(.text(status: 200, "too late"))
            }
        }
        return (upstream, arrived)
    }

    @Test func stoppingARecorder_duringASlowUpstreamCall_answersTheClientAndStops() async throws {
        let (upstream, arrived) = try Self.stalledUpstream()
        let rig = try RecordRig(upstream: upstream)
        let answer = Task { try await rig.record("GET", "/slow") }
        var arrivals = arrived.makeAsyncIterator()
        _ = await arrivals.next()   // the recorder's call reached the upstream, which holds it
        await rig.stop()
        switch await answer.result {
        case .success(let response): #expect(response.status == 503, "\(response.text)")
        case .failure: break   // a closed connection is a clean end too
        }
        #expect(try rig.cassette.interactions.isEmpty, "nothing the upstream did not answer is recorded")
        await upstream.stop()
    }

    /// `mockapi record` stopped (SIGTERM) while a call waits on the upstream: the client gets 503 and a body that says
    /// the recorder is stopping, not a bare client error.
    @Test func sigterm_duringAnUpstreamCall_tellsTheClientTheRecorderIsStopping() async throws {
        let (upstream, arrived) = try Self.stalledUpstream()
        let folder = TemporaryFolder()
        let child = try MockAPIProcess(
            ["record", "--upstream", upstream.url, "--cassette", folder.file("s.json"), "--port", "0", "--log-level", "error"])
        let baseURL = try await child.listeningURL()
        let client = TestClient()
        let answer = Task { try await client.send("GET", baseURL + "/slow") }
        var arrivals = arrived.makeAsyncIterator()
        _ = await arrivals.next()
        child.signal(SIGTERM)
        let result = await answer.result
        #expect(await child.finish().status == 0)
        await client.shutdown()
        await upstream.stop()
        let response = try result.get()
        #expect(response.status == 503)
        #expect(response.text.contains(
            "mockapi: the recorder is stopping: GET /slow was cancelled before \(upstream.url) answered; nothing was recorded"))
        #expect(response.values("x-mockapi-error") == ["stopping"])
    }

    /// A test that throws while its recorder waits on the upstream drops the recorder without `stop()`: the client is
    /// answered (or its connection closed), the upstream client is shut down, and the test process carries on.
    @Test func droppingARecorder_duringASlowUpstreamCall_carriesOn() async throws {
        let (upstream, arrived) = try Self.stalledUpstream()
        let folder = TemporaryFolder()
        var recorder: RecordingServer? = try RecordingServer(
            upstreams: [UpstreamRoute(mount: "/", upstream: upstream.url)], cassette: folder.file("session.json"))
        let url = try #require(recorder?.baseURL.absoluteString) + "/slow"
        let answer = Task { try await TestClient.shared.send("GET", url) }
        var arrivals = arrived.makeAsyncIterator()
        _ = await arrivals.next()
        recorder = nil
        switch await answer.result {
        case .success(let response): #expect(response.status == 503, "\(response.text)")
        case .failure: break   // a closed connection is a clean end too
        }
        await upstream.stop()
    }
}
