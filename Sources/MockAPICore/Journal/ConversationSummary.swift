import MockAPIJSON

/// What the journal keeps of a WebSocket conversation on the entry of its handshake: the messages each way so far, and
/// how it ended (nil while it is open).
public struct ConversationSummary: Sendable, Equatable {
    /// How a conversation ended.
    public enum End: Sendable, Equatable {
        /// As recorded: the server's recorded close frame sent, or the client's close answered where the recording
        /// has the client close, or the connection dropped where the recording ends without a close frame.
        case recorded(code: UInt16?, reason: String)
        /// A client message differed from the recording, or came after its last: closed with 1008.
        case mismatch(messageIndex: Int, reason: String)
        /// The client closed before the recording's end (or where the recording does not have it close).
        case clientClosed(code: UInt16?, reason: String)
        /// The connection ended without a close frame from the client.
        case clientWentAway
        /// The client broke the protocol: closed with 1002, 1007 or 1009; or 400, its request was no WebSocket
        /// handshake (no key, another version) and no conversation began.
        case refused(code: UInt16, reason: String)
        /// The server stopped: closed with 1001.
        case serverStopped
        /// While recording: the upstream closed (`code` nil: its connection ended without a close frame), and the
        /// client was told the same.
        case upstreamClosed(code: UInt16?, reason: String)
    }

    /// Messages the client sent.
    public var clientMessages: Int
    /// Messages the server sent.
    public var serverMessages: Int
    public var end: End?

    public init(clientMessages: Int = 0, serverMessages: Int = 0, end: End? = nil) {
        self.clientMessages = clientMessages
        self.serverMessages = serverMessages
        self.end = end
    }

    /// `{"clientMessages": 2, "serverMessages": 3, "end": {"how": "recorded", "code": 1000, "reason": "done"}}`; `how`
    /// is `recorded`, `mismatch` (with `messageIndex`), `clientClosed`, `clientWentAway`, `refused`, `serverStopped` or
    /// (recording) `upstreamClosed`.
    package var jsonValue: JSONValue {
        var members = [
            JSONMember("clientMessages", .integer(clientMessages)), JSONMember("serverMessages", .integer(serverMessages)),
        ]
        if let end { members.append(JSONMember("end", end.jsonValue)) }
        return .object(members)
    }

    /// Reads the `webSocket` member of a journal entry.
    package init(json: JSONValue) throws(JournalDecodingError) {
        func integer(_ value: JSONValue?) -> Int? {
            guard case .number(let text)? = value else { return nil }
            return Int(text)
        }
        guard let client = integer(json["clientMessages"]), let server = integer(json["serverMessages"]) else {
            throw JournalDecodingError(description: "journal entry: webSocket without message counts in \(json)")
        }
        var end: End?
        if let ending = json["end"] {
            let code = integer(ending["code"]).map { UInt16(clamping: $0) }
            let reason = ending["reason"]?.stringValue ?? ""
            switch ending["how"]?.stringValue {
            case "recorded": end = .recorded(code: code, reason: reason)
            case "mismatch": end = .mismatch(messageIndex: integer(ending["messageIndex"]) ?? 0, reason: reason)
            case "clientClosed": end = .clientClosed(code: code, reason: reason)
            case "clientWentAway": end = .clientWentAway
            case "refused": end = .refused(code: code ?? 0, reason: reason)
            case "serverStopped": end = .serverStopped
            case "upstreamClosed": end = .upstreamClosed(code: code, reason: reason)
            case let other:
                throw JournalDecodingError(description: "journal entry: webSocket end \"\(other ?? "")\" unknown")
            }
        }
        self.init(clientMessages: client, serverMessages: server, end: end)
    }
}

extension ConversationSummary.End {
    /// The close code sent or received, if any.
    public var code: UInt16? {
        switch self {
        case .recorded(let code, _), .clientClosed(let code, _), .upstreamClosed(let code, _): code
        case .mismatch: 1008
        case .refused(let code, _): code
        case .serverStopped: 1001
        case .clientWentAway: nil
        }
    }

    /// The close reason, if any.
    public var reason: String {
        switch self {
        case .recorded(_, let reason), .clientClosed(_, let reason), .mismatch(_, let reason), .refused(_, let reason),
            .upstreamClosed(_, let reason):
            reason
        case .serverStopped: "server stopping"
        case .clientWentAway: ""
        }
    }

    var how: String {
        switch self {
        case .recorded: "recorded"
        case .mismatch: "mismatch"
        case .clientClosed: "clientClosed"
        case .clientWentAway: "clientWentAway"
        case .refused: "refused"
        case .serverStopped: "serverStopped"
        case .upstreamClosed: "upstreamClosed"
        }
    }

    var jsonValue: JSONValue {
        var members = [JSONMember("how", .string(how))]
        if case .mismatch(let index, _) = self { members.append(JSONMember("messageIndex", .integer(index))) }
        if let code { members.append(JSONMember("code", .integer(Int(code)))) }
        if !reason.isEmpty { members.append(JSONMember("reason", .string(reason))) }
        return .object(members)
    }
}
