import MockAPICore
import MockAPIJSON
import Testing

/// Credentials in a WebSocket conversation are scrubbed as in bodies: a token field of a JSON message, a secret echoed
/// in a later message, and the handshake's own headers; what is not secret stays byte for byte, and each message keeps
/// its frame kind.
struct WebSocketRedactionTests {
    static let token = "ghp_CANARYtoken1234567890"

    private func conversation(_ messages: [WebSocketConversation.Message]) -> Interaction {
        Interaction(
            request: RecordedRequest(method: "GET", path: "/realtime", headers: [("Authorization", "Bearer \(Self.token)")]),
            response: RecordedResponse(status: 101, headers: [("Upgrade", "websocket")]),
            webSocket: WebSocketConversation(messages: messages))
    }

    @Test func aTokenInAJSONMessageIsScrubbed_andEchoesOfItToo() throws {
        var interaction = conversation([
            .init(from: .client, atMs: 0, text: Array(#"{"type":"auth","access_token":"abc123secretvalue","n":1}"#.utf8)),
            .init(from: .server, atMs: 1, text: Array("welcome, abc123secretvalue".utf8)),
            .init(from: .server, atMs: 2, binary: [0xFF, 0x00]),
        ])
        let report = Redactor(rules: .standard).redact(&interaction)
        let messages = try #require(interaction.webSocket?.messages)
        #expect(messages[0].bytes == Array(#"{"type":"auth","access_token":"<redacted>","n":1}"#.utf8))
        #expect(messages[1].bytes == Array("welcome, <redacted>".utf8))
        #expect(messages[2] == .init(from: .server, atMs: 2, binary: [0xFF, 0x00]))
        #expect(messages.map(\.isBinary) == [false, false, true])
        #expect(interaction.request.headers["authorization"] == "Bearer <redacted>")
        #expect(report.changes.contains { $0.location.contains("webSocket.messages[0]") })
    }

    @Test func aSecretGivenByValueIsScrubbedFromEveryMessage() throws {
        var rules = RedactionRules.standard
        rules.literals.append(SecretLiteral(name: "API_KEY", value: "sk-live-0123456789abcdef", placeholder: "<API_KEY>"))
        var interaction = conversation([
            .init(from: .client, atMs: 0, text: Array("key sk-live-0123456789abcdef".utf8)),
            .init(from: .server, atMs: 1, binary: Array("bin sk-live-0123456789abcdef".utf8)),
        ])
        Redactor(rules: rules).redact(&interaction)
        let messages = try #require(interaction.webSocket?.messages)
        #expect(messages[0].bytes == Array("key <API_KEY>".utf8))
        #expect(messages[1].bytes == Array("bin <API_KEY>".utf8))
        #expect(messages[1].isBinary)
    }
}
