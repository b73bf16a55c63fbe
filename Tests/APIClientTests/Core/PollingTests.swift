import APIClient
import APIClientTesting
import Foundation
import Testing

struct PollingTests {
    /// Collects up to `limit` results of a poll, as short strings.
    private func collect<E: Endpoint>(_ poll: Poll<E>, limit: Int) async -> [String] where E.Response == String {
        var results: [String] = []
        for await result in poll {
            switch result {
            case .success(let text): results.append(text)
            case .failure(let error): results.append("error \(EventRecorder.caseName(error))")
            }
            if results.count == limit { break }
        }
        return results
    }

    /// The first call is immediate; then one call per interval, on the client's clock.
    @Test func pollsAgainAfterSuccess() async throws {
        let clock = TestClock()
        let transport = StubTransport(.make(200, "a"), .make(200, "b"), .make(200, "c"))
        let client = makeClient(transport, clock: clock)
        let results = await collect(client.poll(GetText(), every: .seconds(30)), limit: 3)
        #expect(results == ["a", "b", "c"])
        #expect(clock.sleeps == [.seconds(30), .seconds(30)])
    }

    /// GitHub's `X-Poll-Interval` lengthens the wait; it never shortens it.
    @Test func honoursXPollInterval() async throws {
        let clock = TestClock()
        let transport = StubTransport(
            .make(200, "a", headers: ["X-Poll-Interval": "60"]),
            .make(200, "b", headers: ["X-Poll-Interval": "10"]),
            .make(200, "c"))
        let client = makeClient(transport, clock: clock)
        _ = await collect(client.poll(GetText(), every: .seconds(30)), limit: 3)
        #expect(clock.sleeps == [.seconds(60), .seconds(30)])
    }

    /// A round without an answer keeps the interval the server last asked for; an answer without the header
    /// drops it.
    @Test func transportError_keepsTheServersLastPollInterval() async throws {
        let clock = TestClock()
        let transport = StubTransport([
            .response(.make(200, "a", headers: ["X-Poll-Interval": "60"])), .failure(TestError("offline")),
            .response(.make(200, "b")), .response(.make(200, "c")),
        ])
        let client = makeClient(transport, clock: clock) { $0.retryPolicy = .never }
        let results = await collect(client.poll(GetText(), every: .seconds(30)), limit: 4)
        #expect(results == ["a", "error transport", "b", "c"])
        #expect(clock.sleeps == [.seconds(60), .seconds(60), .seconds(30)])
    }

    /// A transport failure is reported and polling goes on.
    @Test func keepsPollingAfterTransportError() async throws {
        let transport = StubTransport([.failure(TestError("offline")), .response(.make(200, "back"))])
        let client = makeClient(transport) { $0.retryPolicy = .never }
        let results = await collect(client.poll(GetText(), every: .seconds(5)), limit: 2)
        #expect(results == ["error transport", "back"])
    }

    /// A rejected status ends the sequence after reporting it: the same request would fail the same way.
    @Test func stopsAfterRejectedStatus() async throws {
        let transport = StubTransport(.make(200, "a"), .make(422), .make(200, "never sent"))
        let client = makeClient(transport)
        let results = await collect(client.poll(GetText(), every: .seconds(5)), limit: 10)
        #expect(results == ["a", "error unexpectedStatus 422"])
        #expect(transport.requests.count == 2)
    }

    @Test func stopsAfterDecodingError() async throws {
        let transport = StubTransport(HTTPResponse(status: 200, body: Data([0xFF])), .make(200, "never sent"))
        let client = makeClient(transport)
        let results = await collect(client.poll(GetText(), every: .seconds(5)), limit: 10)
        #expect(results == ["error decodingFailed"])
        #expect(transport.requests.count == 1)
    }

    /// Which failures to poll through can be chosen, e.g. to ride out server errors.
    @Test func customPolicyKeepsPollingAfterServerErrors() async throws {
        let transport = StubTransport(.make(502), .make(200, "ok"))
        let client = makeClient(transport) { $0.retryPolicy = .never }
        let poll = client.poll(GetText(), every: .seconds(5)) { $0.status.map { $0 >= 500 } ?? true }
        #expect(await collect(poll, limit: 2) == ["error unexpectedStatus 502", "ok"])
    }

    /// Cancelling the iterating task while it waits between calls ends the sequence.
    @Test func cancellationWhileWaiting_endsTheSequence() async throws {
        let clock = TestClock(blocksSleeps: true)
        let transport = StubTransport(.make(200, "a"), .make(200, "never sent"))
        let client = makeClient(transport, clock: clock)
        let polling = Task { await collect(client.poll(GetText(), every: .seconds(30)), limit: 10) }

        var sleeps = clock.sleepStarted.makeAsyncIterator()
        #expect(await sleeps.next() == .seconds(30))
        polling.cancel()

        #expect(await polling.value == ["a"])
        #expect(transport.requests.count == 1)
    }
}
