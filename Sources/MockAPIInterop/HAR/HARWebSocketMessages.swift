import MockAPICore
import MockAPIJSON

/// A WebSocket conversation in HAR: Chrome's and Edge's devtools keep the messages of a `101` entry in its
/// `_webSocketMessages` member, `[{"type": "send"|"receive", "time": 1700000000.123, "opcode": 1|2, "data": "…"}]`, with
/// `time` in seconds and a binary message (opcode 2) as base64. HAR has no field for how the conversation ended.
///
/// Reading, a message's time since the upgrade is its `time` less the first message's (devtools give no time for the
/// upgrade itself); in a file `mockapi export` wrote, `time` is already seconds since the upgrade and `_mockapi.webSocket`
/// holds the subprotocol and the close, so the conversation reads back as it was. Control frames (ping, pong, close:
/// opcodes 8–10) are not messages and are skipped.
enum HARWebSocketMessages {
    /// `wss://host/path` as the `https` URL a cassette keeps (`ws` as `http`); any other text as it is.
    static func httpURL(_ text: String) -> String {
        if text.lowercased().hasPrefix("wss://") { return "https://" + text.dropFirst(6) }
        if text.lowercased().hasPrefix("ws://") { return "http://" + text.dropFirst(5) }
        return text
    }

    /// The conversation of an entry with `_webSocketMessages`; `exact` for a file `mockapi export` wrote, whose times
    /// count from the upgrade.
    static func conversation(_ field: InputField, exact: Bool, extra: InputField?) throws(InteropError) -> WebSocketConversation {
        var messages: [WebSocketConversation.Message] = []
        var anchor: Double?
        for element in try field.array() {
            guard let typeField = element.optional("type") else { throw element.failure(#"a message without "type""#) }
            let from: WebSocketConversation.Side
            switch try typeField.string() {
            case "send": from = .client
            case "receive": from = .server
            case let other: throw typeField.failure("expected \"send\" or \"receive\", found \"\(other)\"")
            }
            let opcode = try element.optional("opcode")?.integer() ?? 1
            guard opcode == 1 || opcode == 2 else { continue }
            guard let timeField = element.optional("time") else { throw element.failure(#"a message without "time""#) }
            let seconds = try timeField.number()
            let start = exact ? 0 : (anchor ?? seconds)
            anchor = start
            let atMs = ((seconds - start) * 1_000_000).rounded() / 1000
            guard atMs.isFinite, atMs >= (messages.last?.atMs ?? 0) else {
                throw timeField.failure("expected a time not earlier than the message before")
            }
            let data = try element.optional("data")?.string() ?? ""
            if opcode == 2 {
                guard let bytes = Base64.decode(data) else {
                    throw element.child("data", .string(data)).failure("not valid base64 (opcode 2 is a binary message)")
                }
                messages.append(.init(from: from, atMs: atMs, binary: bytes))
            } else {
                messages.append(.init(from: from, atMs: atMs, text: Array(data.utf8)))
            }
        }
        var conversation = WebSocketConversation(messages: messages)
        if exact, let kept = extra?.optional("webSocket") {
            conversation.subprotocol = try kept.optional("subprotocol")?.string()
            if let close = kept.optional("close") {
                let side = try close.required("from").string()
                conversation.close = WebSocketConversation.Close(
                    from: side == "client" ? .client : .server, atMs: try close.required("atMs").number(),
                    code: try close.optional("code").map { (field) throws(InteropError) in UInt16(clamping: try field.integer()) },
                    reason: try close.optional("reason")?.string() ?? "")
            }
        }
        return conversation
    }

    /// `_webSocketMessages` in devtools' form, `time` in seconds since the upgrade.
    static func jsonValue(_ conversation: WebSocketConversation) -> JSONValue {
        .array(conversation.messages.map { message in
            .object([
                JSONMember("type", .string(message.from == .client ? "send" : "receive")),
                JSONMember("time", .number(HARExporter.number(message.atMs / 1000))),
                JSONMember("opcode", .integer(message.isBinary ? 2 : 1)),
                JSONMember("data", .string(
                    message.isBinary ? Base64.encode(message.bytes) : String(decoding: message.bytes, as: UTF8.self))),
            ])
        })
    }

    /// What HAR has no field for, for `_mockapi.webSocket`: the subprotocol and the close; nil when neither.
    static func extra(_ conversation: WebSocketConversation) -> JSONValue? {
        var members: [JSONMember] = []
        if let subprotocol = conversation.subprotocol { members.append(JSONMember("subprotocol", .string(subprotocol))) }
        if let close = conversation.close {
            var closing = [
                JSONMember("from", .string(close.from.rawValue)),
                JSONMember("atMs", .number(Interaction.format(milliseconds: close.atMs))),
            ]
            if let code = close.code { closing.append(JSONMember("code", .integer(Int(code)))) }
            if !close.reason.isEmpty { closing.append(JSONMember("reason", .string(close.reason))) }
            members.append(JSONMember("close", .object(closing)))
        }
        return members.isEmpty ? nil : .object(members)
    }
}
