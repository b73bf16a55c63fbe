import APIClient
import APIClientTesting
import Foundation
import Testing

/// The event order documented on `APIEvent`.
struct ListenerTests {
    @Test func success() async throws {
        let recorder = EventRecorder()
        let client = makeClient(StubTransport(.make(200, "ok"))) { $0.listeners = [recorder] }
        _ = try await client.send(GetText())
        #expect(recorder.trace == ["start", "received 200", "validated 200", "decoded", "success", "end 1"])
    }

    @Test func retriesAreTheirOwnEvents() async throws {
        let recorder = EventRecorder()
        let transport = StubTransport([.failure(TestError("reset")), .make(503), .make(200, "ok")])
        let client = makeClient(transport) { $0.listeners = [recorder] }
        _ = try await client.send(GetText())
        #expect(recorder.trace == [
            "start",
            "retry 2 1.0 seconds",
            "received 503", "retry 3 2.0 seconds",
            "received 200", "validated 200", "decoded", "success",
            "end 3",
        ])
    }

    @Test func refreshIsItsOwnEvent() async throws {
        let recorder = EventRecorder()
        let transport = StubTransport(.make(401), .make(200, "ok"))
        let client = makeClient(transport) {
            $0.listeners = [recorder]
            $0.auth = CountingAuth()
        }
        _ = try await client.send(GetText())
        #expect(recorder.trace == [
            "start", "received 401", "authRefresh", "received 200", "validated 200", "decoded", "success", "end 2",
        ])
    }

    @Test func decodingFailure() async throws {
        let recorder = EventRecorder()
        let client = makeClient(StubTransport(.json(200, "{}"))) { $0.listeners = [recorder] }
        _ = await apiError { try await client.send(GetPerson()) }
        #expect(recorder.trace == ["start", "received 200", "validated 200", "error decodingFailed", "end 1"])
    }

    @Test func unexpectedStatus() async throws {
        let recorder = EventRecorder()
        let client = makeClient(StubTransport(.make(404))) { $0.listeners = [recorder] }
        _ = await apiError { try await client.send(GetPerson()) }
        #expect(recorder.trace == ["start", "received 404", "error unexpectedStatus 404", "end 1"])
    }

    /// Nothing sent: start, error, end, with zero attempts.
    @Test func invalidURL() async throws {
        let recorder = EventRecorder()
        let client = makeClient(StubTransport(), baseURL: "nohost") { $0.listeners = [recorder] }
        _ = await apiError { try await client.send(GetText()) }
        #expect(recorder.trace == ["start", "error invalidURL", "end 0"])
    }

    /// Retries exhausted on transport errors: the last failure is the error.
    @Test func transportFailureAfterRetries() async throws {
        let recorder = EventRecorder()
        let transport = StubTransport([.failure(TestError("a")), .failure(TestError("b"))])
        let client = makeClient(transport) {
            $0.listeners = [recorder]
            $0.retryPolicy = RetryPolicy(maxAttempts: 2)
        }
        let error = await apiError { try await client.send(GetText()) }
        #expect(recorder.trace == ["start", "retry 2 1.0 seconds", "error transport", "end 2"])
        #expect(error?.description == "GET https://api.example.com/zen: no response: b")
    }

    /// Every listener sees every event; events of one call share an id, different calls have different ids.
    @Test func eventsCarryTheCallAndRequest() async throws {
        let first = EventRecorder()
        let second = EventRecorder()
        let client = makeClient(StubTransport(.make(200, "a"), .make(200, "b"))) { $0.listeners = [first, second] }
        _ = try await client.send(GetText())
        _ = try await client.send(GetText())
        #expect(first.trace == second.trace)
        let ids = first.events.map(\.callID)
        #expect(Set(ids.prefix(6)).count == 1)
        #expect(Set(ids.suffix(6)).count == 1)
        #expect(ids.first != ids.last)
        #expect(first.events.allSatisfy { $0.request.description == "GET https://api.example.com/zen" })
    }
}
