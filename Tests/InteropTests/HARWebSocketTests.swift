import Foundation
import MockAPICore
import MockAPIInterop
import MockAPIJSON
import Testing

/// A WebSocket conversation travels through HAR as Chrome's and Edge's devtools write it: the `101` entry's
/// `_webSocketMessages` (`send`/`receive`, `time` in seconds, opcode 1 text and 2 binary as base64). A devtools file
/// imports as a conversation that replays; a cassette exported and imported again is the same.
struct HARWebSocketTests {
    /// The shape of a Chrome 131 export of a WebSocket connection (values invented; the key and accept are RFC 6455's
    /// example).
    static let chromeHAR = #"""
        {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "pages": [], "entries": [
          {"_resourceType": "websocket", "startedDateTime": "2026-11-20T09:00:00.000Z", "time": 12.5,
           "request": {"method": "GET", "url": "wss://realtime.example.com/v1/events?session=abc", "httpVersion": "HTTP/1.1",
             "headers": [{"name": "Upgrade", "value": "websocket"}, {"name": "Sec-WebSocket-Key", "value": "dGhlIHNhbXBsZSBub25jZQ=="},
                         {"name": "Sec-WebSocket-Version", "value": "13"}, {"name": "Sec-WebSocket-Protocol", "value": "events.v1"}],
             "queryString": [{"name": "session", "value": "abc"}], "cookies": [], "headersSize": -1, "bodySize": 0},
           "response": {"status": 101, "statusText": "Switching Protocols", "httpVersion": "HTTP/1.1",
             "headers": [{"name": "Upgrade", "value": "websocket"}, {"name": "Connection", "value": "Upgrade"},
                         {"name": "Sec-WebSocket-Accept", "value": "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="},
                         {"name": "Sec-WebSocket-Protocol", "value": "events.v1"}],
             "cookies": [], "content": {"size": 0, "mimeType": "x-unknown"}, "redirectURL": "", "headersSize": -1, "bodySize": -1},
           "cache": {}, "timings": {"send": 0, "wait": 12.5, "receive": 0},
           "_webSocketMessages": [
             {"type": "receive", "time": 1763629200.5, "opcode": 1, "data": "{\"type\":\"hello\"}"},
             {"type": "send", "time": 1763629200.625, "opcode": 1, "data": "{\"type\":\"subscribe\",\"topic\":\"a\"}"},
             {"type": "receive", "time": 1763629200.75, "opcode": 2, "data": "AAEC"},
             {"type": "receive", "time": 1763629200.8, "opcode": 9, "data": ""}
           ]}
        ]}}
        """#

    @Test func aChromeHAR_importsAsAConversation() throws {
        let read = try CassetteImporter(rules: .none).importBytes(Array(Self.chromeHAR.utf8), file: "chrome.har")
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
        let har = Self.chromeHAR.replacingOccurrences(of: #""type": "send""#, with: #""type": "sent""#)
        let error = #expect(throws: InteropError.self) {
            try CassetteImporter(rules: .none).importBytes(Array(har.utf8), file: "bad.har")
        }
        #expect(error.map { "\($0)" }?.contains(#"_webSocketMessages[1].type: expected "send" or "receive", found "sent""#) == true)
    }
}
