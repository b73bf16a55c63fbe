import MockAPIJSON

extension WebSocketConversation {
    /// Reads `{"subprotocol": "…", "messages": [{"from": "client", "atMs": 0, "json": …}, …], "close": {…}}`: messages
    /// in the order they were sent (times never going back), each with exactly one of `json` (and its `format`),
    /// `text` or `base64` (a binary frame).
    init(_ field: JSONField) throws(CassetteError) {
        let members = try field.members(allowed: ["subprotocol", "messages", "close"])
        self.subprotocol = try members.optional("subprotocol")?.string()
        var messages: [Message] = []
        for element in try members.optional("messages")?.array() ?? [] {
            let message = try Message(element)
            if let previous = messages.last, message.atMs < previous.atMs {
                throw element.child("atMs", .null).failure(
                    "\(Interaction.format(milliseconds: message.atMs)) is earlier than the message before it "
                        + "(\(Interaction.format(milliseconds: previous.atMs))); messages are kept in the order they were sent")
            }
            messages.append(message)
        }
        self.messages = messages
        self.close = try members.optional("close").map { (field) throws(CassetteError) in try Close(field) }
        if let close, let last = messages.last, close.atMs < last.atMs {
            throw field.child("close", .null).child("atMs", .null).failure("earlier than the last message")
        }
    }

    var jsonValue: JSONValue {
        var members: [JSONMember] = []
        if let subprotocol { members.append(JSONMember("subprotocol", .string(subprotocol))) }
        members.append(JSONMember("messages", .array(messages.map(\.jsonValue))))
        if let close { members.append(JSONMember("close", close.jsonValue)) }
        return .object(members)
    }
}

extension WebSocketConversation.Message {
    init(_ field: JSONField) throws(CassetteError) {
        let members = try field.members(allowed: ["from", "atMs", "json", "format", "text", "base64"])
        let from = try WebSocketConversation.Side(try members.required("from"))
        let atMs = try WebSocketConversation.milliseconds(try members.required("atMs"))
        // The payload members are a body's: {"json": …} (with its format), {"text": "…"} or {"base64": "…"}.
        let payload = JSONValue.object(members.members.filter { $0.name != "from" && $0.name != "atMs" })
        guard case .object(let parts) = payload, !parts.isEmpty else {
            throw field.failure(#"expected the message as "json", "text" (a text frame) or "base64" (a binary frame)"#)
        }
        // Errors in the payload name the message's own path (`…messages[2].json`).
        let body = try Body(JSONField(value: payload, file: field.file, path: field.path))
        // An empty text frame is written `"text": ""`; kept as no body, as recording keeps it.
        self.init(from: from, atMs: atMs, body: body == .text("") ? .none : body)
    }

    var jsonValue: JSONValue {
        var members = [
            JSONMember("from", .string(from.rawValue)), JSONMember("atMs", .number(Interaction.format(milliseconds: atMs))),
        ]
        switch body.jsonValue {
        case .object(let payload): members += payload
        default: members.append(JSONMember("text", .string("")))  // an empty text frame
        }
        return .object(members)
    }
}

extension WebSocketConversation.Close {
    init(_ field: JSONField) throws(CassetteError) {
        let members = try field.members(allowed: ["from", "atMs", "code", "reason"])
        self.from = try WebSocketConversation.Side(try members.required("from"))
        self.atMs = try WebSocketConversation.milliseconds(try members.required("atMs"))
        self.code = try members.optional("code").map { (field) throws(CassetteError) in
            UInt16(try field.integer(in: 1000...4999))
        }
        self.reason = try members.optional("reason")?.string() ?? ""
        if code == nil, !reason.isEmpty {
            throw field.child("reason", .string(reason)).failure("a conversation that ended without a close frame has no reason")
        }
    }

    var jsonValue: JSONValue {
        var members = [
            JSONMember("from", .string(from.rawValue)), JSONMember("atMs", .number(Interaction.format(milliseconds: atMs))),
        ]
        if let code { members.append(JSONMember("code", .integer(Int(code)))) }
        if !reason.isEmpty { members.append(JSONMember("reason", .string(reason))) }
        return .object(members)
    }
}

extension WebSocketConversation.Side {
    init(_ field: JSONField) throws(CassetteError) {
        let text = try field.string()
        guard let side = Self(rawValue: text) else {
            throw field.failure("expected \"client\" or \"server\", found \"\(text)\"")
        }
        self = side
    }
}

extension WebSocketConversation {
    static func milliseconds(_ field: JSONField) throws(CassetteError) -> Double {
        let atMs = try field.number()
        guard atMs >= 0, atMs.isFinite else { throw field.failure("expected milliseconds since the upgrade, 0 or more") }
        return atMs
    }
}
