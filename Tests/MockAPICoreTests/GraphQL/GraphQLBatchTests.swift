import MockAPICore
import MockAPIJSON
import Testing

/// A batch of GraphQL requests (a JSON array of them: Apollo's batching, `execute_batch`) is matched element by
/// element by meaning, as one request is; a near miss names the element (`$[1].…`).
struct GraphQLBatchTests {
    private typealias R = GraphQLRequests

    private static let viewer = "query Viewer { viewer { login name } }"
    private static let repos = "query Repos($first: Int!) { viewer { repositories(first: $first) { nodes { name } } } }"

    private static func batch(_ elements: [String]) -> String { "[" + elements.joined(separator: ",") + "]" }

    private let replayer = Replayer.make([.make("api", [
        Interaction.make(
            "POST", "/graphql", body: .json(try! JSONValue.parse(#"[{"data":1},{"data":2}]"#)),
            requestBody: .json(try! JSONValue.parse(batch([R.body(viewer), R.body(repos, variables: #"{"first":10}"#)])))),
    ])])

    /// Each document laid out anew (other whitespace, fields in another order, a comment): the same batch.
    @Test func batch_laidOutDifferently_matches() async {
        let sent = Self.batch([
            R.body("# asked again\nquery Viewer {\n  viewer { name, login }\n}"),
            R.body("query Repos($first: Int!) {\n viewer {\n  repositories(first: $first) { nodes { name } }\n }\n}",
                   variables: #"{"first": 10}"#),
        ])
        let response = await replayer.respond(to: .post("/graphql", json: sent))
        #expect(response.status == 200)
        #expect(response.text == #"[{"data":1},{"data":2}]"#)
    }

    /// A changed variable in the second element: a miss whose near miss names that element and the variable.
    @Test func batch_withAChangedVariable_isANearMissNamingTheElement() async {
        let sent = Self.batch([R.body(Self.viewer), R.body(Self.repos, variables: #"{"first":20}"#)])
        let response = await replayer.respond(to: .post("/graphql", json: sent))
        #expect(response.status == 404)
        let differences = (response.json?["nearest"]?.arrayValue?.first?["differences"]?.arrayValue ?? []).compactMap(\.stringValue)
        #expect(differences == ["$[1].variables $.first: 20 (recorded 10)"])
    }

    /// An element more than recorded is named by its index and operation.
    @Test func batch_withAnElementMore_namesIt() async {
        let sent = Self.batch([R.body(Self.viewer), R.body(Self.repos, variables: #"{"first":10}"#), R.body(Self.viewer)])
        let response = await replayer.respond(to: .post("/graphql", json: sent))
        let differences = (response.json?["nearest"]?.arrayValue?.first?["differences"]?.arrayValue ?? []).compactMap(\.stringValue)
        #expect(differences == ["$[2]: query Viewer (not recorded)"])
    }
}
