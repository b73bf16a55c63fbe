import MockAPICore
import MockAPIJSON
import Testing

/// A WebSocket conversation is kept in its interaction's `webSocket` member: it reads back unchanged, each message
/// keeps its frame kind and bytes, and a malformed one names its field.
struct WebSocketConversationFormatTests {
    private static func cassette(webSocket: String, status: Int = 101, method: String = "GET") -> String {
        #"{"mockapi": 1, "interactions": [{"request": {"method": "\#(method)", "path": "/v1/realtime"}, "response": {"status": \#(status)}, "webSocket": \#(webSocket)}]}"#
    }

    private func load(_ text: String) throws(CassetteError) -> Cassette {
        try Cassette(bytes: Array(text.utf8), file: "Fixtures/realtime.json")
    }

    private func error(_ text: String) -> String? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func messagesKeepTheirKindBytesAndTimes() throws {
        let cassette = try load(Self.cassette(webSocket: #"""
            {"subprotocol": "graphql-transport-ws", "messages": [
              {"from": "client", "atMs": 2.5, "json": {"type": "connection_init"}},
              {"from": "server", "atMs": 9, "json": {"type": "connection_ack"}},
              {"from": "client", "atMs": 12, "text": "ping"},
              {"from": "server", "atMs": 15.25, "base64": "AAEC"},
              {"from": "server", "atMs": 16, "text": ""}],
             "close": {"from": "server", "atMs": 40, "code": 1000, "reason": "done"}}
            """#))
        let conversation = try #require(cassette.interactions[0].webSocket)
        #expect(conversation.subprotocol == "graphql-transport-ws")
        #expect(conversation.messages.map(\.from) == [.client, .server, .client, .server, .server])
        #expect(conversation.messages.map(\.atMs) == [2.5, 9, 12, 15.25, 16])
        #expect(conversation.messages.map(\.isBinary) == [false, false, false, true, false])
        #expect(conversation.messages[0].bytes == Array(#"{"type":"connection_init"}"#.utf8))
        #expect(conversation.messages[3].bytes == [0, 1, 2])
        #expect(conversation.messages[4].bytes == [])
        #expect(conversation.close == .init(from: .server, atMs: 40, code: 1000, reason: "done"))
        #expect(conversation.count(from: .client) == 2)
        #expect(conversation.count(from: .server) == 3)
    }

    /// Written and read again, a conversation is the same; a text frame that is JSON is kept as JSON, readable.
    @Test func roundTripsThroughTheFileForm() throws {
        let conversation = WebSocketConversation(
            subprotocol: nil,
            messages: [
                .init(from: .client, atMs: 0, text: Array(#"{"b":1,"a":[true]}"#.utf8)),
                .init(from: .server, atMs: 1.5, text: Array("plain words".utf8)),
                .init(from: .server, atMs: 2, binary: Array(#"{"looks":"json"}"#.utf8)),
                .init(from: .client, atMs: 3, text: []),
            ],
            close: .init(from: .client, atMs: 4, code: nil))
        let interaction = Interaction(
            request: RecordedRequest(method: "GET", path: "/ws"), response: RecordedResponse(status: 101),
            webSocket: conversation)
        let bytes = Cassette(interactions: [interaction]).fileBytes()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""json""#))
        let read = try Cassette(bytes: bytes, file: "again.json")
        #expect(read.interactions[0].webSocket == conversation)
        // A binary frame whose bytes happen to be JSON stays binary.
        #expect(read.interactions[0].webSocket?.messages[2].isBinary == true)
        // So does the compact form the write-ahead log holds.
        let logged = #"{"mockapi": 1, "interactions": ["# + String(decoding: interaction.compactBytes(), as: UTF8.self) + "]}"
        #expect(try load(logged).interactions[0].webSocket == conversation)
    }

    @Test func malformedConversationsNameTheirField() {
        #expect(error(Self.cassette(webSocket: #"{"messages": [{"from": "peer", "atMs": 0, "text": "x"}]}"#))?
            .contains(#"interactions[0].webSocket.messages[0].from: expected "client" or "server", found "peer""#) == true)
        #expect(error(Self.cassette(webSocket: #"{"messages": [{"from": "client", "atMs": 5, "text": "a"}, {"from": "server", "atMs": 1, "text": "b"}]}"#))?
            .contains("messages[1].atMs: 1 is earlier than the message before it (5)") == true)
        #expect(error(Self.cassette(webSocket: #"{"messages": [{"from": "client", "atMs": 0}]}"#))?
            .contains(#"messages[0]: expected the message as "json", "text" (a text frame) or "base64" (a binary frame)"#) == true)
        #expect(error(Self.cassette(webSocket: #"{"messages": [{"from": "client", "atMs": 0, "base64": "%%"}]}"#))?
            .contains("messages[0].base64: not valid base64") == true)
        #expect(error(Self.cassette(webSocket: #"{"close": {"from": "server", "atMs": 1, "code": 99}}"#))?
            .contains("webSocket.close.code: expected a whole number from 1000 to 4999, found 99") == true)
        #expect(error(Self.cassette(webSocket: #"{"messages": []}"#, status: 200))?
            .contains("interactions[0].webSocket: a WebSocket conversation follows a GET handshake answered 101 (this one is GET, answered 200)") == true)
    }
}
