import APIClient
import APIClientTesting
import Foundation
import Testing

/// Retries through the client: what is retried, how long it waits (on the test clock), and when it stops.
struct RetryTests {
    private let ok = StubTransport.Reply.make(200, "ok")

    @Test(arguments: [500, 502, 503, 504])
    func serverError_isRetriedWithBackoff(status: Int) async throws {
        let clock = TestClock()
        let transport = StubTransport(.make(status), ok)
        let client = makeClient(transport, clock: clock)
        #expect(try await client.send(GetText()) == "ok")
        #expect(transport.requests.count == 2)
        #expect(clock.sleeps == [.seconds(1)])
    }

    @Test func transportError_isRetriedWithBackoff() async throws {
        let clock = TestClock()
        let transport = StubTransport([.failure(URLError(.networkConnectionLost)), ok])
        let client = makeClient(transport, clock: clock)
        #expect(try await client.send(GetText()) == "ok")
        #expect(clock.sleeps == [.seconds(1)])
    }

    /// Backoff doubles and is capped by `maxDelay`; after `maxAttempts` the last answer is the error.
    @Test func retriesAreBoundedByMaxAttemptsAndMaxDelay() async throws {
        let clock = TestClock()
        let transport = StubTransport(.make(503), .make(503), .make(503), .make(503), .make(503), ok)
        let policy = RetryPolicy(maxAttempts: 5, initialDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(3))
        let client = makeClient(transport, clock: clock) { $0.retryPolicy = policy }
        let error = try #require(await apiError { try await client.send(GetText()) })
        #expect(error.status == 503)
        #expect(transport.requests.count == 5)
        #expect(clock.sleeps == [.seconds(1), .seconds(2), .seconds(3), .seconds(3)])
    }

    @Test func retryAfterSeconds_setsTheDelay() async throws {
        let clock = TestClock()
        let transport = StubTransport(.make(429, headers: ["Retry-After": "7"]), ok)
        let client = makeClient(transport, clock: clock)
        _ = try await client.send(GetText())
        #expect(clock.sleeps == [.seconds(7)])
    }

    @Test(arguments: ["Sat, 21 Nov 2026 10:00:30 GMT", "Saturday, 21-Nov-26 10:00:30 GMT", "Sat Nov 21 10:00:30 2026"])
    func retryAfterDate_waitsUntilThatDate(date: String) async throws {
        let clock = TestClock()   // now: 2026-11-21T10:00:00Z
        let transport = StubTransport(.make(503, headers: ["Retry-After": date]), ok)
        let client = makeClient(transport, clock: clock)
        _ = try await client.send(GetText())
        #expect(clock.sleeps == [.seconds(30)])
    }

    /// GitHub's exhausted primary rate limit: 403 with `x-ratelimit-remaining: 0`; wait until `x-ratelimit-reset`.
    @Test func gitHubRateLimit_waitsUntilReset() async throws {
        let clock = TestClock()
        let reset = Int(TestClock.referenceDate.timeIntervalSince1970) + 42
        let limited = StubTransport.Reply.json(403, #"{"message": "API rate limit exceeded"}"#,
                                        headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "\(reset)"])
        let transport = StubTransport(limited, ok)
        let client = makeClient(transport, clock: clock)
        #expect(try await client.send(GetText()) == "ok")
        #expect(clock.sleeps == [.seconds(42)])
    }

    /// Qiita's rate limit headers: `Rate-Remaining: 0` and `Rate-Reset`.
    @Test func qiitaRateLimit_waitsUntilReset() async throws {
        let clock = TestClock()
        let reset = Int(TestClock.referenceDate.timeIntervalSince1970) + 15
        let transport = StubTransport(
            .make(429, headers: ["Rate-Limit": "60", "Rate-Remaining": "0", "Rate-Reset": "\(reset)"]), ok)
        let client = makeClient(transport, clock: clock)
        _ = try await client.send(GetText())
        #expect(clock.sleeps == [.seconds(15)])
    }

    /// A 403 that is not about rate limits (no headers saying so) is an answer, not something to wait out.
    @Test func plainForbidden_isNotRetried() async throws {
        let transport = StubTransport(.make(403, headers: ["x-ratelimit-remaining": "4999"]), ok)
        let client = makeClient(transport)
        let error = try #require(await apiError { try await client.send(GetText()) })
        #expect(error.status == 403)
        #expect(transport.requests.count == 1)
    }

    /// Waiting less than the server asks is pointless: a longer server delay than `maxDelay` ends the call.
    @Test func serverDelayBeyondMaxDelay_givesUpAtOnce() async throws {
        let clock = TestClock()
        let transport = StubTransport(.make(429, headers: ["Retry-After": "3600"]), ok)
        let client = makeClient(transport, clock: clock)
        let error = try #require(await apiError { try await client.send(GetText()) })
        #expect(error.response?.headerFields["Retry-After"] == "3600")
        #expect(transport.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    /// A POST might have taken effect before a 5xx: it is not repeated unless the policy allows it.
    @Test func serverError_onPOST_isNotRetriedByDefault() async throws {
        let transport = StubTransport(.make(503), .json(201, #"{"login": "a", "id": 1}"#))
        let client = makeClient(transport)
        let error = try #require(await apiError { try await client.send(PostPerson()) })
        #expect(error.status == 503)
        #expect(transport.requests.count == 1)
    }

    @Test func serverError_onPOST_isRetriedWhenAllowed() async throws {
        let transport = StubTransport(.make(503), .json(201, #"{"login": "a", "id": 1}"#))
        let client = makeClient(transport) { $0.retryPolicy.retriesNonIdempotentRequests = true }
        #expect(try await client.send(PostPerson()) == Person(login: "a", id: 1))
        #expect(transport.requests.count == 2)
    }

    /// A 429 was not processed, so even a POST is repeated.
    @Test func tooManyRequests_onPOST_isRetried() async throws {
        let transport = StubTransport(.make(429, headers: ["Retry-After": "1"]), .json(201, #"{"login": "a", "id": 1}"#))
        let client = makeClient(transport)
        #expect(try await client.send(PostPerson()) == Person(login: "a", id: 1))
        #expect(transport.requests.count == 2)
    }

    @Test(arguments: [400, 404, 409, 422])
    func clientErrors_areNotRetried(status: Int) async throws {
        let transport = StubTransport(.make(status), ok)
        let client = makeClient(transport)
        let error = try #require(await apiError { try await client.send(GetText()) })
        #expect(error.status?.code == status)
        #expect(transport.requests.count == 1)
    }
}
