import Logging
import MockAPICore
import MockAPIInterop
import MockAPIServer
import TestSupport
import Testing

/// A WebSocket connection saved by Chrome's devtools as HAR imports as a conversation that replays: the server's
/// first message on connecting, the client's message matched, the binary answer after it.
@Suite(.timeLimit(.minutes(1)))
struct HARWebSocketReplayTests {
    @Test func aChromeHAR_importsAndReplays() async throws {
        let imported = try CassetteImporter(rules: .standard).importBytes(Array(ChromeWebSocketHAR.text.utf8), file: "chrome.har")
        let cassette = Cassette(interactions: imported.interactions)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let app = try MockAPIApp.replay(
            cassettes: [LoadedCassette(name: "chrome", file: "chrome.json", cassette: cassette)],
            configuration: ServerConfiguration(port: 0), logger: logger)
        let client = try await WebSocketTestClient.connect(
            port: app.port, path: "/v1/events?session=abc", headers: [("Sec-WebSocket-Protocol", "events.v1")])
        #expect(await client.next() == .text(#"{"type":"hello"}"#))
        // The same message with its members in another order.
        client.send(text: #"{"topic":"a","type":"subscribe"}"#)
        #expect(await client.next() == .binary([0, 1, 2]))
        client.close(code: 1000)
        #expect(await client.next() == .close(code: 1000, reason: ""))
        try await app.stop()
    }
}
