import MockAPIJSON

/// The parts of a GraphQL request carried in a JSON body: `{"query": …, "operationName": …, "variables": …}`.
///
/// A body is GraphQL when it is a JSON object whose `query` member is a string; which path it was sent to does not
/// matter (`/graphql` is only the usual one). Whether the document parses is decided later, by ``GraphQLDocument``.
package struct GraphQLBody: Sendable {
    /// The document's text, as sent.
    package var query: String
    /// `operationName`, when it is a string (null and absent alike are nil).
    package var operationName: String?
    /// `variables`; nil when absent or null (both mean "no variables").
    package var variables: JSONValue?
    /// Any other members (`extensions`, …), in body order: compared as JSON.
    package var otherMembers: [JSONMember]

    /// The GraphQL parts of a parsed body, or nil when it is not a GraphQL request.
    package init?(_ body: JSONValue) {
        guard case .object(let members) = body,
            let query = members.last(where: { $0.name == "query" })?.value.stringValue
        else { return nil }
        self.query = query
        var operationName: String?
        var variables: JSONValue?
        var others: [JSONMember] = []
        for member in members {
            switch member.name {
            case "query": continue
            case "operationName": operationName = member.value.stringValue
            case "variables": variables = member.value.isNull ? nil : member.value
            default: others.append(member)
            }
        }
        self.operationName = operationName
        self.variables = variables
        self.otherMembers = others
    }

    /// The GraphQL parts of a recorded request's body (stored as JSON, or as text that is JSON in a layout no known
    /// writer uses), or nil.
    package init?(recorded request: RecordedRequest) {
        guard let value = GraphQLBody.json(recorded: request) else { return nil }
        self.init(value)
    }

    /// Every GraphQL request a recorded body holds: one, each of a batch (a JSON array of them, as Apollo's batching
    /// and `execute_batch` send), or none.
    package static func all(recorded request: RecordedRequest) -> [GraphQLBody] {
        guard let value = json(recorded: request) else { return [] }
        if let single = GraphQLBody(value) { return [single] }
        return batch(value) ?? []
    }

    /// The GraphQL parts of each element of a JSON array of GraphQL requests; nil unless every element is one.
    package static func batch(_ body: JSONValue) -> [GraphQLBody]? {
        guard case .array(let elements) = body, !elements.isEmpty else { return nil }
        var parts: [GraphQLBody] = []
        for element in elements {
            guard let one = GraphQLBody(element) else { return nil }
            parts.append(one)
        }
        return parts
    }

    /// A recorded body that may be GraphQL, parsed.
    private static func json(recorded request: RecordedRequest) -> JSONValue? {
        switch request.body {
        case .json(let json):
            json.value
        case .text(let text):
            GraphQLBody.mayBeGraphQL(Array(text.utf8)) ? try? JSONValue.parse(Array(text.utf8)) : nil
        case .none, .binary, .chunks:
            nil
        }
    }

    /// Whether a body's bytes may hold a GraphQL request (or a batch of them): they name a `query` member. A byte
    /// search that spares parsing bodies that cannot be GraphQL.
    package static func mayBeGraphQL(_ bytes: [UInt8]) -> Bool {
        let needle = Array("\"query\"".utf8)
        let first = bytes.first(where: { $0 > 0x20 })
        guard bytes.count >= needle.count, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return false }
        var start = 0
        while let first = bytes[start...].firstIndex(of: UInt8(ascii: "\"")), first + needle.count <= bytes.count {
            if bytes[first..<(first + needle.count)].elementsEqual(needle) { return true }
            start = first + 1
        }
        return false
    }
}
