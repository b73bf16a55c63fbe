import Foundation
import MockAPICore
import MockAPITesting
import TestSupport
import Testing

/// libmicrohttpd aborts the whole process when it is stopped with a connection still parked; stopping mockapi, or
/// dropping a server, must first answer every parked request.
///
/// Each parked answer waits out a latency of ten minutes, past the suite's time limit: a stop that let it wait fails
/// the test by that limit, with no clock read here.
@Suite(.timeLimit(.minutes(1)))
struct TeardownTests {
    private let getRoot = TestFixtures.folder + "/github/get-root.json"

    /// A test that throws while an answer waits out its latency drops its server without `stop()`: the parked answer
    /// goes out at once, and the test process carries on.
    @Test func droppingAServer_whileAnAnswerIsDelayed_answersItAndCarriesOn() async throws {
        var server: ReplayServer? = try ReplayServer(
            cassettes: TestFixtures.loaded(["github/get-root"]),
            conditions: ReplayConditions(latency: .fixed(milliseconds: 600_000)))
        let url = try #require(server?.baseURL.absoluteString) + "/"
        let journal = try #require(server?.service.journal)
        let answer = Task { try await TestClient.shared.send("GET", url) }
        // The journal has the request once its answer is chosen, just before the connection parks for the delay. No
        // deadline of its own: on a busy machine that can take seconds, and the suite's time limit ends a wait that hangs.
        while journal.counts.requests == 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(journal.counts.requests == 1)
        server = nil
        switch await answer.result {
        case .success(let response): #expect(response.status == 200)
        case .failure: break   // a closed connection is a clean end too
        }
        // The process carries on: another server starts and answers.
        let next = try ReplayServer(cassettes: TestFixtures.loaded(["github/get-root"]))
        #expect(try await TestClient.shared.send("GET", next.baseURL.absoluteString + "/").status == 200)
        try await next.stop()
    }

    /// SIGTERM while a request waits out `--latency 600s`: the request is answered, the summary printed, exit status 0.
    @Test func sigterm_whileAnAnswerIsDelayed_answersItAndExits0() async throws {
        let serve = try MockAPIProcess(["serve", getRoot, "--port", "0", "--latency", "600s"])
        let url = try await serve.listeningURL()
        let answer = Task { try await TestClient.shared.send("GET", url + "/waiting") }
        // serve warns of an unmatched request when its answer is chosen, just before the connection parks.
        #expect(await serve.waitForError(containing: "unmatched GET /waiting"))
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
    }
}
