import MockAPICore
import MockAPIJSON
import Testing

/// Replay's walk through a recorded conversation: what is sent before the client speaks, which client messages match
/// (JSON by meaning, under the match rules), the answers with their recorded gaps, the ending, and the miss that
/// closes with 1008.
struct ConversationScriptTests {
    private typealias Message = WebSocketConversation.Message

    private static let conversation = WebSocketConversation(
        messages: [
            Message(from: .server, atMs: 5, text: Array(#"{"type":"session.created","id":"s1"}"#.utf8)),
            Message(from: .client, atMs: 20, text: Array(#"{"type":"input","event_id":"e1","text":"hi","opt":null}"#.utf8)),
            Message(from: .server, atMs: 70, text: Array(#"{"type":"delta","text":"he"}"#.utf8)),
            Message(from: .server, atMs: 270, binary: [1, 2, 3]),
            Message(from: .client, atMs: 300, text: Array("bye".utf8)),
        ],
        close: .init(from: .server, atMs: 350, code: 1000, reason: "done"))

    private func text(_ value: String) -> Message { Message(from: .client, atMs: 0, text: Array(value.utf8)) }

    @Test func walksTheRecordingWithItsGapsAndEnding() {
        var script = ConversationScript(Self.conversation, rules: .exact)
        #expect(script.opening.map(\.afterMs) == [5])
        #expect(script.opening.first?.message.bytes == Array(#"{"type":"session.created","id":"s1"}"#.utf8))
        #expect(script.openingEnding == nil)
        #expect(script.clientMessageCount == 2)
        // Members in another order are the same message.
        let first = script.receive(text(#"{"opt":null,"text":"hi","event_id":"e1","type":"input"}"#))
        guard case .answer(let sends, let ending) = first else {
            Issue.record("expected an answer, got \(first)")
            return
        }
        #expect(sends.map(\.afterMs) == [50, 250])
        #expect(sends.map(\.message.isBinary) == [false, true])
        #expect(ending == nil)
        #expect(script.receive(text("bye")) == .answer([], ending: .sendClose(afterMs: 50, code: 1000, reason: "done")))
    }

    @Test func aChangedMessageIsAMissNamingItsPath() {
        var script = ConversationScript(Self.conversation, rules: .exact)
        let step = script.receive(text(#"{"type":"input","event_id":"e1","text":"hello","opt":null}"#))
        guard case .mismatch(let miss) = step else {
            Issue.record("expected a mismatch, got \(step)")
            return
        }
        #expect(miss.messageIndex == 0)
        #expect(miss.differences == [#"client message 1 field $.text: "hello" (recorded "hi")"#])
        #expect(miss.closeReason == miss.differences[0])
        // The miss does not advance: the recorded message is still the one expected.
        guard case .answer = script.receive(text(#"{"type":"input","event_id":"e1","text":"hi","opt":null}"#)) else {
            Issue.record("the recorded message no longer matched after a miss")
            return
        }
    }

    @Test func theMatchRulesApplyInsideMessages() throws {
        let rules = MatchRules(ignoreJSONFields: [try JSONPathPattern(parsing: "$.event_id")], nullMatchesAbsent: true)
        var script = ConversationScript(Self.conversation, rules: rules)
        guard case .answer = script.receive(text(#"{"type":"input","event_id":"e999","text":"hi"}"#)) else {
            Issue.record("an ignored field or an absent null made the message differ")
            return
        }
    }

    @Test func aMessageBeyondTheRecordingOrOfAnotherKindIsAMiss() {
        var script = ConversationScript(Self.conversation, rules: .exact)
        _ = script.receive(text(#"{"type":"input","event_id":"e1","text":"hi","opt":null}"#))
        #expect(script.receive(Message(from: .client, atMs: 0, binary: Array("bye".utf8)))
            == .mismatch(ConversationMiss(messageIndex: 1, differences: ["client message 2: a binary frame (recorded a text frame)"])))
        _ = script.receive(text("bye"))
        #expect(script.receive(text("more"))
            == .mismatch(ConversationMiss(messageIndex: 2, differences: ["client message 3: not recorded (the recording has 2 client messages)"])))
    }

    @Test func aRedactedValueMatchesAnyValue() {
        let recorded = WebSocketConversation(messages: [
            Message(from: .client, atMs: 0, text: Array(#"{"token":"<redacted>","op":"auth"}"#.utf8)),
            Message(from: .server, atMs: 1, text: Array(#"{"ok":true}"#.utf8)),
        ])
        var script = ConversationScript(recorded, rules: .exact)
        #expect(script.receive(text(#"{"op":"auth","token":"s3cret"}"#)).isAnswer)
    }

    @Test func endingsFollowWhoClosed() {
        func ending(_ close: WebSocketConversation.Close?) -> ConversationScript.Ending? {
            var script = ConversationScript(
                WebSocketConversation(messages: [Message(from: .client, atMs: 10, text: Array("x".utf8))], close: close),
                rules: .exact)
            guard case .answer(_, let ending) = script.receive(text("x")) else { return nil }
            return ending
        }
        #expect(ending(.init(from: .client, atMs: 12, code: 1000)) == .awaitClientClose)
        #expect(ending(.init(from: .server, atMs: 30, code: nil)) == .drop(afterMs: 20))
        #expect(ending(nil) == .stayOpen)
        let silent = ConversationScript(WebSocketConversation(close: .init(from: .server, atMs: 8, code: 1001)), rules: .exact)
        #expect(silent.openingEnding == .sendClose(afterMs: 8, code: 1001, reason: ""))
    }

    @Test func aLongDifferenceIsCutToFitACloseFrame() {
        let miss = ConversationMiss(messageIndex: 0, differences: [String(repeating: "é", count: 100)])
        #expect(miss.closeReason.utf8.count <= 123)
        #expect(miss.closeReason.hasSuffix("…"))
    }
}

extension ConversationScript.Step {
    fileprivate var isAnswer: Bool {
        if case .answer = self { return true }
        return false
    }
}
