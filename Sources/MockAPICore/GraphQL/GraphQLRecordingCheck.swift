import MockAPIGraphQL

/// Finds the recorded GraphQL requests that replay matches as plain JSON because their document cannot be put in
/// canonical form (it does not parse, or `operationName` names no operation of it), so that loading can say so.
package enum GraphQLRecordingCheck {
    /// One line per such request, naming its file and interaction:
    /// `Fixtures/gh.json: interactions[3]: GraphQL query does not parse: …; matched as JSON`.
    package static func warnings(for cassettes: [LoadedCassette]) -> [String] {
        var documents = GraphQLDocumentCache()
        var warnings: [String] = []
        for loaded in cassettes {
            // By index, and only requests with a body (see GraphQLDocumentCache.learn(from:)).
            let interactions = loaded.cassette.interactions
            for index in interactions.indices where !interactions[index].request.body.isEmpty {
                guard let body = GraphQLBody(recorded: interactions[index].request) else { continue }
                documents.learn(body.query)
                do {
                    _ = try documents.document(body.query).operation(named: body.operationName)
                } catch {
                    warnings.append("\(loaded.file): interactions[\(index)]: GraphQL query \(error); matched as JSON")
                }
            }
        }
        return warnings
    }
}
