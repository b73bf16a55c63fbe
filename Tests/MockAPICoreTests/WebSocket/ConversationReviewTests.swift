import MockAPICore
import MockAPIJSON
import Testing

/// Re-recording a WebSocket conversation: the earlier recording is kept when the conversation says the same (times
/// differ on every run), and a conversation that changed is written anew and shows in the review.
struct ConversationReviewTests {
    private static func recorded(_ messages: [(WebSocketConversation.Side, String)], gap: Double,
                                 close: UInt16? = 1000) -> Interaction {
        var atMs = 0.0
        let conversation = WebSocketConversation(
            messages: messages.map { side, text in
                atMs += gap
                return .init(from: side, atMs: atMs, text: Array(text.utf8))
            },
            close: .init(from: .server, atMs: atMs + gap, code: close))
        return Interaction(
            request: RecordedRequest(method: "GET", path: "/events"), response: RecordedResponse(status: 101),
            upstream: "https://api.example.com", webSocket: conversation)
    }

    private static let earlier = recorded([(.client, #"{"op":"sub"}"#), (.server, #"{"n":1,"ok":true}"#)], gap: 10)

    @Test func theSameConversationWithOtherTimes_keepsTheEarlierRecording() {
        let again = Self.recorded([(.client, #"{"op":"sub"}"#), (.server, #"{"ok":true,"n":1}"#)], gap: 37)
        #expect(KeptRecording.choose(existing: Self.earlier, recorded: again, volatile: .builtIn) == Self.earlier)
        #expect(AnswerDiff.changes(Self.earlier, again, volatile: .builtIn).isEmpty)
    }

    @Test func aChangedConversation_isWrittenAnewAndReviewed() {
        let changed = [
            Self.recorded([(.client, #"{"op":"sub"}"#), (.server, #"{"n":2,"ok":true}"#)], gap: 10),
            Self.recorded([(.client, #"{"op":"sub"}"#)], gap: 10),
            Self.recorded([(.client, #"{"op":"sub"}"#), (.server, #"{"n":1,"ok":true}"#)], gap: 10, close: 1011),
        ]
        for now in changed {
            #expect(KeptRecording.choose(existing: Self.earlier, recorded: now, volatile: .builtIn) == now)
        }
        let lines = AnswerDiff.changes(Self.earlier, changed[2], volatile: .builtIn).map(\.description)
        #expect(lines == [
            "stream WebSocket 2 messages (1 from the server), closed by the server 1000 → "
                + "WebSocket 2 messages (1 from the server), closed by the server 1011"
        ])
    }
}
