import Logging
import MockAPICore
import MockAPIInterop
import MockAPIServer
import Testing

/// A WebSocket connection saved by Chrome's devtools as HAR imports as a conversation that replays: the server's
/// first message on connecting, the client's message matched, the binary answer after it.
@Suite(.timeLimit(.minutes(1)))
struct HARWebSocketReplayTests {
    static let chromeHAR = #"""
        {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "pages": [], "entries": [
          {"_resourceType": "websocket", "startedDateTime": "2026-11-20T09:00:00.000Z", "time": 12.5,
           "request": {"method": "GET", "url": "wss://realtime.example.com/v1/events?session=abc", "httpVersion": "HTTP/1.1",
             "headers": [{"name": "Upgrade", "value": "websocket"}, {"name": "Sec-WebSocket-Key", "value": "dGhlIHNhbXBsZSBub25jZQ=="},
                         {"name": "Sec-WebSocket-Version", "value": "13"}],
             "queryString": [{"name": "session", "value": "abc"}], "cookies": [], "headersSize": -1, "bodySize": 0},
           "response": {"status": 101, "statusText": "Switching Protocols", "httpVersion": "HTTP/1.1",
             "headers": [{"name": "Upgrade", "value": "websocket"}, {"name": "Connection", "value": "Upgrade"},
                         {"name": "Sec-WebSocket-Accept", "value": "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="}],
             "cookies": [], "content": {"size": 0, "mimeType": "x-unknown"}, "redirectURL": "", "headersSize": -1, "bodySize": -1},
           "cache": {}, "timings": {"send": 0, "wait": 12.5, "receive": 0},
           "_webSocketMessages": [
             {"type": "receive", "time": 1763629200.5, "opcode": 1, "data": "{\"type\":\"hello\"}"},
             {"type": "send", "time": 1763629200.625, "opcode": 1, "data": "{\"type\":\"subscribe\",\"topic\":\"a\"}"},
             {"type": "receive", "time": 1763629200.75, "opcode": 2, "data": "AAEC"}
           ]}
        ]}}
        """#

    @Test func aChromeHAR_importsAndReplays() async throws {
        let imported = try CassetteImporter(rules: .standard).importBytes(Array(Self.chromeHAR.utf8), file: "chrome.har")
        let cassette = Cassette(interactions: imported.interactions)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let app = try MockAPIApp.replay(
            cassettes: [LoadedCassette(name: "chrome", file: "chrome.json", cassette: cassette)],
            configuration: ServerConfiguration(port: 0), logger: logger)
        let client = try await WebSocketTestClient.connect(port: app.port, path: "/v1/events?session=abc")
        #expect(await client.next() == .text(#"{"type":"hello"}"#))
        // The same message with its members in another order.
        client.send(text: #"{"topic":"a","type":"subscribe"}"#)
        #expect(await client.next() == .binary([0, 1, 2]))
        client.close(code: 1000)
        #expect(await client.next() == .close(code: 1000, reason: ""))
        try await app.stop()
    }
}
