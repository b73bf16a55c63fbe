import MockAPICore
import MockAPIServer
import NIOHTTP1
import Synchronization
import TestSupport
import Testing

/// `mockapi record` in front of a WebSocket API, where the conversation does not go as planned: the upstream refuses
/// the upgrade or cannot be reached, the client sends no key, a message is over the limit, the upstream ends abruptly.
/// Each gets a clear answer, and the cassette holds what happened (or nothing, when nothing was exchanged).
@Suite struct RecordWebSocketLimitsTests {
    @Test func refusedUpgrade_isRecordedAsAnOrdinaryInteraction_andTheClientGetsIt() async throws {
        let upstream = try await StandInWebSocketServer(refusing: .init(status: .forbidden, body: #"{"error":"forbidden"}"#)) { _ in [] }
        let recording = try RecordWebSocketTests.Recording(upstream: upstream.url)
        do {
            let handshake = try await recording.open("/v1/realtime", headers: [("Authorization", "Bearer \(RecordWebSocketTests.apiKey)")])
            guard case .refused(let answer) = handshake else {
                Issue.record("not refused: \(handshake)")
                throw CancellationError()
            }
            #expect(answer.status == 403)
            #expect(answer.body == Array(#"{"error":"forbidden"}"#.utf8))
        } catch is CancellationError {
        } catch {
            Issue.record(error)
        }
        try await recording.app.stop()
        await upstream.stop()
        let interaction = try #require(try Cassette.load(file: recording.file).interactions.only)
        #expect(interaction.request.path == "/v1/realtime")
        #expect(interaction.request.headers["authorization"] == "Bearer <redacted>")
        #expect(interaction.response.status == 403)
        #expect(interaction.response.body.bytes == Array(#"{"error":"forbidden"}"#.utf8))
        #expect(interaction.webSocket == nil)
    }

    @Test func unreachableUpstream_answersTheHandshake502_recordingNothing() async throws {
        let upstream = try await RecordWebSocketTests.realtimeAPI()
        let url = upstream.url
        await upstream.stop()
        let recording = try RecordWebSocketTests.Recording(upstream: url)
        let handshake = try await recording.open("/v1/realtime")
        try await recording.app.stop()
        guard case .refused(let answer) = handshake else {
            Issue.record("not refused: \(handshake)")
            return
        }
        #expect(answer.status == 502)
        #expect(answer.headers["x-mockapi-error"] == "refused")
        #expect(try Cassette.load(file: recording.file).interactions.isEmpty)
    }

    /// `--max-message` bounds both sides: a message over it closes its sender with 1009, the other side gets the same
    /// close, and the recording ends with it, closed by the sender.
    @Test(arguments: [WebSocketConversation.Side.client, .server])
    func messageOverTheLimit_closesBothSidesWith1009_recordedAsItsSendersClose(sender: WebSocketConversation.Side) async throws {
        let big = String(repeating: "x", count: 2000)
        let upstream = try await StandInWebSocketServer { incoming in
            incoming == .text("big, please") ? [.text(big)] : []
        }
        let recording = try RecordWebSocketTests.Recording(upstream: upstream.url, maximumMessageBytes: 1000)
        let clientEnding = await recording.converse("/feed", upstream: upstream) { conversation, _ in
            conversation.send(.text(Array((sender == .client ? big : "big, please").utf8)))
        }
        try await recording.app.stop()
        await upstream.stop()
        #expect(clientEnding?.code == 1009)
        guard case .close(let code, _)? = upstream.log.received.withLock({ $0.last }) else {
            Issue.record("the upstream got no close: \(upstream.log.received.withLock { $0 })")
            return
        }
        #expect(code == 1009)
        let conversation = try #require(try Cassette.load(file: recording.file).interactions.only?.webSocket)
        #expect(conversation.close?.from == sender)
        #expect(conversation.close?.code == 1009)
        #expect(conversation.messages.map(\.from) == (sender == .client ? [] : [.client]))
    }

    /// An upgrade without a key is no WebSocket handshake: 400 saying so, and nothing reaches the upstream or the
    /// cassette.
    @Test func upgradeWithoutAKey_is400_andNothingIsForwarded() async throws {
        let upstream = try await RecordWebSocketTests.realtimeAPI()
        let recording = try RecordWebSocketTests.Recording(upstream: upstream.url)
        let client = TestClient()
        let answer = try await client.send(
            "GET", "http://127.0.0.1:\(recording.app.port)/v1/realtime",
            headers: [("Connection", "Upgrade"), ("Upgrade", "websocket"), ("Sec-WebSocket-Version", "13")])
        await client.shutdown()
        try await recording.app.stop()
        await upstream.stop()
        #expect(answer.status == 400)
        #expect(answer.text.contains("no Sec-WebSocket-Key"))
        #expect(upstream.log.handshakes.withLock { $0 }.isEmpty)
        #expect(try Cassette.load(file: recording.file).interactions.isEmpty)
    }

    /// The upstream's connection ends without a close frame: the client's is dropped too, and the recording ends
    /// without a close code, closed by the server.
    @Test func upstreamAbruptEnd_dropsTheClient_recordedWithoutACode() async throws {
        let upstream = try await StandInWebSocketServer { incoming in
            incoming == .text("last") ? [.text("gone"), .drop] : []
        }
        let recording = try RecordWebSocketTests.Recording(upstream: upstream.url)
        var received: [String] = []
        let clientEnding = await recording.converse("/feed", upstream: upstream, talk: { conversation, _ in
            conversation.send(.text(Array("last".utf8)))
        }, received: { received.append($0) })
        try await recording.app.stop()
        await upstream.stop()
        #expect(received == ["gone"])
        #expect(clientEnding != nil)
        #expect(clientEnding?.code == nil)
        let conversation = try #require(try Cassette.load(file: recording.file).interactions.only?.webSocket)
        #expect(conversation.messages.map(\.from) == [.client, .server])
        #expect(conversation.close?.from == .server)
        #expect(conversation.close != nil)
        #expect(conversation.close?.code == nil)
        let entry = try #require(recording.app.journal.entries().last)
        #expect(entry.webSocket?.end == .upstreamClosed(code: nil, reason: ""))
    }
}
