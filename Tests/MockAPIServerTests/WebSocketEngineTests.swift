import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging
import MockAPICore
import MockAPIServer
import NIOCore
import NIOWebSocket
import Synchronization
import TestSupport
import Testing

/// The engine's WebSocket piece: libmicrohttpd answers the handshake with 101 and hands the socket to a NIO channel,
/// which turns frames into messages for a ``WebSocketHandler`` and back, and enforces the protocol's rules.
@Suite(.timeLimit(.minutes(1)), .serialized)
struct WebSocketEngineTests {
    /// Echoes every message; `close` closes with 1000 "bye", `drop` drops the connection, `later` answers `late`
    /// 50 ms later. Notes how the conversation ended.
    final class Echo: WebSocketHandler {
        let endings = Mutex<[WebSocketEnding]>([])

        func started(_ peer: any WebSocketPeer) {
            peer.send(.text(Array("hello".utf8)))
        }

        func received(_ message: WebSocketMessage, peer: any WebSocketPeer) {
            switch String(decoding: message.bytes, as: UTF8.self) {
            case "close" where !message.isBinary: peer.close(code: 1000, reason: "bye")
            case "drop" where !message.isBinary: peer.drop()
            case "later" where !message.isBinary:
                peer.schedule(after: .milliseconds(50)) { peer.send(.text(Array("late".utf8))) }
            default: peer.send(message)
            }
        }

        func ended(_ ending: WebSocketEnding) {
            endings.withLock { $0.append(ending) }
        }
    }

    struct EchoResponder: Responder {
        let echo: Echo
        var headerNeeds: HeaderNeeds { .none }

        func reply(to request: HTTPRequest) -> Reply {
            guard request.path == "/ws" else { return .response(.text(status: 404, "no\n")) }
            return .webSocket(WebSocketUpgrade(
                headers: [("X-Recorded", "yes"), ("Connection", "keep-alive"), ("Sec-WebSocket-Extensions", "permessage-deflate")],
                handler: echo))
        }
    }

    private func server(_ echo: Echo, maxMessageBytes: Int = 16 << 20) throws -> MicroHTTPDServer {
        try MicroHTTPDServer(
            configuration: ServerConfiguration(port: 0, maxWebSocketMessageBytes: maxMessageBytes),
            logger: Logger(label: "test"), responder: EchoResponder(echo: echo))
    }

