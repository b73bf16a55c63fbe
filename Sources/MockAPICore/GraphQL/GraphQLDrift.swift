import MockAPIGraphQL
import MockAPIJSON

/// What `mockapi drift` knows of GraphQL: a query operation changes nothing, so it is re-asked like a GET although it
/// is a POST; and an answer that now carries `errors` where the recording had none is breaking, whatever `data`
/// looks like (GraphQL answers errors with status 200, so the status cannot tell).
enum GraphQLDrift {
    /// Whether a recorded request is a GraphQL `query` (not a mutation or subscription) whose document parses.
    static func isQuery(_ request: RecordedRequest) -> Bool {
        guard let body = GraphQLBody(recorded: request),
            let operation = try? GraphQLDocument(parsing: body.query).operation(named: body.operationName)
        else { return false }
        return operation.type == "query"
    }

    /// The `errors` finding for a recorded and a live GraphQL answer, and whether shape findings under `$.errors`
    /// are then said already.
    static func errorsFinding(recorded: JSONValue, live: JSONValue) -> DriftFinding? {
        guard recorded["data"] != nil || live["data"] != nil else { return nil }
        let before = recorded["errors"]?.arrayValue?.count ?? 0
        guard before == 0, let errors = live["errors"]?.arrayValue, !errors.isEmpty else { return nil }
        let first = errors[0]["message"]?.stringValue.map { ": \(RequestComparison.clip(.string($0)))" } ?? ""
        return DriftFinding(
            kind: .added, path: "$.errors", recorded: "no errors",
            live: "\(errors.count) error\(errors.count == 1 ? "" : "s")\(first)", breaking: true)
    }
}
