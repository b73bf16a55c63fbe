import MockAPICore
import MockAPIJSON
import Testing

/// An introspection query that matches no recording exactly is answered by the recorded introspection of its endpoint:
/// a suite recorded with one client version replays with the next, although each writes its own introspection.
struct IntrospectionMatchingTests {
    private typealias R = GraphQLRequests
    private static let schema = #"{"data":{"__schema":{"queryType":{"name":"Query"}}}}"#

    private static let recorded = [
        R.recorded(IntrospectionDocuments.javaScriptShaped, answer: schema),
        R.recorded("query Viewer { viewer { login } }", answer: #"{"data":{"viewer":{"login":"octocat"}}}"#),
    ]

    @Test func introspectionOfAnotherClientVersion_isAnsweredByTheRecordedOne_andTheJournalSaysSo() async {
        let replayer = Replayer.make([.make("api", Self.recorded)])
        let response = await replayer.respond(to: R.sent(IntrospectionDocuments.pythonShaped))
        #expect(response.status == 200)
        #expect(response.text == Self.schema)
        let entry = replayer.journal.entries().last
        #expect(entry?.matchedAs == .introspection)
        #expect(entry?.operation == "query IntrospectionQuery")
        // A recording that matches exactly is an ordinary match.
        _ = await replayer.respond(to: R.sent(IntrospectionDocuments.javaScriptShaped))
        #expect(replayer.journal.entries().last?.matchedAs == nil)
    }

    /// `"introspection": "exact"` (the cassette's `match`, `--introspection exact`) turns it off: a miss like any other.
    @Test func exactRule_leavesItAMiss() async {
        let byOption = Replayer.make(
            [.make("api", Self.recorded)], options: ReplayOptions(matchRules: MatchRules(introspection: .exact)))
        #expect(await byOption.respond(to: R.sent(IntrospectionDocuments.pythonShaped)).status == 404)
        let cassette = Cassette(matchRules: MatchRules(introspection: .exact), interactions: Self.recorded)
        let byCassette = Replayer.make([LoadedCassette(name: "api", file: "api.json", cassette: cassette)])
        #expect(await byCassette.respond(to: R.sent(IntrospectionDocuments.pythonShaped)).status == 404)
    }

    /// Only the same endpoint's introspection answers, and only an introspection: another path, or a query that asks
    /// for more than the schema, is a miss.
    @Test func anotherEndpoint_orAQueryBesidesTheSchema_isAMiss() async {
        let replayer = Replayer.make([.make("api", Self.recorded)])
        #expect(await replayer.respond(to: R.sent(IntrospectionDocuments.pythonShaped, path: "/v2/graphql")).status == 404)
        #expect(await replayer.respond(to: R.sent("query { __schema { queryType { name } } viewer { login } }")).status == 404)
        #expect(await replayer.respond(to: R.sent("query { __typename }")).status == 404)
    }

    /// Of several recorded introspections of one endpoint, the one whose document is nearest answers.
    @Test func ofSeveralRecorded_theNearestAnswers() async {
        let replayer = Replayer.make([.make("api", [
            R.recorded("query { __schema { queryType { name } } }", answer: #"{"data":"small"}"#),
            R.recorded(IntrospectionDocuments.javaScriptShaped, answer: #"{"data":"full"}"#),
        ])])
        let response = await replayer.respond(to: R.sent(IntrospectionDocuments.pythonShaped))
        #expect(response.text == #"{"data":"full"}"#)
    }

    /// The rule travels with the cassette: `"introspection": "exact"` in its `match` is read, and written back.
    @Test func cassetteMatchMember_isReadAndWritten() throws {
        let text = #"{"mockapi": 1, "match": {"introspection": "exact"}, "interactions": []}"#
        let cassette = try Cassette(bytes: Array(text.utf8), file: "api.json")
        #expect(cassette.matchRules.introspection == .exact)
        #expect(String(decoding: cassette.fileBytes(), as: UTF8.self).contains(#""introspection": "exact""#))
        let wrong = #"{"mockapi": 1, "match": {"introspection": "loose"}, "interactions": []}"#
        #expect(throws: CassetteError.self) { try Cassette(bytes: Array(wrong.utf8), file: "api.json") }
    }
}
