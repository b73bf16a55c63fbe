import APIClient
import APIClientTesting
import Foundation
import Testing

/// The event-stream parser follows the WHATWG HTML standard's examples (section 9.2) and line rules.
struct SSEParserTests {
    private func events(_ text: String, inPiecesOf size: Int = .max) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        let bytes = Array(text.utf8)
        var events: [ServerSentEvent] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + max(size, 1))
            events += parser.feed(bytes[start..<end])
            start = end
        }
        return events
    }

    /// "data: YHOO / data: +2 / data: 10": one event, its data lines joined with LF.
    @Test func multilineData_isJoinedWithLineFeeds() {
        #expect(events("data: YHOO\ndata: +2\ndata: 10\n\n") == [ServerSentEvent(data: "YHOO\n+2\n10")])
    }

    /// The standard's second example: a comment, ids kept and reset, one space after the colon dropped (not two).
    @Test func commentsIdsAndSpaces_followTheStandard() {
        let text = ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n"
        #expect(events(text) == [
            ServerSentEvent(data: "first event", id: "1"), ServerSentEvent(data: "second event", id: ""),
            ServerSentEvent(data: " third event", id: ""),
        ])
    }

    /// The third example: empty data lines make events; a last event with no blank line after it is dropped.
    @Test func emptyDataAndUnterminatedEvent_followTheStandard() {
        #expect(events("data\n\ndata\ndata\n\ndata:") == [ServerSentEvent(data: ""), ServerSentEvent(data: "\n")])
    }

    /// LF, CR and CRLF end lines alike, also when a CRLF is split between two pieces.
    @Test func lineEnds_LF_CR_CRLF_areAlike_evenSplitAcrossPieces() {
        let expected = [ServerSentEvent(event: "delta", data: "a\nb", id: "7", retry: 3000)]
        for ending in ["\n", "\r", "\r\n"] {
            let text = ["event: delta", "id: 7", "retry: 3000", "data: a", "data: b", "", ""].joined(separator: ending)
            #expect(events(text) == expected, "line end \(ending.debugDescription)")
            #expect(events(text, inPiecesOf: 1) == expected, "line end \(ending.debugDescription), byte by byte")
        }
    }

    @Test func badRetryAndIdWithNUL_areIgnored() {
        #expect(events("retry: 10s\nid: a\u{0}b\ndata: x\n\n") == [ServerSentEvent(data: "x")])
    }

    /// A client over a transport that cannot stream (here a stub) still gets the events, from the whole body.
    @Test func serverSentEventsCall_overAStub_yieldsEveryEvent() async throws {
        let body = "data: {\"delta\":\"Hel\"}\n\nevent: done\ndata: [DONE]\n\n"
        let stub = StubTransport(.make(200, body, headers: ["Content-Type": "text/event-stream"]))
        let client = RESTClient(baseURL: URL(string: "https://api.example.com")!, transport: stub)
        var received: [ServerSentEvent] = []
        for try await event in client.serverSentEvents("/v1/stream") { received.append(event) }
        #expect(received == [ServerSentEvent(data: "{\"delta\":\"Hel\"}"), ServerSentEvent(event: "done", data: "[DONE]")])
        #expect(stub.requests.first?.headers["Accept"] == "text/event-stream")
    }
}
