import MockAPIGraphQL
import Synchronization

/// Recorded GraphQL documents, parsed once at load and kept by their text: a request that sends a recorded document
/// as it was recorded (a client sends its queries as constants) is put in canonical form by one dictionary lookup,
/// without a lock (only ever read after load). Any other document is parsed when it first arrives and kept, up to
/// ``arrivedLimit`` of them at a time (a full store is emptied and fills again, so the documents clients send now are
/// the ones kept), behind a lock: a client that lays its documents out differently from the recording
/// sends the same text again and again, and parsing one costs about ten JSON-body matches of its size
/// (`scripts/bench graphql`).
package struct GraphQLDocumentCache: Sendable {
    private var parsed: [String: Result<GraphQLDocument, GraphQLDocumentError>] = [:]
    private let arrived = ArrivedDocuments()
    /// How many documents that were not recorded are kept at a time.
    package static let arrivedLimit = 1024

    package init() {}

    /// The number of distinct documents known.
    package var count: Int { parsed.count }

    /// Whether a learned document holds a schema introspection (``GraphQLOperation/isIntrospection``): replay then
    /// indexes the recorded introspections.
    package private(set) var holdsIntrospection = false

    /// The number of documents kept that no recording holds.
    package var arrivedCount: Int { arrived.documents.withLock { $0.count } }

    /// Parses a document's text, unless it was parsed already.
    package mutating func learn(_ text: String) {
        guard parsed[text] == nil else { return }
        let result = Result { () throws(GraphQLDocumentError) in try GraphQLDocument(parsing: text) }
        parsed[text] = result
        if case .success(let document) = result, document.operations.contains(where: \.isIntrospection) {
            holdsIntrospection = true
        }
    }

    /// A document in canonical form: looked up when it is known, parsed otherwise.
    package func document(_ text: String) throws(GraphQLDocumentError) -> GraphQLDocument {
        if let known = parsed[text] { return try known.get() }
        if let seen = arrived.documents.withLock({ $0[text] }) { return try seen.get() }
        let result = Result { () throws(GraphQLDocumentError) in try GraphQLDocument(parsing: text) }
        arrived.documents.withLock { documents in
            if documents.count >= GraphQLDocumentCache.arrivedLimit { documents.removeAll(keepingCapacity: true) }
            documents[text] = result
        }
        return try result.get()
    }

    /// Learns every GraphQL document of the cassettes' recorded requests.
    package mutating func learn(from cassettes: [LoadedCassette]) {
        for loaded in cassettes {
            // By index, and only requests with a body: copying each interaction to look at it retained and released
            // every one of its fields, on one thread, for every interaction of a large set.
            let interactions = loaded.cassette.interactions
            for index in interactions.indices where !interactions[index].request.body.isEmpty {
                for body in GraphQLBody.all(recorded: interactions[index].request) { learn(body.query) }
            }
        }
    }
}

/// The documents requests brought that no recording holds, by their text.
private final class ArrivedDocuments: Sendable {
    let documents = Mutex<[String: Result<GraphQLDocument, GraphQLDocumentError>]>([:])
}
