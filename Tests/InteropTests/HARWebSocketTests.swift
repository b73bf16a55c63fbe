import Foundation
import MockAPICore
import MockAPIInterop
import MockAPIJSON
import TestSupport
import Testing

/// A WebSocket conversation travels through HAR as Chrome's and Edge's devtools write it: the `101` entry's
/// `_webSocketMessages` (`send`/`receive`, `time` in seconds, opcode 1 text and 2 binary as base64). A devtools file
/// imports as a conversation that replays; a cassette exported and imported again is the same.
struct HARWebSocketTests {
    @Test func aChromeHAR_importsAsAConversation() throws {
        let read = try CassetteImporter(rules: .none).importBytes(Array(ChromeWebSocketHAR.text.utf8), file: "chrome.har")
        let interaction = try #require(read.interactions.first)
        #expect(interaction.upstream == "https://realtime.example.com")
        #expect(interaction.request.path == "/v1/events")
        #expect(interaction.request.query == "session=abc")
        #expect(interaction.response.status == 101)
        let conversation = try #require(interaction.webSocket)
        // Times count from the first message; the ping (opcode 9) is not a message.
        #expect(conversation.messages.map(\.atMs) == [0, 125, 250])
        #expect(conversation.messages.map(\.from) == [.server, .client, .server])
        #expect(conversation.messages.map(\.isBinary) == [false, false, true])
        #expect(conversation.messages[1].bytes == Array(#"{"type":"subscribe","topic":"a"}"#.utf8))
        #expect(conversation.messages[2].bytes == [0, 1, 2])
        #expect(conversation.close == nil)
        // It is a cassette that loads.
        let file = Cassette(interactions: read.interactions).fileBytes()
        #expect(try Cassette(bytes: file, file: "chrome.json").interactions[0].webSocket == conversation)
    }

    @Test func aConversation_survivesExportAndImport() throws {
        let interaction = Interaction(
            request: RecordedRequest(method: "GET", path: "/ws", headers: [("Sec-WebSocket-Protocol", "graphql-transport-ws")]),
            response: RecordedResponse(status: 101, headers: [("Upgrade", "websocket"), ("Sec-WebSocket-Protocol", "graphql-transport-ws")]),
            upstream: "https://api.example.com", recordedAt: "2026-11-27T00:00:00Z", durationMs: 30,
            webSocket: WebSocketConversation(
                subprotocol: "graphql-transport-ws",
                messages: [
                    .init(from: .client, atMs: 2.125, text: Array(#"{"type":"connection_init"}"#.utf8)),
                    .init(from: .server, atMs: 9.5, text: Array(#"{"type":"connection_ack"}"#.utf8)),
                    .init(from: .server, atMs: 10, binary: Array("{}".utf8)),
                ],
                close: .init(from: .client, atMs: 30, code: 1000, reason: "bye")))
        let har = HARExporter(creatorVersion: "test").fileBytes([interaction])
        let entry = try JSONValue.parse(har)["log"]?["entries"]?.arrayValue?.first
        let messages = entry?["_webSocketMessages"]?.arrayValue ?? []
        #expect(messages.map { $0["type"]?.stringValue } == ["send", "receive", "receive"])
        #expect(messages.map { $0["opcode"] } == [.number("1"), .number("1"), .number("2")])
        #expect(messages[2]["data"]?.stringValue == "e30=")
        let back = try CassetteImporter(rules: .none).importBytes(har, file: "ws.har")
        #expect(back.interactions == [interaction])
    }

    @Test func aMessageOfAnUnknownTypeNamesItsField() {
        let har = ChromeWebSocketHAR.text.replacingOccurrences(of: #""type": "send""#, with: #""type": "sent""#)
        let error = #expect(throws: InteropError.self) {
            try CassetteImporter(rules: .none).importBytes(Array(har.utf8), file: "bad.har")
        }
        #expect(error.map { "\($0)" }?.contains(#"_webSocketMessages[1].type: expected "send" or "receive", found "sent""#) == true)
    }
}
