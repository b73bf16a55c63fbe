import APIClient
import APIClientTesting
import Foundation
import Testing

/// `StubTransport`'s scripted streams: code that reads Server-Sent Events (`serverSentEvents`) tested without a
/// server, pieces, pauses and a broken connection included.
@Suite(.timeLimit(.minutes(1)))
struct StubTransportStreamTests {
    private struct Lost: Error, Equatable {}

    /// Events are parsed across piece boundaries, in order, with their fields.
    @Test func streamReply_yieldsTheEventsOfItsPieces() async throws {
        let stub = StubTransport().on("GET", "/v1/stream", .stream([
            .text("id: 1\ndata: Hel"), .text("lo\n\n"), .text("event: done\ndata: [DONE]\n\n"),
        ]))
        var events: [ServerSentEvent] = []
        for try await event in makeClient(stub).serverSentEvents("/v1/stream") { events.append(event) }
        #expect(events == [
            ServerSentEvent(data: "Hello", id: "1"), ServerSentEvent(event: "done", data: "[DONE]", id: "1"),
        ])
        #expect(stub.requests.first?.headers["Accept"] == "text/event-stream")
    }

    /// A piece is handed over as it comes: the first event reaches the reader while the stream still waits (on a
    /// clock whose waits never end) for the next one; cancelling the reader then ends it.
    @Test func streamReply_handsEachPieceOverBeforeTheNextWait() async throws {
        let clock = TestClock(blocksSleeps: true)
        let stub = StubTransport(clock: clock).on("GET", "/v1/stream", .stream([
            .text("data: first\n\n"), .wait(.seconds(3600)), .text("data: never\n\n"),
        ]))
        let client = makeClient(stub)
        let (firstSeen, firstSeenContinuation) = AsyncStream<String>.makeStream()
        let reader = Task { () -> [String] in
            var seen: [String] = []
            do {
                for try await event in client.serverSentEvents("/v1/stream") {
                    seen.append(event.data)
                    firstSeenContinuation.yield(event.data)
                }
            } catch {}
            return seen
        }
        var first = firstSeen.makeAsyncIterator()
        #expect(await first.next() == "first")
        var sleeps = clock.sleepStarted.makeAsyncIterator()
        #expect(await sleeps.next() == .seconds(3600))
        reader.cancel()
        #expect(await reader.value == ["first"])
    }

    /// The pauses wait on the transport's clock: a test clock sees each and nothing really sleeps.
    @Test func streamReply_waitsOnTheTransportsClock() async throws {
        let clock = TestClock()
        let stub = StubTransport(clock: clock).on("GET", "/v1/stream", .stream([
            .text("data: a\n\n"), .wait(.seconds(20)), .text("data: b\n\n"), .wait(.seconds(40)), .text("data: c\n\n"),
        ]))
        var data: [String] = []
        let started = ContinuousClock.now
        for try await event in makeClient(stub).serverSentEvents("/v1/stream") { data.append(event.data) }
        #expect(data == ["a", "b", "c"])
        #expect(clock.sleeps == [.seconds(20), .seconds(40)])
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    /// A failure breaks the stream off after the events before it, as a dropped connection does: the reader gets them,
    /// then `APIError.transport` with the error.
    @Test func streamReply_failureEndsTheStreamWithATransportError() async throws {
        let stub = StubTransport().on("GET", "/v1/stream", .stream([
            .text("data: kept\n\n"), .text("data: half"), .failure(Lost()),
        ]))
        var data: [String] = []
        let error = await apiError {
            for try await event in makeClient(stub).serverSentEvents("/v1/stream") { data.append(event.data) }
        }
        #expect(data == ["kept"])
        guard case .transport(_, let underlying)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(underlying as? Lost == Lost())
    }

    /// A stream answering with an error status ends with `APIError.unexpectedStatus`, its body read.
    @Test func streamReply_errorStatus_isAnUnexpectedStatus() async throws {
        let stub = StubTransport().on("GET", "/v1/stream", .stream([.text("slow down")], status: 429, headers: ["Retry-After": "1"]))
        let error = await apiError {
            for try await _ in makeClient(stub).serverSentEvents("/v1/stream") {}
        }
        guard case .unexpectedStatus(_, let response, let body, _)? = error else {
            Issue.record("expected an unexpected status, got \(String(describing: error))")
            return
        }
        #expect(response.status == 429)
        #expect(String(decoding: body, as: UTF8.self) == "slow down")
    }

    /// Asked with `send` (not as a stream), a stream reply is its whole body, after its pauses; or its failure.
    @Test func streamReply_throughSend_isTheWholeBody() async throws {
        let clock = TestClock()
        let stub = StubTransport(clock: clock)
            .on("GET", "/zen", .stream([.text("data: a\n\n"), .wait(.seconds(5)), .text("data: b\n\n")]),
                .stream([.text("data: a\n\n"), .failure(Lost())]))
        let client = makeClient(stub)
        #expect(try await client.send(GetText()) == "data: a\n\ndata: b\n\n")
        #expect(clock.sleeps == [.seconds(5)])
        let error = await apiError { try await client.send(GetText()) }
        guard case .transport(_, let underlying)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(underlying as? Lost == Lost())
    }

    /// A reply that is not a stream reaches a stream reader as one piece.
    @Test func wholeReply_readAsAStream_isOnePiece() async throws {
        let stub = StubTransport().on("GET", "/v1/stream", .text(200, "data: one\n\ndata: two\n\n"))
        var data: [String] = []
        for try await event in makeClient(stub).serverSentEvents("/v1/stream") { data.append(event.data) }
        #expect(data == ["one", "two"])
    }
}
