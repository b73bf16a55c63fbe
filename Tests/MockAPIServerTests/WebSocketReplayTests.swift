import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging
import MockAPICore
import MockAPIJSON
import MockAPIServer
import TestSupport
import Testing

/// `mockapi serve` replays a recorded WebSocket conversation: the handshake matched like any request, then the server's
/// messages byte for byte and frame kind for kind, each client message matched by meaning, the recorded close; a
/// differing message closes with 1008 and is reported as a near miss.
@Suite(.timeLimit(.minutes(1)))
struct WebSocketReplayTests {
    static let cassette = """
        {"mockapi": 1, "interactions": [
          {"request": {"method": "GET", "path": "/v1/realtime", "query": "model=x", "headers": [], "body": null},
           "response": {"status": 101, "headers": [["Upgrade", "websocket"], ["Connection", "Upgrade"],
             ["Sec-WebSocket-Protocol", "chat-v1"], ["X-Session", "s1"]], "body": null},
           "webSocket": {"subprotocol": "chat-v1", "messages": [
             {"from": "server", "atMs": 1, "json": {"type": "session.created", "id": "s1"}},
             {"from": "client", "atMs": 5, "json": {"type": "session.update", "session": {"voice": "alloy", "rate": 1}}},
             {"from": "server", "atMs": 9, "json": {"type": "session.updated"}},
             {"from": "server", "atMs": 209, "base64": "AAEC"},
             {"from": "client", "atMs": 300, "json": {"type": "response.create", "n": 2}},
             {"from": "server", "atMs": 302, "text": "done"}],
             "close": {"from": "server", "atMs": 310, "code": 1000, "reason": "bye"}},
           "recordedAt": "2026-11-29T00:00:00Z", "durationMs": 310},
          {"request": {"method": "GET", "path": "/v1/open", "headers": [], "body": null},
           "response": {"status": 101, "headers": [["Upgrade", "websocket"], ["Connection", "Upgrade"]], "body": null},
           "webSocket": {"messages": [
             {"from": "client", "atMs": 1, "text": "a"},
             {"from": "server", "atMs": 2, "text": "b"}]},
           "recordedAt": "2026-11-29T00:00:00Z", "durationMs": 2}
        ]}
        """

    private static func start(timing: StreamTiming = .none, maxMessage: Int = 16 << 20, tls: TLSMaterial? = nil) throws
        -> RunningApp<ReplayService>
    {
        let cassette = try Cassette(bytes: Array(Self.cassette.utf8), file: "ws.json")
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return try MockAPIApp.replay(
            cassettes: [LoadedCassette(name: "ws", file: "ws.json", cassette: cassette)],
            options: ReplayOptions(streamTiming: timing),
            configuration: ServerConfiguration(port: 0, maxWebSocketMessageBytes: maxMessage, tls: tls), logger: logger)
    }

    private static let path = "/v1/realtime?model=x"

