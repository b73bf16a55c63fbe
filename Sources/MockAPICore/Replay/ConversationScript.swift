import MockAPIJSON

/// A recorded WebSocket conversation as replay walks it: the server's messages recorded before the client's first,
/// then, for each message the client sends, whether it is the next recorded one, and the server's messages that
/// followed it, each with its recorded gap. Pure: the server sends, paces and closes.
///
/// Client messages are compared as requests are: JSON by meaning (member order free), with ``MatchRules``' ignored
/// JSON fields (paths into the message: `$.event_id`) and null-matches-absent; a recorded redaction placeholder matches
/// any value; ignoring bodies compares only the frame kind; other text and binary payloads by their bytes.
package struct ConversationScript: Sendable {
    /// A server message and when to send it: milliseconds after the client message it answers (after the upgrade for
    /// the opening ones), as recorded.
    package struct Send: Sendable, Equatable {
        package var afterMs: Double
        package var message: WebSocketConversation.Message

        package init(afterMs: Double, message: WebSocketConversation.Message) {
            self.afterMs = afterMs
            self.message = message
        }
    }

    /// What the server does once the recording's last message is behind it.
    package enum Ending: Sendable, Equatable {
        /// The server closed: send this close frame after the recorded gap.
        case sendClose(afterMs: Double, code: UInt16, reason: String)
        /// The client closed: wait for its close frame, and answer it.
        case awaitClientClose
        /// The connection ended without a close frame: drop it after the recorded gap.
        case drop(afterMs: Double)
        /// The recording stopped with the conversation open: keep it open until the client closes.
        case stayOpen
    }

    package enum Step: Sendable, Equatable {
        /// The message matched the next recorded one: send these, then, when the recording has no more client
        /// messages, end as `ending` says (its gap counted from the client's message too).
        case answer([Send], ending: Ending?)
        /// It differs, or comes after the last recorded one: close with `1008` (policy violation) and the miss's reason.
        case mismatch(ConversationMiss)
    }

    /// Server messages before the client's first, with their times since the upgrade.
    package let opening: [Send]
    /// How it ends when the recording has no client message at all (nil otherwise).
    package let openingEnding: Ending?
    private let turns: [Turn]
    private let comparison: MessageComparison
    private var next = 0

    /// - Parameter rules: the rules in force (``MatchRules/inForce(_:cassettes:)``).
    package init(_ conversation: WebSocketConversation, rules: MatchRules) {
        var opening: [Send] = []
        var turns: [Turn] = []
        for message in conversation.messages {
            if message.from == .client {
                turns.append(Turn(client: message, answers: []))
            } else if let last = turns.indices.last {
                turns[last].answers.append(Send(afterMs: message.atMs - turns[last].client.atMs, message: message))
            } else {
                opening.append(Send(afterMs: message.atMs, message: message))
            }
        }
        let ending = ConversationScript.ending(conversation.close, after: turns.last?.client.atMs ?? 0)
        if let last = turns.indices.last { turns[last].ending = ending }
        self.opening = opening
        self.openingEnding = turns.isEmpty ? ending : nil
        self.turns = turns
        self.comparison = MessageComparison(rules: rules)
    }

    /// How many client messages the recording holds.
    package var clientMessageCount: Int { turns.count }

    /// Takes the client's next message.
    package mutating func receive(_ message: WebSocketConversation.Message) -> Step {
        let index = next
        guard index < turns.count else {
            return .mismatch(ConversationMiss(
                messageIndex: index,
                differences: ["client message \(index + 1): not recorded (the recording has \(turns.count) client "
                    + "message\(turns.count == 1 ? "" : "s"))"]))
        }
        let differences = comparison.differences(message, recorded: turns[index].client, label: "client message \(index + 1)")
        guard differences.isEmpty else { return .mismatch(ConversationMiss(messageIndex: index, differences: differences)) }
        next += 1
        return .answer(turns[index].answers, ending: turns[index].ending)
    }

    private static func ending(_ close: WebSocketConversation.Close?, after anchorMs: Double) -> Ending {
        guard let close else { return .stayOpen }
        let afterMs = max(0, close.atMs - anchorMs)
        switch (close.from, close.code) {
        case (.client, _): return .awaitClientClose
        case (.server, let code?): return .sendClose(afterMs: afterMs, code: code, reason: close.reason)
        case (.server, nil): return .drop(afterMs: afterMs)
        }
    }

    private struct Turn: Sendable {
        var client: WebSocketConversation.Message
        var answers: [Send]
        var ending: Ending?
    }
}

/// A client message that replay could not match, for the close frame, the journal and `/__mockapi/unmatched`.
package struct ConversationMiss: Sendable, Equatable {
    /// The message's place among the client's messages, from 0.
    package var messageIndex: Int
    /// One line per difference: `client message 2 field $.type: "pong" (recorded "ping")`.
    package var differences: [String]

    package init(messageIndex: Int, differences: [String]) {
        self.messageIndex = messageIndex
        self.differences = differences
    }

    /// The close frame's reason: the first difference, cut to the 123 bytes a close frame can carry.
    package var closeReason: String {
        let first = differences.first ?? "client message \(messageIndex + 1) differs from the recording"
        guard first.utf8.count > 123 else { return first }
        var cut = ""
        for character in first {
            guard cut.utf8.count + character.utf8.count <= 120 else { break }
            cut.append(character)
        }
        return cut + "…"
    }
}

/// Compares a client's message with a recorded one under the rules in force.
private struct MessageComparison: Sendable {
    let rules: MatchRules
    let normalizer: RequestNormalizer

    init(rules: MatchRules) {
        self.rules = rules
        self.normalizer = RequestNormalizer(rules: rules)
    }

    /// Empty when they match.
    func differences(_ message: WebSocketConversation.Message, recorded: WebSocketConversation.Message, label: String) -> [String] {
        guard message.isBinary == recorded.isBinary else {
            return ["\(label): a \(message.isBinary ? "binary" : "text") frame (recorded a \(recorded.isBinary ? "binary" : "text") frame)"]
        }
        if rules.ignoreBody { return [] }
        let mine = message.bytes
        let theirs = recorded.bytes
        if !message.isBinary, let mineJSON = normalizer.json(mine), let theirJSON = json(of: recorded) {
            var lines = DifferenceList()
            RequestComparison.jsonDifferences(
                normalizer.comparedJSON(mineJSON), normalizer.comparedJSON(theirJSON), at: "$", label: "\(label) field",
                into: &lines)
            return lines.shown
        }
        guard mine != theirs else { return [] }
        if message.isBinary {
            return ["\(label): \(mine.count) bytes of binary (recorded \(theirs.count) bytes, not the same)"]
        }
        let text = String(decoding: mine, as: UTF8.self)
        let recordedText = String(decoding: theirs, as: UTF8.self)
        return ["\(label): " + RequestComparison.valueDifference(text, recordedText)]
    }

    private func json(of message: WebSocketConversation.Message) -> JSONValue? {
        if case .json(let body) = message.body { return body.value }
        return normalizer.json(message.bytes)
    }
}