    private func waitForEnding(_ echo: Echo) async throws -> WebSocketEnding? {
        for _ in 0..<200 {
            if let ending = echo.endings.withLock({ $0.first }) { return ending }
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    @Test func messagesEchoed_fragmentsReassembled_pingAnswered_serverCloses() async throws {
        let echo = Echo()
        let server = try server(echo)
        let client = try await WebSocketTestClient.connect(port: server.port, path: "/ws")
        #expect(await client.next() == .text("hello"))
        client.send(text: "{\"a\":1}")
        #expect(await client.next() == .text("{\"a\":1}"))
        client.send(binary: [0, 1, 2, 255])
        #expect(await client.next() == .binary([0, 1, 2, 255]))
        // A text message in three fragments, with a ping between two of them.
        client.send(client.frame(.text, Array("frag".utf8), fin: false))
        client.send(client.frame(.ping, [7]))
        client.send(client.frame(.continuation, Array("men".utf8), fin: false))
        client.send(client.frame(.continuation, Array("ted".utf8)))
        #expect(await client.next() == .pong([7]))
        #expect(await client.next() == .text("fragmented"))
        client.send(text: "later")
        #expect(await client.next() == .text("late"))
        client.send(text: "close")
        #expect(await client.next() == .close(code: 1000, reason: "bye"))
        #expect(await client.next() == .ended)
        #expect(try await waitForEnding(echo) == .serverClosed(code: 1000, reason: "bye"))
        await server.stop()
    }

    @Test func handshakeAnswer_hasTheAcceptValueAndTheGivenHeaders() async throws {
        let server = try server(Echo())
        let head = try await offThread { () throws -> String? in
            let connection = try RawConnection(port: server.port)
            connection.send(
                "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            return connection.readHead()
        }
        let text = try #require(head)
        #expect(text.hasPrefix("HTTP/1.1 101"))
        // RFC 6455's own example key and accept value.
        #expect(text.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
        #expect(text.contains("X-Recorded: yes"))
        #expect(!text.lowercased().contains("keep-alive"))
        // No extension is negotiated: messages go out uncompressed, whatever the upstream chose when recorded.
        #expect(!text.lowercased().contains("sec-websocket-extensions"))
        await server.stop()
    }

    /// The handler is never started, and is told the conversation ended there (so that the journal's entry for it, or
    /// a recording's upstream connection, does not stay open).
    @Test func requestWithoutKey_gets400_andTheHandlerIsToldItEnded() async throws {
        let echo = Echo()
        let server = try server(echo)
        let response = try await offThread { () throws -> (status: Int, head: String, body: String)? in
            let connection = try RawConnection(port: server.port)
            connection.send("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n")
            return connection.readResponse()
        }
        #expect(response?.status == 400)
        #expect(response?.body.contains("Sec-WebSocket-Key") == true)
        let endings = echo.endings.withLock { $0 }
        #expect(endings.count == 1)
        guard case .refused(400, let reason)? = endings.first else {
            Issue.record("endings: \(endings)")
            return await server.stop()
        }
        #expect(reason.contains("Sec-WebSocket-Key"))
        await server.stop()
    }

    @Test func messageOverTheLimit_closes1009_whetherOneFrameOrFragments() async throws {
        let echo = Echo()
        let server = try server(echo, maxMessageBytes: 1000)
        let whole = try await WebSocketTestClient.connect(port: server.port, path: "/ws")
        #expect(await whole.next() == .text("hello"))
        whole.send(binary: [UInt8](repeating: 1, count: 1001))
        #expect(await whole.next() == .close(code: 1009, reason: "message larger than the server's limit of 1000 bytes"))
        let pieces = try await WebSocketTestClient.connect(port: server.port, path: "/ws")
        #expect(await pieces.next() == .text("hello"))
        pieces.send(pieces.frame(.binary, [UInt8](repeating: 1, count: 600), fin: false))
        pieces.send(pieces.frame(.continuation, [UInt8](repeating: 1, count: 600)))
        #expect(await pieces.next() == .close(code: 1009, reason: "message larger than the server's limit of 1000 bytes"))
        await server.stop()
    }

    @Test func badFrames_close1007Or1002() async throws {
        let server = try server(Echo())
        let text = try await WebSocketTestClient.connect(port: server.port, path: "/ws")
        #expect(await text.next() == .text("hello"))
        text.send(text.frame(.text, [0xC3, 0x28]))
        #expect(await text.next() == .close(code: 1007, reason: "text message not valid UTF-8"))
        let unmasked = try await WebSocketTestClient.connect(port: server.port, path: "/ws")
        #expect(await unmasked.next() == .text("hello"))
        unmasked.send(WebSocketFrame(fin: true, opcode: .text, data: unmasked.channel.allocator.buffer(string: "x")))
        #expect(await unmasked.next() == .close(code: 1002, reason: "client frames must be masked"))
        let stray = try await WebSocketTestClient.connect(port: server.port, path: "/ws")
        #expect(await stray.next() == .text("hello"))
        stray.send(stray.frame(.continuation, [1]))
        #expect(await stray.next() == .close(code: 1002, reason: "continuation without a message"))
        await server.stop()
    }

    @Test func clientClose_isAnswered_andClientThatVanishes_leaksNoSocket() async throws {
        let echo = Echo()
        let server = try server(echo)
        // One conversation first, so that NIO's event loops (their descriptors) are running before the count.
        let warm = try await WebSocketTestClient.connect(port: server.port, path: "/ws")
        #expect(await warm.next() == .text("hello"))
        await warm.abort()
        try await waitUntil { echo.endings.withLock { $0.count } == 1 && server.openWebSockets == 0 }
        echo.endings.withLock { $0 = [] }
        let before = openSockets()
        for round in 0..<20 {
            let client = try await WebSocketTestClient.connect(port: server.port, path: "/ws")
            #expect(await client.next() == .text("hello"))
            if round.isMultiple(of: 2) {
                client.close(code: 1000, reason: "done")
                #expect(await client.next() == .close(code: 1000, reason: ""))
            } else {
                await client.abort()
            }
        }
        try await waitUntil { server.openWebSockets == 0 && echo.endings.withLock { $0.count } == 20 }
        let endings = echo.endings.withLock { $0 }
        #expect(endings.filter { $0 == .clientWentAway }.count == 10)
        #expect(endings.filter { $0 == .clientClosed(code: 1000, reason: "done") }.count == 10)
        // The server still serves.
        let again = try await WebSocketTestClient.connect(port: server.port, path: "/ws")
        #expect(await again.next() == .text("hello"))
        await again.abort()
        try await waitUntil { server.openWebSockets == 0 }
        try await waitUntil { openSockets() <= before }
        await server.stop()
    }

    @Test func stop_endsOpenConversationsWith1001() async throws {
        let echo = Echo()
        let server = try server(echo)
        let clients = try await (0..<5).asyncMap { _ in try await WebSocketTestClient.connect(port: server.port, path: "/ws") }
        for client in clients { #expect(await client.next() == .text("hello")) }
        #expect(server.openWebSockets == 5)
        await server.stop()
        #expect(server.openWebSockets == 0)
        for client in clients {
            #expect(await client.next() == .close(code: 1001, reason: "server stopping"))
            #expect(await client.next() == .ended)
        }
        #expect(echo.endings.withLock { $0 } == Array(repeating: .serverStopped, count: 5))
    }
}

/// The process's open sockets (its descriptors in /proc/self/fd that are sockets). Sockets only: Dispatch opens timer
/// descriptors of its own as it goes.
func openSockets() -> Int {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return names.filter { name in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name))?.hasPrefix("socket:") == true
    }.count
}

/// Waits (polling, for state no event announces) until `condition` holds; fails after 10 seconds.
func waitUntil(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    for _ in 0..<1000 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("condition never held", sourceLocation: sourceLocation)
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
