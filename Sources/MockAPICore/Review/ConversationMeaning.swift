/// Whether two recordings of a WebSocket conversation say the same: the same messages in the same order (each from the
/// same side, of the same frame kind, with the same bytes or, for JSON, the same value), ended the same way (who
/// closed, the code and reason). Times are not compared: a re-recording's gaps always differ.
enum ConversationMeaning {
    static func same(_ old: WebSocketConversation?, _ new: WebSocketConversation?) -> Bool {
        guard let old, let new else { return old == nil && new == nil }
        guard old.subprotocol == new.subprotocol, old.messages.count == new.messages.count else { return false }
        guard old.close?.from == new.close?.from, old.close?.code == new.close?.code,
            old.close?.reason == new.close?.reason
        else { return false }
        return zip(old.messages, new.messages).allSatisfy { was, now in
            was.from == now.from && was.isBinary == now.isBinary && AnswerMeaning.sameBody(was.body, now.body)
        }
    }

    /// `4 messages (3 from the server), closed by the server 1000 "done"`, for a review's line.
    static func describe(_ conversation: WebSocketConversation?) -> String {
        guard let conversation else { return "no conversation" }
        let count = conversation.messages.count
        var text = "\(count) message\(count == 1 ? "" : "s") (\(conversation.count(from: .server)) from the server)"
        if let close = conversation.close {
            text += ", closed by the \(close.from.rawValue)"
            text += close.code.map { " \($0)" + (close.reason.isEmpty ? "" : " \"\(close.reason)\"") } ?? " without a close frame"
        } else {
            text += ", left open"
        }
        return text
    }
}
