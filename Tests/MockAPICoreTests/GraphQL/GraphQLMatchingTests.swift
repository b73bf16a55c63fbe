import Synchronization
import Foundation
import MockAPICore
import MockAPIJSON
import Testing

/// GraphQL requests are matched by meaning: operation, canonical document, variables as JSON.
struct GraphQLMatchingTests {
    private typealias R = GraphQLRequests

    private func replayer(_ interactions: [Interaction], name: String = "github/graphql") -> Replayer {
        Replayer.make([.make(name, interactions)])
    }

    private func differences(_ response: HTTPResponse) -> [String] {
        (response.json?["nearest"]?.arrayValue?.first?["differences"]?.arrayValue ?? []).compactMap(\.stringValue)
    }

    /// Whitespace, commas, comments, field and argument order, object-value key order, variable key order and a named
    /// fragment written inline instead: the same question, so the same recording answers.
    @Test func GraphQL_sameOperationLaidOutDifferently_matchesOneRecording() async {
        let replayer = replayer([R.recorded(R.repoQuery, variables: R.repoVariables, answer: #"{"data":{"n":1}}"#)])
        let reformatted = """
            # the same query, written by another client
            query Repo($name: String!, $owner: String!, $after: String) {
              repository(name: $name, owner: $owner) {
                issues(orderBy: {direction: DESC, field: CREATED_AT}, states: [OPEN, CLOSED], after: $after, first: 20) {
                  pageInfo { endCursor, hasNextPage }
                  nodes { title, number }   # commas are whitespace
                }
                ... on Repository { stars: stargazerCount owner { login } id }
              }
            }
            """
        let response = await replayer.respond(
            to: R.sent(reformatted, variables: #"{"after": null, "name": "hello", "owner": "octocat"}"#))
        #expect(response.status == 200)
        #expect(response.text == #"{"data":{"n":1}}"#)
    }

    @Test func GraphQL_otherVariables_doNotMatch_andTheNearMissNamesTheVariablePath() async {
        let replayer = replayer([R.recorded(R.repoQuery, variables: R.repoVariables)])
        let response = await replayer.respond(
            to: R.sent(R.repoQuery, variables: #"{"owner":"octocat","name":"hello","after":"Y3Vyc29yOjE="}"#))
        #expect(response.status == 404)
        #expect(differences(response) == [#"variables $.after: "Y3Vyc29yOjE=" (recorded null)"#])
    }

    @Test func GraphQL_anotherOperationName_doesNotMatch_andTheNearMissNamesTheOperation() async {
        let replayer = replayer([R.recorded(R.repoQuery, variables: R.repoVariables)])
        let renamed = R.repoQuery.replacingOccurrences(of: "query Repo(", with: "query RepoStars(")
        let response = await replayer.respond(to: R.sent(renamed, variables: R.repoVariables))
        #expect(response.status == 404)
        #expect(differences(response) == ["operation: query RepoStars (recorded query Repo)"])
    }

    /// A changed argument, a field asked for that was not recorded and one recorded that is not asked for, each named
    /// by its field path.
    @Test func GraphQL_aDifferentSelection_doesNotMatch_andTheNearMissNamesFieldPaths() async {
        let replayer = replayer([R.recorded(R.repoQuery, variables: R.repoVariables)])
        let changed = R.repoQuery
            .replacingOccurrences(of: "first: 20", with: "first: 10")
            .replacingOccurrences(of: "nodes { number title }", with: "nodes { number title url }")
            .replacingOccurrences(of: "owner { login }", with: "owner { id }")
        let response = await replayer.respond(to: R.sent(changed, variables: R.repoVariables))
        #expect(response.status == 404)
        #expect(differences(response) == [
            "query: repository[on Repository].owner.id not recorded",
            "query: repository[on Repository].owner.login absent (recorded)",
            "query: repository.issues(first:) 10 (recorded 20)",
            "query: repository.issues.nodes.url not recorded",
        ])
    }

    /// Aliases shape the answer: `stars: stargazerCount` and `stargazerCount` are different questions.
    @Test func GraphQL_aliasesAreKept() async {
        let replayer = replayer([R.recorded("{ viewer { stars: starredRepositories { totalCount } } }")])
        #expect(await replayer.respond(to: R.sent("{viewer{stars:starredRepositories{totalCount}}}")).status == 200)
        let response = await replayer.respond(to: R.sent("{ viewer { starredRepositories { totalCount } } }"))
        #expect(response.status == 404)
        #expect(differences(response) == [
            "query: viewer.starredRepositories not recorded", "query: viewer.stars:starredRepositories absent (recorded)",
        ])
    }

    /// A mutation and a query of the same name and selection are different operations.
    @Test func GraphQL_operationTypeTakesPart() async {
        let replayer = replayer([R.recorded("mutation Star($id: ID!) { addStar(input: {starrableId: $id}) { clientMutationId } }",
                                            variables: #"{"id":"R_1"}"#)])
        #expect(await replayer.respond(to: R.sent(
            "mutation Star($id:ID!){addStar(input:{starrableId:$id}){clientMutationId}}", variables: #"{"id":"R_1"}"#)).status == 200)
        let response = await replayer.respond(to: R.sent(
            "query Star($id: ID!) { addStar(input: {starrableId: $id}) { clientMutationId } }", variables: #"{"id":"R_1"}"#))
        #expect(differences(response) == ["operation: query Star (recorded mutation Star)"])
    }

    /// `operationName` picks the operation of a document that holds several, and names the operation matched.
    @Test func GraphQL_operationNameChoosesAmongSeveralOperations() async {
        let document = "query A { viewer { login } } query B { viewer { name } }"
        let replayer = replayer([
            R.recorded(document, operationName: "A", answer: #"{"data":"a"}"#),
            R.recorded(document, operationName: "B", answer: #"{"data":"b"}"#),
        ])
        #expect(await replayer.respond(to: R.sent("query B { viewer { name } }", operationName: "B")).text == #"{"data":"b"}"#)
        #expect(await replayer.respond(to: R.sent("query A{viewer{login}}", operationName: "A")).text == #"{"data":"a"}"#)
    }

    /// Identical operations are answered in recorded order, as other requests are (pages of one cursor).
    @Test func GraphQL_identicalOperations_areAnsweredInRecordedOrder() async {
        let query = "query { viewer { login } }"
        let replayer = replayer([R.recorded(query, answer: #"{"data":1}"#), R.recorded(query, answer: #"{"data":2}"#)])
        let first = await replayer.respond(to: R.sent("{viewer{login}}"))
        let second = await replayer.respond(to: R.sent("query {\n  viewer {\n    login\n  }\n}"))
        #expect([first.text, second.text] == [#"{"data":1}"#, #"{"data":2}"#])
    }

    /// A scrubbed variable matches any value, like a scrubbed JSON field.
    @Test func GraphQL_aRedactedVariable_matchesAnyValue() async {
        let replayer = replayer([R.recorded(
            "query($token: String!) { check(token: $token) }", variables: #"{"token":"<redacted>","n":1}"#)])
        #expect(await replayer.respond(to: R.sent(
            "query ($token: String!) {check(token: $token)}", variables: #"{"n":1,"token":"s3cr3t"}"#)).status == 200)
        #expect(await replayer.respond(to: R.sent(
            "query ($token: String!) {check(token: $token)}", variables: #"{"n":2,"token":"s3cr3t"}"#)).status == 404)
    }

    /// A recording whose query does not parse loads with a warning naming its file and interaction, and is matched as
    /// JSON: the same bytes still find it.
    @Test func GraphQL_aRecordedQueryThatDoesNotParse_isMatchedAsJSON_withAWarning() async {
        let broken = "query { viewer { login }"
        let cassette = LoadedCassette.make("github/broken", [.get("/zen"), R.recorded(broken)])
        #expect(GraphQLRecordingCheck.warnings(for: [cassette]).count == 1)
        let warning = GraphQLRecordingCheck.warnings(for: [cassette]).first ?? ""
        #expect(warning.hasPrefix("github/broken.json: interactions[1]: GraphQL query does not parse: "))
        #expect(warning.hasSuffix("; matched as JSON"))
        let replayer = Replayer.make([cassette])
        #expect(await replayer.respond(to: R.sent(broken)).status == 200)
        #expect(await replayer.respond(to: R.sent("query {viewer {login}")).status == 404)
    }

    /// The miss names the operation where people read it: the log line, the answer's error and the journal.
    @Test func GraphQL_aMissNamesTheOperation() async throws {
        let reports = ReportBox()
        let replayer = Replayer(
            cassettes: [.make([R.recorded(R.repoQuery, variables: R.repoVariables)])], baseURL: "http://127.0.0.1:9",
            onUnmatched: { reports.add($0) })
        let response = await replayer.respond(to: R.sent("query Repo { viewer { login } }"))
        #expect(response.json?["error"] == .string("mockapi: no recorded interaction matches: POST /graphql query Repo"))
        #expect(response.json?["request"]?["operation"] == .string("query Repo"))
        let line = try #require(reports.all.first?.line)
        #expect(line.hasPrefix("unmatched POST /graphql query Repo (no recorded interaction matches); nearest: test[0] POST /graphql: "))
        let decoded = try UnmatchedReport(json: try #require(response.json))
        #expect(decoded.operation == "query Repo")
    }

    /// The journal names the operation of a GraphQL request, matched or not, in its entries and their JSON form (what
    /// `GET /__mockapi/journal` and the page show), and reads it back; other requests have none.
    @Test func GraphQL_theJournalNamesTheOperation_matchedOrNot() async throws {
        let replayer = replayer([.get("/zen"), R.recorded(R.repoQuery, variables: R.repoVariables)])
        #expect(await replayer.respond(to: R.sent(R.repoQuery, variables: R.repoVariables)).status == 200)
        #expect(await replayer.respond(to: R.sent("mutation Star { addStar(input: {}) { clientMutationId } }")).status == 404)
        #expect(await replayer.respond(to: R.sent("{ viewer { login } }")).status == 404)
        #expect(await replayer.respond(to: .get("/zen")).status == 200)
        let entries = replayer.journal.entries()
        #expect(entries.map(\.operation) == ["query Repo", "mutation Star", "query", nil])
        let json = entries.map(\.jsonValue)
        #expect(json.map { $0["operation"] } == [.string("query Repo"), .string("mutation Star"), .string("query"), nil])
        #expect(json[1]["unmatched"]?["request"]?["operation"] == .string("mutation Star"))
        #expect(try json.map { try JournalEntry(json: $0).operation } == ["query Repo", "mutation Star", "query", nil])
    }

    /// Documents no recording holds are kept once parsed, a bounded number at a time: once the store is full it starts
    /// over, so a document that arrives after many others is kept too, and a recorded one is never stored twice.
    @Test func GraphQL_arrivedDocuments_areKeptBounded_andTheLatestAreKept() throws {
        var documents = GraphQLDocumentCache()
        documents.learn("query Recorded { viewer { login } }")
        _ = try documents.document("query Recorded { viewer { login } }")
        #expect(documents.arrivedCount == 0)
        for number in 0..<GraphQLDocumentCache.arrivedLimit {
            _ = try documents.document("# \(number)\nquery Arrived { viewer { login } }")
        }
        #expect(documents.arrivedCount == GraphQLDocumentCache.arrivedLimit)
        let late = "query Late { viewer { name } }"
        _ = try documents.document(late)
        #expect(documents.arrivedCount == 1)
        _ = try documents.document(late)
        #expect(documents.arrivedCount == 1)
    }

    /// A JSON body whose `query` is not a string (a search API's) is plain JSON, compared as before.
    @Test func GraphQL_aQueryMemberThatIsNotAStringIsPlainJSON() {
        let normalizer = RequestNormalizer()
        let key = normalizer.key(for: .post("/search", json: #"{"query":{"match":{"title":"x"}}}"#))
        guard case .json = key.body else {
            Issue.record("expected a JSON key, got \(key.body)")
            return
        }
    }
}

/// Collects unmatched reports from the replayer's callback.
private final class ReportBox: Sendable {
    private let reports = Mutex<[UnmatchedReport]>([])
    func add(_ report: UnmatchedReport) { reports.withLock { $0.append(report) } }
    var all: [UnmatchedReport] { reports.withLock { $0 } }
}

/// GraphQL over GET: the document and its variables in the query string.
struct GraphQLOverGETTests {
    @Test func GraphQL_aGETWithAQueryParameter_isMatchedByMeaning() async {
        let recorded = "/graphql?query=%7B%20viewer%20%7B%20login%20name%20%7D%20%7D&variables=%7B%22a%22%3A1%2C%22b%22%3A2%7D"
        let replayer = Replayer.make([.make([.get(recorded, status: 200), .get("/search?query=cats", status: 201)])])
        // Another layout and field order, variables in another key order.
        #expect(await replayer.respond(
            to: .get("/graphql?variables=%7B%22b%22%3A2%2C%22a%22%3A1%7D&query=%7Bviewer%7Bname%2Clogin%7D%7D")).status == 200)
        #expect(await replayer.respond(
            to: .get("/graphql?variables=%7B%22b%22%3A3%2C%22a%22%3A1%7D&query=%7Bviewer%7Bname%2Clogin%7D%7D")).status == 404)
        // A `query` parameter that is no GraphQL document is an ordinary parameter.
        #expect(await replayer.respond(to: .get("/search?query=cats")).status == 201)
    }
}
