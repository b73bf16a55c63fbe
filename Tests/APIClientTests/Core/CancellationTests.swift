import APIClient
import APIClientTesting
import Foundation
import Testing

struct CancellationTests {
    /// Cancelling the task while it waits to retry stops the wait and ends the call with `.cancelled`.
    @Test func cancellationDuringBackoff_stopsWaiting() async throws {
        let clock = TestClock(blocksSleeps: true)
        let recorder = EventRecorder()
        let transport = StubTransport(.make(503), .make(200, "never sent"))
        let client = makeClient(transport, clock: clock) { $0.listeners = [recorder] }
        let call = Task { await apiError { try await client.send(GetText()) } }

        var sleeps = clock.sleepStarted.makeAsyncIterator()
        let delay = await sleeps.next()
        #expect(delay == .seconds(1))
        call.cancel()

        let error = try #require(await call.value)
        #expect(error.isCancellation)
        #expect(error.description == "GET https://api.example.com/zen: cancelled")
        #expect(transport.requests.count == 1)
        #expect(recorder.trace.suffix(2) == ["error cancelled", "end 1"])
    }

    /// A task cancelled before the call sends nothing.
    @Test func cancelledTask_sendsNothing() async throws {
        let transport = StubTransport(.make(200, "ok"))
        let client = makeClient(transport)
        let call = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await apiError { try await client.send(GetText()) }
        }
        let error = try #require(await call.value)
        #expect(error.isCancellation)
        #expect(transport.requests.isEmpty)
    }

    /// A transport that stops because of cancellation is not a transport failure, and is not retried.
    @Test(arguments: [true, false])
    func transportCancellation_isCancelledNotTransport(urlError: Bool) async throws {
        let failure: any Error = urlError ? URLError(.cancelled) : CancellationError()
        let transport = StubTransport([.failure(failure), .make(200, "ok")])
        let client = makeClient(transport)
        let error = try #require(await apiError { try await client.send(GetText()) })
        #expect(error.isCancellation)
        #expect(transport.requests.count == 1)
    }
}
