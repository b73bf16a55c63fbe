import MockAPICore
import MockAPIServer
import NIOHTTP1
import NIOSSL
import Synchronization
import TestSupport
import Testing

/// The recorder's WebSocket client on its own, against a stand-in NIO WebSocket server on loopback: the handshake
/// forwarded, messages both ways (fragments joined), the close passed on, refusals answered, the size limit, `wss`.
@Suite struct WebSocketUpstreamTests {
    private static func client(trusting material: TLSMaterial? = nil, maximumMessageBytes: Int = 1 << 20) throws
        -> WebSocketUpstreamClient
    {
        let trusted = try material.map { try NIOSSLCertificate.fromPEMBytes(Array($0.certificatePEM.utf8)) } ?? []
        return WebSocketUpstreamClient(
            options: .init(timeout: Double(HangGuard.seconds), trustedCertificates: trusted), maximumMessageBytes: maximumMessageBytes)
    }

    /// The events of a conversation up to and including its end.
    private static func drain(_ peer: any UpstreamWebSocket) async -> [UpstreamWebSocketEvent] {
        var events: [UpstreamWebSocketEvent] = []
        for await event in peer.events { events.append(event) }
        return events
    }

    private static func messages(_ events: [UpstreamWebSocketEvent]) -> [String] {
        events.compactMap { event in
            guard case .message(let message, _) = event else { return nil }
            return message.isBinary ? "binary \(message.bytes)" : String(decoding: message.bytes, as: UTF8.self)
        }
    }

    private static func ending(_ events: [UpstreamWebSocketEvent]) -> UpstreamWebSocketEnding? {
        guard case .closed(let ending) = events.last else { return nil }
        return ending
    }