    @Test func memberOrderChanged_replaysEveryMessageAndTheRecordedClose() async throws {
        let app = try Self.start()
        let client = try await WebSocketTestClient.connect(port: app.port, path: Self.path)
        #expect(await client.next() == .text(#"{"type":"session.created","id":"s1"}"#))
        client.send(text: #"{"session":{"rate":1,"voice":"alloy"},"type":"session.update"}"#)
        #expect(await client.next() == .text(#"{"type":"session.updated"}"#))
        #expect(await client.next() == .binary([0, 1, 2]))
        client.send(text: #"{ "n": 2, "type": "response.create" }"#)
        #expect(await client.next() == .text("done"))
        #expect(await client.next() == .close(code: 1000, reason: "bye"))
        #expect(await client.next() == .ended)
        let entry = try await Self.handshakeEntry(app, ending: true)
        #expect(entry.status == 101)
        #expect(entry.webSocket == ConversationSummary(clientMessages: 2, serverMessages: 4, end: .recorded(code: 1000, reason: "bye")))
        #expect(app.service.unusedInteractions == [InteractionReference(cassette: "ws", index: 1)])
        try await app.stop()
    }

    /// `serve --tls`: libmicrohttpd keeps the TLS of an upgraded connection and hands mockapi the plain side, so a
    /// `wss://` client gets the same conversation.
    @Test func overTLS_wssClient_getsTheSameConversation() async throws {
        let material = try TLSMaterial.selfSigned()
        let app = try Self.start(tls: material)
        let client = try await WebSocketTestClient.connect(port: app.port, path: Self.path, trusting: material.certificatePEM)
        #expect(await client.next() == .text(#"{"type":"session.created","id":"s1"}"#))
        client.send(text: #"{"type":"session.update","session":{"voice":"alloy","rate":1}}"#)
        #expect(await client.next() == .text(#"{"type":"session.updated"}"#))
        #expect(await client.next() == .binary([0, 1, 2]))
        client.send(text: #"{"type":"response.create","n":2}"#)
        #expect(await client.next() == .text("done"))
        #expect(await client.next() == .close(code: 1000, reason: "bye"))
        let entry = try await Self.handshakeEntry(app, ending: true)
        #expect(entry.webSocket == ConversationSummary(clientMessages: 2, serverMessages: 4, end: .recorded(code: 1000, reason: "bye")))
        try await app.stop()
    }

    @Test func handshakeAnswer_carriesTheRecordedHeaders() async throws {
        let app = try Self.start()
        let head = try await offThread { () throws -> String? in
            let connection = try RawConnection(port: app.port)
            connection.send(
                "GET \(Self.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            return connection.readHead()
        }
        let text = try #require(head)
        #expect(text.hasPrefix("HTTP/1.1 101"))
        #expect(text.contains("Sec-WebSocket-Protocol: chat-v1"))
        #expect(text.contains("X-Session: s1"))
        #expect(text.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
        try await app.stop()
    }

    @Test func changedMessage_closes1008NamingThePath_andIsReported() async throws {
        let app = try Self.start()
        let client = try await WebSocketTestClient.connect(port: app.port, path: Self.path)
        #expect(await client.next() == .text(#"{"type":"session.created","id":"s1"}"#))
        client.send(text: #"{"type":"session.update","session":{"voice":"echo","rate":1}}"#)
        guard case .close(let code, let reason) = await client.next() else {
            Issue.record("no close frame")
            return
        }
        #expect(code == 1008)
        #expect(reason.contains("$.session.voice"), "\(reason)")
        #expect(await client.next() == .ended)
        let unmatched = try JSONValue.parse(try await TestClient.shared.send("GET", app.baseURL + "/__mockapi/unmatched").body)
        let requests = unmatched["requests"]?.arrayValue ?? []
        #expect(requests.count == 1)
        let report = requests.first?["unmatched"]
        #expect(report?["request"]?["path"]?.stringValue == "/v1/realtime")
        #expect(report?["request"]?["webSocketMessage"] == .integer(0))
        let differences = report?["nearest"]?.arrayValue?.first?["differences"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(differences.contains { $0.contains("$.session.voice") && $0.contains("echo") }, "\(differences)")
        let entry = try await Self.handshakeEntry(app, ending: true)
        guard case .mismatch(let index, _)? = entry.webSocket?.end else {
            Issue.record("the conversation did not end in a mismatch: \(String(describing: entry.webSocket))")
            return
        }
        #expect(index == 0)
        try await app.stop()
    }

    @Test func messageBeyondTheRecording_closes1008() async throws {
        let app = try Self.start()
        let client = try await WebSocketTestClient.connect(port: app.port, path: "/v1/open")
        client.send(text: "a")
        #expect(await client.next() == .text("b"))
        client.send(text: "c")
        guard case .close(let code, let reason) = await client.next() else {
            Issue.record("no close frame")
            return
        }
        #expect(code == 1008)
        #expect(reason.contains("not recorded"), "\(reason)")
        try await app.stop()
    }

    @Test func messageOverTheLimit_closes1009() async throws {
        let app = try Self.start(maxMessage: 1024)
        let client = try await WebSocketTestClient.connect(port: app.port, path: Self.path)
        #expect(await client.next() == .text(#"{"type":"session.created","id":"s1"}"#))
        client.send(text: String(repeating: "x", count: 2000))
        guard case .close(let code, _) = await client.next() else {
            Issue.record("no close frame")
            return
        }
        #expect(code == 1009)
        let entry = try await Self.handshakeEntry(app, ending: true)
        #expect(entry.webSocket?.end?.code == 1009)
        try await app.stop()
    }

    @Test func clientThatLeavesMidConversation_isNoted_andTheServerKeepsServing() async throws {
        let app = try Self.start(timing: .recorded)
        let warm = try await WebSocketTestClient.connect(port: app.port, path: "/v1/open")
        await warm.abort()
        try await waitUntil { app.journal.entries().last?.webSocket?.end != nil }
        let before = openSockets()
        for _ in 0..<10 {
            let client = try await WebSocketTestClient.connect(port: app.port, path: Self.path)
            #expect(await client.next() == .text(#"{"type":"session.created","id":"s1"}"#))
            client.send(text: #"{"type":"session.update","session":{"voice":"alloy","rate":1}}"#)
            #expect(await client.next() == .text(#"{"type":"session.updated"}"#))
            // Gone while the binary message, 200 ms later, is pending.
            await client.abort()
        }
        try await waitUntil { app.journal.entries().filter { $0.webSocket?.end == .clientWentAway }.count == 11 }
        let again = try await WebSocketTestClient.connect(port: app.port, path: "/v1/open")
        again.send(text: "a")
        #expect(await again.next() == .text("b"))
        await again.abort()
        try await waitUntil { app.journal.entries().filter { $0.webSocket?.end == .clientWentAway }.count == 12 }
        try await waitUntil { openSockets() <= before }
        try await app.stop()
    }

    @Test func streamTimingRecorded_sendsNoMessageBeforeItsGap() async throws {
        let app = try Self.start(timing: .recorded)
        let client = try await WebSocketTestClient.connect(port: app.port, path: Self.path)
        #expect(await client.next() == .text(#"{"type":"session.created","id":"s1"}"#))
        let sent = ContinuousClock.now
        client.send(text: #"{"type":"session.update","session":{"voice":"alloy","rate":1}}"#)
        #expect(await client.next() == .text(#"{"type":"session.updated"}"#))
        #expect(await client.next() == .binary([0, 1, 2]))
        // Recorded 204 ms after the client's message.
        #expect(sent.duration(to: .now) >= .milliseconds(200))
        await client.abort()
        try await app.stop()
    }

    @Test func handshakeToAnUnknownPath_gets404WithTheNearMiss() async throws {
        let app = try Self.start()
        let response = try await offThread { () throws -> (status: Int, head: String, body: String)? in
            let connection = try RawConnection(port: app.port)
            connection.send(
                "GET /v1/realtim?model=x HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            return connection.readResponse()
        }
        #expect(response?.status == 404)
        #expect(response?.body.contains("/v1/realtime") == true)
        try await app.stop()
    }

    /// A plain GET (a browser, curl) to a recorded conversation: 400 saying why, and its journal entry is over.
    @Test func plainRequestToAConversation_gets400_andItsEntryEndsRefused() async throws {
        let app = try Self.start()
        let response = try await offThread { () throws -> (status: Int, head: String, body: String)? in
            let connection = try RawConnection(port: app.port)
            connection.send("GET \(Self.path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return connection.readResponse()
        }
        #expect(response?.status == 400)
        #expect(response?.body.contains("not a WebSocket handshake") == true)
        let entry = try await Self.handshakeEntry(app, ending: true)
        guard case .refused(400, _)? = entry.webSocket?.end else {
            Issue.record("ended \(String(describing: entry.webSocket?.end))")
            return try await app.stop()
        }
        try await app.stop()
    }

    /// The journal entry of the last handshake; with `ending`, once its conversation has ended.
    private static func handshakeEntry(_ app: RunningApp<ReplayService>, ending: Bool) async throws -> JournalEntry {
        try await waitUntil { app.journal.entries().last { $0.webSocket != nil }?.webSocket?.end != nil || !ending }
        return try #require(app.journal.entries().last { $0.webSocket != nil })
    }
}
