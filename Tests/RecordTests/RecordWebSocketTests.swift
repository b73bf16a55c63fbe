import Foundation
import Logging
import MockAPICore
import MockAPIJSON
import MockAPIServer
import NIOHTTP1
import NIOSSL
import Synchronization
import TestSupport
import Testing

/// `mockapi record` in front of a WebSocket API (a stand-in NIO server on loopback), with a NIO WebSocket client:
/// the conversation is relayed as it happens and recorded when it ends, scrubbed like any interaction.
@Suite struct RecordWebSocketTests {
    static let logger: Logger = {
        var logger = Logger(label: "record-websocket-tests")
        logger.logLevel = .critical
        return logger
    }()

    /// An API key in the handshake and a token in a message; both reach the upstream, neither the cassette.
    static let apiKey = "sk-live-4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c"
    static let sessionToken = "tok_9c8b7a6f5e4d3c2b1a0f9e8d"

    /// A realtime API: a greeting, two events for each request, the binary frames it gets reversed, and a close
    /// when asked to end.
    static func realtimeAPI() async throws -> StandInWebSocketServer {
        try await StandInWebSocketServer(subprotocol: "realtime-v1") { incoming in
            switch incoming {
            case .open:
                [.text(#"{"type":"session.created","session":{"id":"s1"}}"#)]
            case .text(let text) where text.contains("response.create"):
                [.text(#"{"type":"response.delta","delta":"Hi"}"#), .text(#"{"type":"response.done"}"#)]
            case .text(let text) where text.contains("session.end"):
                [.close(code: 1000, reason: "done")]
            case .binary(let bytes):
                [.binary(bytes.reversed())]
            default:
                []
            }
        }
    }

    struct Recording {
        let folder = TemporaryFolder()
        let file: String
        let app: RunningApp<Recorder>

        init(upstream: String, maximumMessageBytes: Int = 16 << 20, trusting trusted: [NIOSSLCertificate] = []) throws {
            file = folder.file("Fixtures/realtime.json")
            let session = try RecordingSession(
                routes: UpstreamRoutes([UpstreamRoute(mount: "/", upstream: upstream)]), cassette: file, upstreamTrust: trusted)
            app = try MockAPIApp.record(
                session, configuration: ServerConfiguration(host: "127.0.0.1", port: 0, maxWebSocketMessageBytes: maximumMessageBytes),
                logger: RecordWebSocketTests.logger)
        }

        /// Opens a conversation through the recorder, as a client would.
        func open(_ target: String, headers: MockAPICore.HTTPHeaders = []) async throws -> UpstreamHandshake {
            let client = WebSocketUpstreamClient(options: .init(timeout: Double(HangGuard.seconds)), maximumMessageBytes: 1 << 20)
            return try await client.open(UpstreamRequest(method: "GET", url: "ws://127.0.0.1:\(app.port)" + target, headers: headers))
        }

        /// Opens a conversation through the recorder, lets `talk` have it, reads what is left of it (messages to
        /// `received`), and waits until `upstream` has seen its connection close. How it ended for the client; nil
        /// when it was not upgraded or failed (recorded as an issue).
        func converse(
            _ target: String, upstream: StandInWebSocketServer,
            talk: (any UpstreamWebSocket, inout AsyncStream<UpstreamWebSocketEvent>.Iterator) async throws -> Void = { _, _ in },
            received: ((String) -> Void)? = nil
        ) async -> UpstreamWebSocketEnding? {
            do {
                guard case .upgraded(_, let conversation, _) = try await open(target) else {
                    Issue.record("not upgraded")
                    return nil
                }
                var events = conversation.events.makeAsyncIterator()
                try await talk(conversation, &events)
                var ending: UpstreamWebSocketEnding?
                while let event = await events.next() {
                    switch event {
                    case .message(let message, _): received?(String(decoding: message.bytes, as: UTF8.self))
                    case .closed(let end): ending = end
                    }
                }
                await upstream.connectionClosed()
                return ending
            } catch {
                Issue.record(error)
                return nil
            }
        }
    }

    static func next(_ events: inout AsyncStream<UpstreamWebSocketEvent>.Iterator) async -> String? {
        guard case .message(let message, _)? = await events.next() else { return nil }
        return message.isBinary ? "binary \(message.bytes)" : String(decoding: message.bytes, as: UTF8.self)
    }

    @Test func conversation_isRecorded_withHandshakeMessagesAndClose_scrubbed() async throws {
        let upstream = try await Self.realtimeAPI()
        let recording = try Recording(upstream: upstream.url)
        do {
            let handshake = try await recording.open(
                "/v1/realtime?model=x",
                headers: [("Authorization", "Bearer \(Self.apiKey)"), ("Sec-WebSocket-Protocol", "realtime-v1")])
            guard case .upgraded(let head, let conversation, _) = handshake else {
                Issue.record("not upgraded: \(handshake)")
                throw CancellationError()
            }
            #expect(head.status == 101)
            #expect(WebSocketHandshakeHeaders.subprotocol(in: head.headers) == "realtime-v1")
            var events = conversation.events.makeAsyncIterator()
            #expect(await Self.next(&events) == #"{"type":"session.created","session":{"id":"s1"}}"#)
            conversation.send(.text(Array(#"{"type":"response.create","session_token":"\#(Self.sessionToken)"}"#.utf8)))
            #expect(await Self.next(&events) == #"{"type":"response.delta","delta":"Hi"}"#)
            #expect(await Self.next(&events) == #"{"type":"response.done"}"#)
            conversation.send(.binary([0, 1, 2, 255]))
            #expect(await Self.next(&events) == "binary [255, 2, 1, 0]")
            conversation.send(.text(Array(#"{"type":"session.end"}"#.utf8)))
            guard case .closed(let ending)? = await events.next() else {
                Issue.record("no close")
                throw CancellationError()
            }
            #expect(ending.code == 1000)
            #expect(ending.reason == "done")
        } catch is CancellationError {
        } catch {
            Issue.record(error)
        }
        try await recording.app.stop()
        await upstream.stop()

        // The upstream got the handshake and the messages as the client sent them.
        let sent = try #require(upstream.log.handshakes.withLock { $0.first })
        #expect(sent.uri == "/v1/realtime?model=x")
        #expect(sent.headers["Authorization"] == ["Bearer \(Self.apiKey)"])
        #expect(upstream.log.received.withLock { $0 }.contains(.text(#"{"type":"response.create","session_token":"\#(Self.sessionToken)"}"#)))

        let raw = String(decoding: try FileIO.read(recording.file), as: UTF8.self)
        #expect(!raw.contains(Self.apiKey))
        #expect(!raw.contains(Self.sessionToken))
        let interaction = try #require(try Cassette.load(file: recording.file).interactions.only)
        #expect(interaction.request.method == "GET")
        #expect(interaction.request.path == "/v1/realtime")
        #expect(interaction.request.query == "model=x")
        #expect(interaction.request.headers["authorization"] == "Bearer <redacted>")
        #expect(interaction.request.headers["sec-websocket-protocol"] == "realtime-v1")
        #expect(interaction.request.headers["sec-websocket-key"] == nil)
        #expect(interaction.response.status == 101)
        #expect(interaction.response.headers["sec-websocket-protocol"] == "realtime-v1")
        #expect(interaction.response.headers["sec-websocket-accept"] == nil)
        let conversation = try #require(interaction.webSocket)
        #expect(conversation.subprotocol == "realtime-v1")
        let sides = conversation.messages.map(\.from)
        #expect(sides == [.server, .client, .server, .server, .client, .server, .client])
        let texts = conversation.messages.map { $0.isBinary ? "binary \($0.bytes)" : String(decoding: $0.bytes, as: UTF8.self) }
        #expect(texts == [
            #"{"type":"session.created","session":{"id":"s1"}}"#,
            #"{"type":"response.create","session_token":"<redacted>"}"#,
            #"{"type":"response.delta","delta":"Hi"}"#,
            #"{"type":"response.done"}"#,
            "binary [0, 1, 2, 255]",
            "binary [255, 2, 1, 0]",
            #"{"type":"session.end"}"#,
        ])
        let times = conversation.messages.map(\.atMs)
        #expect(times == times.sorted())
        #expect(raw.contains(#""base64": "AAEC/w==""#) || raw.contains(#""base64":"AAEC/w==""#))
        let close = try #require(conversation.close)
        #expect(close.from == .server)
        #expect(close.code == 1000)
        #expect(close.reason == "done")
        #expect(close.atMs >= (times.last ?? 0))
    }

    /// The client closes: its close reaches the upstream; the conversation is recorded closed by the client, and the
    /// journal has it with its message counts.
    @Test func clientClose_isPassedOn_recorded_andJournaledWithCounts() async throws {
        let upstream = try await Self.realtimeAPI()
        let recording = try Recording(upstream: upstream.url)
        _ = await recording.converse("/v1/realtime", upstream: upstream) { conversation, events in
            #expect(await Self.next(&events) != nil)
            conversation.send(.text(Array(#"{"type":"response.create"}"#.utf8)))
            #expect(await Self.next(&events) == #"{"type":"response.delta","delta":"Hi"}"#)
            #expect(await Self.next(&events) == #"{"type":"response.done"}"#)
            conversation.close(code: 4000, reason: "bye")
        }
        try await recording.app.stop()
        await upstream.stop()
        #expect(upstream.log.received.withLock { $0.last } == .close(code: 4000, reason: "bye"))
        let conversation = try #require(try Cassette.load(file: recording.file).interactions.only?.webSocket)
        #expect(conversation.messages.map(\.from) == [.server, .client, .server, .server])
        #expect(conversation.close == WebSocketConversation.Close(
            from: .client, atMs: conversation.close?.atMs ?? -1, code: 4000, reason: "bye"))
        let entry = try #require(recording.app.journal.entries().last)
        #expect(entry.status == 101)
        #expect(entry.webSocket == ConversationSummary(clientMessages: 1, serverMessages: 3, end: .clientClosed(code: 4000, reason: "bye")))
        if case .recorded = entry.outcome {} else { Issue.record("journaled as \(entry.outcome)") }
    }

    /// The recorder stops mid-conversation: both sides get 1001, and what was said is on disk, the conversation noted
    /// as still open (no close).
    @Test func stoppingMidConversation_writesItOpen_andClosesBothSidesWith1001() async throws {
        let upstream = try await Self.realtimeAPI()
        let recording = try Recording(upstream: upstream.url)
        let clientEnding = await recording.converse("/v1/realtime", upstream: upstream) { conversation, events in
            #expect(await Self.next(&events) != nil)
            conversation.send(.binary([7, 8]))
            #expect(await Self.next(&events) == "binary [8, 7]")
            try await recording.app.stop()
        }
        try await recording.app.stop()
        await upstream.stop()
        #expect(clientEnding?.code == 1001)
        #expect(upstream.log.received.withLock { $0.last } == .close(code: 1001, reason: "mockapi is stopping"))
        let conversation = try #require(try Cassette.load(file: recording.file).interactions.only?.webSocket)
        #expect(conversation.messages.map(\.from) == [.server, .client, .server])
        #expect(conversation.close == nil)
    }

    /// `serve --record-missing`: a handshake no recording answers goes to the upstream and its conversation is
    /// recorded as `mockapi record` records it.
    @Test func recordMissing_recordsAConversationNoRecordingAnswers() async throws {
        let upstream = try await Self.realtimeAPI()
        let folder = TemporaryFolder()
        let file = folder.file("Fixtures/new.json")
        let session = try RecordingSession(routes: UpstreamRoutes([UpstreamRoute(mount: "/", upstream: upstream.url)]), cassette: file)
        let app = try MockAPIApp.replay(
            cassettes: [], recordingMissing: session, configuration: ServerConfiguration(host: "127.0.0.1", port: 0),
            logger: Self.logger)
        do {
            let client = WebSocketUpstreamClient(options: .init(timeout: Double(HangGuard.seconds)), maximumMessageBytes: 1 << 20)
            let handshake = try await client.open(UpstreamRequest(method: "GET", url: "ws://127.0.0.1:\(app.port)/v1/realtime"))
            guard case .upgraded(_, let conversation, _) = handshake else {
                Issue.record("not upgraded: \(handshake)")
                throw CancellationError()
            }
            var events = conversation.events.makeAsyncIterator()
            #expect(await Self.next(&events) == #"{"type":"session.created","session":{"id":"s1"}}"#)
            conversation.send(.text(Array(#"{"type":"session.end"}"#.utf8)))
            while await events.next() != nil {}
        } catch is CancellationError {
        } catch {
            Issue.record(error)
        }
        try await app.stop()
        await upstream.stop()
        let conversation = try #require(try Cassette.load(file: file).interactions.only?.webSocket)
        #expect(conversation.messages.map(\.from) == [.server, .client])
        #expect(conversation.close?.code == 1000)
    }

    /// The client's side of a realtime session against `port`: what it received, in order, and how it ended.
    private static func realtimeSession(port: Int, token: String) async throws -> [String] {
        let client = WebSocketUpstreamClient(options: .init(timeout: Double(HangGuard.seconds)), maximumMessageBytes: 1 << 20)
        let handshake = try await client.open(UpstreamRequest(
            method: "GET", url: "ws://127.0.0.1:\(port)/v1/realtime?model=x",
            headers: [("Authorization", "Bearer \(apiKey)"), ("Sec-WebSocket-Protocol", "realtime-v1")]))
        guard case .upgraded(let head, let conversation, _) = handshake else { return ["not upgraded: \(handshake)"] }
        var transcript = ["101 \(WebSocketHandshakeHeaders.subprotocol(in: head.headers) ?? "no subprotocol")"]
        var events = conversation.events.makeAsyncIterator()
        func receive(_ count: Int) async {
            for _ in 0..<count { transcript.append(await next(&events) ?? "nothing") }
        }
        await receive(1)
        conversation.send(.text(Array(#"{"session_token":"\#(token)","type":"response.create"}"#.utf8)))
        await receive(2)
        conversation.send(.binary([0, 1, 2, 255]))
        await receive(1)
        conversation.send(.text(Array(#"{"type":"session.end"}"#.utf8)))
        while let event = await events.next() {
            if case .closed(let ending) = event { transcript.append("close \(ending.code.map(String.init) ?? "none") \(ending.reason)") }
        }
        return transcript
    }

    /// Recorded, then replayed by `mockapi serve`: the client gets the same messages, frame kinds and close (its own
    /// token differs from the scrubbed one, which matches any value).
    @Test func recordedConversation_replaysMessageForMessage() async throws {
        let upstream = try await Self.realtimeAPI()
        let recording = try Recording(upstream: upstream.url)
        let recorded = try await Self.realtimeSession(port: recording.app.port, token: Self.sessionToken)
        try await recording.app.stop()
        await upstream.stop()
        #expect(recorded == [
            "101 realtime-v1",
            #"{"type":"session.created","session":{"id":"s1"}}"#,
            #"{"type":"response.delta","delta":"Hi"}"#,
            #"{"type":"response.done"}"#,
            "binary [255, 2, 1, 0]",
            "close 1000 done",
        ])

        let cassette = LoadedCassette(name: "realtime", file: recording.file, cassette: try Cassette.load(file: recording.file))
        let replay = try MockAPIApp.replay(
            cassettes: [cassette], configuration: ServerConfiguration(host: "127.0.0.1", port: 0), logger: Self.logger)
        let replayed = try await Self.realtimeSession(port: replay.port, token: "tok_another_one_0123456789")
        try await replay.stop()
        #expect(replayed == recorded)
    }

    /// An `https` upstream is spoken to over `wss`, trusting what `--upstream-ca` trusts.
    @Test func httpsUpstream_isRecordedOverWSS() async throws {
        let material = try TLSMaterial.selfSigned()
        let upstream = try await StandInWebSocketServer(tls: material) { incoming in
            switch incoming {
            case .open: [.text("secure hello")]
            case .text("bye"): [.close(code: 1000, reason: "")]
            default: []
            }
        }
        let recording = try Recording(
            upstream: upstream.url, trusting: try NIOSSLCertificate.fromPEMBytes(Array(material.certificatePEM.utf8)))
        _ = await recording.converse("/secure", upstream: upstream) { conversation, events in
            #expect(await Self.next(&events) == "secure hello")
            conversation.send(.text(Array("bye".utf8)))
        }
        try await recording.app.stop()
        await upstream.stop()
        let interaction = try #require(try Cassette.load(file: recording.file).interactions.only)
        #expect(interaction.upstream?.hasPrefix("https://") == true)
        #expect(interaction.webSocket?.messages.map(\.from) == [.server, .client])
        #expect(interaction.webSocket?.close?.code == 1000)
    }
}

extension Array {
    /// The one element, or nil when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