    @Test func handshake_forwardsPathQueryHeadersAndProtocol_andRelaysBothWays() async throws {
        let server = try await StandInWebSocketServer(subprotocol: "graphql-transport-ws") { incoming in
            switch incoming {
            case .open: [.text(#"{"type":"hello"}"#)]
            case .text("bye"): [.close(code: 1000, reason: "done")]
            case .text(let text): [.fragments(["{\"echo\":", "\(text.utf8.count)", "}"])]
            case .binary(let bytes): [.binary(bytes.reversed())]
            case .close: []
            }
        }
        defer { Task { await server.stop() } }
        let url = WebSocketHandshakeHeaders.webSocketURL(server.url) + "/v1/realtime?model=x"
        let handshake = try await Self.client().open(UpstreamRequest(
            method: "GET", url: url,
            headers: [("Authorization", "Bearer abc"), ("Sec-WebSocket-Protocol", "graphql-transport-ws, other")]))
        guard case .upgraded(let head, let peer, _) = handshake else {
            Issue.record("not upgraded: \(handshake)")
            return
        }
        #expect(head.status == 101)
        #expect(WebSocketHandshakeHeaders.subprotocol(in: head.headers) == "graphql-transport-ws")
        #expect(head.headers["x-stand-in"] == "ws")
        let sent = try #require(server.log.handshakes.withLock { $0.first })
        #expect(sent.uri == "/v1/realtime?model=x")
        #expect(sent.headers["Authorization"] == ["Bearer abc"])
        #expect(sent.headers["Sec-WebSocket-Protocol"] == ["graphql-transport-ws, other"])
        #expect(sent.headers["Host"] == [String(server.url.dropFirst("http://".count))])

        peer.send(.text(Array("four".utf8)))
        peer.send(.binary([1, 2, 3]))
        peer.send(.text(Array("bye".utf8)))
        let events = await Self.drain(peer)
        #expect(Self.messages(events) == [#"{"type":"hello"}"#, #"{"echo":4}"#, "binary [3, 2, 1]"])
        let end = try #require(Self.ending(events))
        #expect(end.code == 1000)
        #expect(end.reason == "done")
        #expect(!end.byRecorder)
    }

    @Test func close_fromTheRecorderSide_reachesTheUpstream_withItsCodeAndReason() async throws {
        let server = try await StandInWebSocketServer { _ in [] }
        defer { Task { await server.stop() } }
        let handshake = try await Self.client().open(
            UpstreamRequest(method: "GET", url: WebSocketHandshakeHeaders.webSocketURL(server.url) + "/"))
        guard case .upgraded(_, let peer, _) = handshake else {
            Issue.record("not upgraded: \(handshake)")
            return
        }
        peer.close(code: 4001, reason: "client left")
        let events = await Self.drain(peer)
        #expect(Self.ending(events)?.code == 4001)
        await server.connectionClosed()
        #expect(server.log.received.withLock { $0 } == [.close(code: 4001, reason: "client left")])
    }

    @Test func refusedUpgrade_isAnOrdinaryAnswer_withItsBody() async throws {
        let server = try await StandInWebSocketServer(refusing: .init(status: .forbidden, body: #"{"error":"no"}"#)) { _ in [] }
        defer { Task { await server.stop() } }
        let handshake = try await Self.client().open(
            UpstreamRequest(method: "GET", url: WebSocketHandshakeHeaders.webSocketURL(server.url) + "/socket"))
        guard case .refused(let answer) = handshake else {
            Issue.record("not refused: \(handshake)")
            return
        }
        #expect(answer.status == 403)
        #expect(answer.body == Array(#"{"error":"no"}"#.utf8))
        #expect(answer.headers["content-type"] == "application/json")
    }

    @Test func messageOverTheLimit_closesWith1009_namingTheLimit() async throws {
        let server = try await StandInWebSocketServer { incoming in
            incoming == .open ? [.text("small"), .fragments([String(repeating: "a", count: 600), String(repeating: "b", count: 600)])] : []
        }
        defer { Task { await server.stop() } }
        let handshake = try await Self.client(maximumMessageBytes: 1000).open(
            UpstreamRequest(method: "GET", url: WebSocketHandshakeHeaders.webSocketURL(server.url) + "/"))
        guard case .upgraded(_, let peer, _) = handshake else {
            Issue.record("not upgraded: \(handshake)")
            return
        }
        let events = await Self.drain(peer)
        #expect(Self.messages(events) == ["small"])
        let end = try #require(Self.ending(events))
        #expect(end.code == 1009)
        #expect(end.byRecorder)
        #expect(end.reason.contains("1000 bytes"))
        await server.connectionClosed()
        #expect(server.log.received.withLock { $0.last } == .close(code: 1009, reason: end.reason))
    }

    @Test func nothingListening_isARefusedConnection() async throws {
        let server = try await StandInWebSocketServer { _ in [] }
        let url = WebSocketHandshakeHeaders.webSocketURL(server.url) + "/"
        await server.stop()
        await #expect(throws: UpstreamError.self) {
            _ = try await Self.client().open(UpstreamRequest(method: "GET", url: url))
        }
        do {
            _ = try await Self.client().open(UpstreamRequest(method: "GET", url: url))
        } catch let error as UpstreamError {
            #expect(error.kind == .refused)
        }
    }

    @Test func wss_trustsTheUpstreamCertificate_likeTheHTTPClient() async throws {
        let material = try TLSMaterial.selfSigned()
        let server = try await StandInWebSocketServer(tls: material) { incoming in
            incoming == .open ? [.text("over tls"), .close(code: 1000, reason: "")] : []
        }
        defer { Task { await server.stop() } }
        let url = WebSocketHandshakeHeaders.webSocketURL(server.url) + "/"
        #expect(url.hasPrefix("wss://"))
        do {
            _ = try await Self.client().open(UpstreamRequest(method: "GET", url: url))
            Issue.record("an untrusted certificate was accepted")
        } catch let error as UpstreamError {
            #expect(error.kind == .tls)
        }
        let handshake = try await Self.client(trusting: material).open(UpstreamRequest(method: "GET", url: url))
        guard case .upgraded(_, let peer, _) = handshake else {
            Issue.record("not upgraded: \(handshake)")
            return
        }
        let events = await Self.drain(peer)
        #expect(Self.messages(events) == ["over tls"])
        #expect(Self.ending(events)?.code == 1000)
    }
}
