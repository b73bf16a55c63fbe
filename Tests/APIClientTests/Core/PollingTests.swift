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
            .make(200, "a", headers: ["X-Poll-Interval": "60"]), .failure(TestError("offline")),
            .make(200, "b"), .make(200, "c"),
        ])
        let client = makeClient(transport, clock: clock) { $0.retryPolicy = .never }
        let results = await collect(client.poll(GetText(), every: .seconds(30)), limit: 4)
        #expect(results == ["a", "error transport", "b", "c"])
        #expect(clock.sleeps == [.seconds(60), .seconds(60), .seconds(30)])
    }

    /// A transport failure is reported and polling goes on.
    @Test func keepsPollingAfterTransportError() async throws {
        let transport = StubTransport([.failure(TestError("offline")), .make(200, "back")])
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
        let transport = StubTransport(.bytes(200, Data([0xFF])), .make(200, "never sent"))
        let client = makeClient(transport)
        let results = await collect(client.poll(GetText(), every: .seconds(5)), limit: 10)
        #expect(results == ["error decodingFailed"])
        #expect(transport.requests.count == 1)
    }

    /// Which failures to poll through can be chosen, e.g. to ride out server errors.
    @Test func customPolicyKeepsPollingAfterServerErrors() async throws {
        let transport = StubTransport(.make(502), .make(200, "ok"))
        let client = makeClient(transport) { $0.retryPolicy = .never }
        let poll = client.poll(GetText(), every: .seconds(5)) { $0.status.map { $0.kind == .serverError } ?? true }
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

    /// After an answer with an `ETag`, each round sends it as `If-None-Match`; a 304 yields nothing (only new values
    /// come out), is not an error, and its `X-Poll-Interval` sets the next wait.
    @Test func conditional_sendsTheETag_and304YieldsNothingButSetsTheWait() async throws {
        let clock = TestClock()
        let recorder = EventRecorder()
        let transport = StubTransport(
            .make(200, "a", headers: ["ETag": #""v1""#]),
            .make(304, headers: ["X-Poll-Interval": "120"]),
            .make(200, "b", headers: ["ETag": #"W/"v2""#]),
            .make(200, "c"))
        let client = makeClient(transport, clock: clock) { $0.listeners = [recorder] }
        let results = await collect(client.poll(GetText(), every: .seconds(30)), limit: 3)

        #expect(results == ["a", "b", "c"])
        #expect(transport.requests.map { $0.headers["If-None-Match"] } == [nil, #""v1""#, #""v1""#, #"W/"v2""#])
        #expect(clock.sleeps == [.seconds(30), .seconds(120), .seconds(30)])
        #expect(!recorder.trace.contains { $0.hasPrefix("error") })
        #expect(recorder.trace.contains("validated 304"))
    }

    /// An accepted answer without an `ETag` ends the conditional rounds; the next `ETag` starts them again.
    @Test func conditional_answerWithoutETag_stopsSendingIfNoneMatch() async throws {
        let transport = StubTransport(
            .make(200, "a", headers: ["ETag": #""v1""#]), .make(200, "b"), .make(200, "c", headers: ["ETag": #""v3""#]),
            .make(200, "d"))
        let client = makeClient(transport)
        _ = await collect(client.poll(GetText(), every: .seconds(5)), limit: 4)
        #expect(transport.requests.map { $0.headers["If-None-Match"] } == [nil, #""v1""#, nil, #""v3""#])
    }

    /// A 304 to a request that was not conditional is what the endpoint says it is (here: rejected, the last element).
    @Test func unconditional304_isReadByTheEndpoint() async throws {
        let transport = StubTransport(.make(304), .make(200, "never sent"))
        let client = makeClient(transport)
        #expect(await collect(client.poll(GetText(), every: .seconds(5)), limit: 3) == ["error unexpectedStatus 304"])
    }

    /// A POST is never made conditional: `If-None-Match` there is a precondition, not a cache check.
    @Test func conditional_onlyForSafeReads() async throws {
        let transport = StubTransport(
            .json(200, #"{"login": "a", "id": 1}"#, headers: ["ETag": #""v1""#]),
            .json(200, #"{"login": "b", "id": 1}"#))
        let client = makeClient(transport)
        var logins: [String] = []
        for await result in client.poll(PostPerson(), every: .seconds(5)) {
            logins.append((try? result.get().login) ?? "error")
            if logins.count == 2 { break }
        }
        #expect(logins == ["a", "b"])
        #expect(transport.requests.map { $0.headers["If-None-Match"] } == [nil, nil])
    }
}
