import Foundation
import MockAPICore
import MockAPITesting
import TestSupport
import Testing

/// libmicrohttpd aborts the whole process when it is stopped with a connection still parked; stopping mockapi, or
/// dropping a server, must first answer every parked request.
@Suite(.timeLimit(.minutes(1)))
struct TeardownTests {
    private let getRoot = TestFixtures.folder + "/github/get-root.json"

    /// A test that throws while an answer waits out its latency drops its server without `stop()`: the parked answer
    /// goes out at once, and the test process carries on.
    @Test func droppingAServer_whileAnAnswerIsDelayed_answersItAndCarriesOn() async throws {
        var server: ReplayServer? = try ReplayServer(
            cassettes: TestFixtures.loaded(["github/get-root"]), conditions: ReplayConditions(latency: .fixed(milliseconds: 3000)))
        let url = try #require(server?.baseURL.absoluteString) + "/"
        let journal = try #require(server?.service.journal)
        let answer = Task { try await TestClient.shared.send("GET", url) }
        // The journal has the request once its answer is chosen, just before the connection parks for the delay.
        let deadline = ContinuousClock.now + .seconds(10)
        while journal.counts.requests == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(journal.counts.requests == 1)
        let dropped = ContinuousClock.now
        server = nil
        switch await answer.result {
        case .success(let response): #expect(response.status == 200)
        case .failure: break   // a closed connection is a clean end too
        }
        #expect(dropped.duration(to: .now) < .milliseconds(2500), "the parked answer waited out its delay")
        #expect(server == nil)
    }

    /// SIGTERM while a request waits out `--latency 3s`: the request is answered, the summary printed, exit status 0.
    @Test func sigterm_whileAnAnswerIsDelayed_answersItAndExits0() async throws {
        let serve = try MockAPIProcess(["serve", getRoot, "--port", "0", "--latency", "3s"])
        let url = try await serve.listeningURL()
        let answer = Task { try await TestClient.shared.send("GET", url + "/waiting") }
        // serve warns of an unmatched request when its answer is chosen, just before the connection parks.
        #expect(await serve.waitForError(containing: "unmatched GET /waiting"))
        let signalled = ContinuousClock.now
        serve.signal(SIGTERM)
        let result = await serve.finish()
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("mockapi: stopped (SIGTERM) after 1 request: 0 matched, 1 unmatched"))
        switch await answer.result {
        // The delay cut short, the chosen answer (404, unmatched) goes out; a stop that came before the connection
        // parked answers 503 "mockapi is shutting down".
        case .success(let response): #expect(response.status == 404 || response.status == 503, "\(response.status) \(response.text)")
        case .failure: break   // a closed connection is a clean end too
        }
        #expect(signalled.duration(to: .now) < .milliseconds(2500), "the parked answer waited out its delay")
    }
}
