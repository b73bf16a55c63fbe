import MockAPIJSON

/// Why a request got no recorded answer, and the recorded requests nearest to it.
public struct UnmatchedReport: Sendable, Equatable {
    /// The request's method.
    public let method: String
    /// The request's path, as sent.
    public let path: String
    /// The request's raw query, without the `?`; nil when there was none.
    public let query: String?
    /// The GraphQL operation the request asked for (`query Repo`), when it is a GraphQL request.
    public let operation: String?
    /// `no recorded interaction matches`, or why a matching one could not answer.
    public let reason: String
    /// The recorded requests nearest to it, closest first, each with what differs.
    public let nearest: [NearMiss]
    /// The match rules in force (``MatchRules/descriptions``: `ignore json $.n`), so a reader knows what was compared;
    /// empty when everything was.
    public let matchRules: [String]
    /// For a WebSocket conversation's client message that differed from the recording (or came after its last): the
    /// message's index among the client's messages, from 0. The method, path and query are then the handshake's.
    public let webSocketMessage: Int?

    package init(method: String, path: String, query: String?, operation: String? = nil, reason: String, nearest: [NearMiss],
                 matchRules: [String] = [], webSocketMessage: Int? = nil) {
        self.webSocketMessage = webSocketMessage
        self.method = method
        self.path = path
        self.query = query
        self.operation = operation
        self.reason = reason
        self.nearest = nearest
        self.matchRules = matchRules
    }

    /// `; match rules: ignore json $.n, null matches absent`, or nothing when everything was compared.
    var rulesNote: String {
        matchRules.isEmpty ? "" : "; match rules: " + matchRules.joined(separator: ", ")
    }

    /// The path with its query: `/repos/o/r/issues?per_page=4`.
    public var target: String { query.map { "\(path)?\($0)" } ?? path }

    /// The target and, for a GraphQL request, its operation: `/graphql query Repo`.
    var described: String { operation.map { "\(shortTarget) \($0)" } ?? shortTarget }

    /// The target cut to a readable length for messages (the `request` member keeps it whole).
    package var shortTarget: String {
        let full = target
        return full.count > 200 ? String(full.prefix(200)) + "… (\(full.utf8.count) bytes)" : full
    }

    /// The body of the unmatched answer.
    package var jsonValue: JSONValue {
        var request: [JSONMember] = [JSONMember("method", .string(method)), JSONMember("path", .string(path))]
        if let query { request.append(JSONMember("query", .string(query))) }
        if let operation { request.append(JSONMember("operation", .string(operation))) }
        if let webSocketMessage { request.append(JSONMember("webSocketMessage", .integer(webSocketMessage))) }
        var members = [
            JSONMember("error", .string("mockapi: \(reason): \(method) \(described)")),
            JSONMember("request", .object(request)),
            JSONMember("nearest", .array(nearest.map(\.jsonValue))),
        ]
        if !matchRules.isEmpty { members.append(JSONMember("matchRules", .array(matchRules.map { .string($0) }))) }
        return .object(members)
    }

    /// The same, on one line, for the log.
    public var line: String {
        var text = "unmatched \(method) \(described) (\(reason)\(rulesNote))"
        guard let best = nearest.first else { return text + "; nothing recorded is close" }
        text += "; nearest: \(best.cassette)[\(best.index)] \(best.request)"
        if !best.differences.isEmpty { text += ": " + best.differences.joined(separator: "; ") }
        if nearest.count > 1 { text += " (+\(nearest.count - 1) more nearest: GET \(AdminResponder.prefix)/unmatched, or the answer body)" }
        return text
    }
}

extension UnmatchedReport {
    /// The whole report for a person reading a test log: the request and why, then each nearest recorded request with
    /// what differs, one per line (indented by `indent`).
    package func lines(indent: String = "") -> [String] {
        var lines = ["\(indent)\(method) \(described): \(reason)\(rulesNote)"]
        if nearest.isEmpty { lines.append("\(indent)  nothing recorded is close") }
        for miss in nearest {
            let differences = miss.differences.isEmpty ? "" : ": " + miss.differences.joined(separator: "; ")
            lines.append("\(indent)  nearest: \(miss.cassette)[\(miss.index)] \(miss.request)\(differences)")
        }
        return lines
    }
}

extension NearMiss {
    package var jsonValue: JSONValue {
        .object([
            JSONMember("cassette", .string(cassette)),
            JSONMember("index", .integer(index)),
            JSONMember("request", .string(request)),
            JSONMember("differences", .array(differences.map { .string($0) })),
        ])
    }
}
