import MockAPIGraphQL

/// Recorded GraphQL documents, parsed once at load and kept by their text: a request that sends a recorded document
/// as it was recorded (a client sends its queries as constants) is put in canonical form by one dictionary lookup.
/// Any other document is parsed when it arrives. Only ever read after load, so it is shared without a lock.
package struct GraphQLDocumentCache: Sendable {
    private var parsed: [String: Result<GraphQLDocument, GraphQLDocumentError>] = [:]

    package init() {}

    /// The number of distinct documents known.
    package var count: Int { parsed.count }

    /// Parses a document's text, unless it was parsed already.
    package mutating func learn(_ text: String) {
        guard parsed[text] == nil else { return }
        parsed[text] = Result { () throws(GraphQLDocumentError) in try GraphQLDocument(parsing: text) }
    }

    /// A document in canonical form: looked up when it is known, parsed otherwise.
    package func document(_ text: String) throws(GraphQLDocumentError) -> GraphQLDocument {
        if let known = parsed[text] { return try known.get() }
        return try GraphQLDocument(parsing: text)
    }

    /// Learns every GraphQL document of the cassettes' recorded requests.
    package mutating func learn(from cassettes: [LoadedCassette]) {
        for loaded in cassettes {
            for interaction in loaded.cassette.interactions {
                if let body = GraphQLBody(recorded: interaction.request) { learn(body.query) }
            }
        }
    }
}
