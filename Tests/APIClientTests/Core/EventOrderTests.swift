import APIClient
import APIClientTesting
import Foundation
import Testing

/// Every scenario's events follow the grammar documented on `APIEvent`, with exactly one `end`.
struct EventOrderTests {
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        let replies: [StubTransport.Reply]
        var baseURL = "https://api.example.com"
        var auth: (any AuthProvider)?
        var policy = RetryPolicy(maxAttempts: 3)
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(name: "success", replies: [.make(200, "ok")]),
        Scenario(name: "retried 5xx", replies: [.make(500), .make(200, "ok")]),
        Scenario(name: "retried transport error", replies: [.failure(TestError("x")), .make(200, "ok")]),
        Scenario(name: "retries exhausted", replies: Array(repeating: .make(503), count: 3)),
        Scenario(name: "refreshed", replies: [.make(401), .make(200, "ok")], auth: CountingAuth()),
        Scenario(name: "refresh failed", replies: [.make(401)],
                 auth: CountingAuth(refreshError: TestError("no"))),
        Scenario(name: "401 twice", replies: [.make(401), .make(401)], auth: CountingAuth()),
        Scenario(name: "rejected", replies: [.make(404)]),
        Scenario(name: "undecodable", replies: [.bytes(200, Data([0xFF]))]),
        Scenario(name: "invalid URL", replies: [], baseURL: "nohost"),
        Scenario(name: "transport cancelled", replies: [.failure(CancellationError())]),
        Scenario(name: "everything", replies: [
            .failure(TestError("x")), .make(429, headers: ["Retry-After": "1"]), .make(401),
            .make(502), .make(200, "ok"),
        ], auth: CountingAuth(), policy: RetryPolicy(maxAttempts: 4)),
    ]

    /// `start ( T | R T | R A )* ( R V D OK | R V E | R E | E ) END`, as in `APIEvent`'s doc comment.
    static func matchesGrammar(_ tokens: String) -> Bool {
        tokens.wholeMatch(of: #/S( T| R T| R A)*( R V D OK| R V E| R E| E) END/#) != nil
    }

    static func token(_ event: APIEvent) -> String {
        switch event.kind {
        case .start: "S"
        case .received: "R"
        case .retry: "T"
        case .authRefresh: "A"
        case .validated: "V"
        case .decoded: "D"
        case .success: "OK"
        case .error: "E"
        case .end: "END"
        }
    }

    @Test(arguments: scenarios)
    func eventsFollowTheDocumentedOrder(scenario: Scenario) async throws {
        let recorder = EventRecorder()
        let client = makeClient(StubTransport(scenario.replies), baseURL: scenario.baseURL) {
            $0.listeners = [recorder]
            $0.auth = scenario.auth
            $0.retryPolicy = scenario.policy
        }
        let error = await apiError { try await client.send(GetText()) }

        let tokens = recorder.events.map(Self.token).joined(separator: " ")
        #expect(Self.matchesGrammar(tokens), "\(tokens)")
        #expect(recorder.events.filter { if case .end = $0.kind { true } else { false } }.count == 1)
        #expect(Set(recorder.events.map(\.callID)).count == 1)
        // The outcome reported last is the outcome the caller got.
        let outcome = recorder.events.dropLast().last.map(Self.token)
        #expect(outcome == (error == nil ? "OK" : "E"))
    }

    /// The grammar check is not vacuous: out-of-order, doubled or missing events are refused.
    @Test(arguments: ["S R OK END", "S R V D OK END END", "S E OK END", "R V D OK END", "S R V D OK",
                      "S A R V D OK END", "S R T END", "S R V D E OK END"])
    func grammarRejectsWrongOrders(tokens: String) {
        #expect(!Self.matchesGrammar(tokens))
    }

    /// The "everything" scenario, spelled out.
    @Test func retriesAndRefreshInOneCall() async throws {
        let recorder = EventRecorder()
        let scenario = try #require(Self.scenarios.last)
        let client = makeClient(StubTransport(scenario.replies)) {
            $0.listeners = [recorder]
            $0.auth = scenario.auth
            $0.retryPolicy = scenario.policy
        }
        _ = try await client.send(GetText())
        #expect(recorder.trace == [
            "start", "retry 2 1.0 seconds", "received 429", "retry 3 1.0 seconds", "received 401", "authRefresh",
            "received 502", "retry 5 4.0 seconds", "received 200", "validated 200", "decoded", "success", "end 5",
        ])
    }
}
