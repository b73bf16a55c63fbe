import MockAPICore
import MockAPIJSON
import Testing

/// `mockapi drift` on GraphQL recordings: queries are re-asked although they are POSTs, mutations are not; `errors`
/// appearing in a 200 answer is breaking; `data` is compared by shape like any JSON body.
struct GraphQLDriftTests {
    private typealias R = GraphQLRequests

    private static func recorded(_ query: String, answer: String) -> Interaction {
        var interaction = R.recorded(query, answer: answer)
        interaction.response.headers = [("content-type", "application/json")]
        return interaction
    }

    @Test func GraphQL_queriesAreReasked_mutationsAreNot_andErrorsAppearingIsBreaking() async {
        let upstream = LiveAPIDouble { request, _ throws(UpstreamError) in
            .json(#"{"data":{"viewer":null},"errors":[{"type":"FORBIDDEN","message":"Resource not accessible by integration"}]}"#)
        }
        let checker = DriftChecker(upstream: upstream, gate: RateGate(clock: SteppingClock(), maximumWait: 600), options: .init())
        let results = await checker.check([.make("github/graphql", [
            Self.recorded("{ viewer { login } }", answer: #"{"data":{"viewer":{"login":"octocat"}}}"#),
            Self.recorded("mutation { addStar(input: {starrableId: \"R_1\"}) { clientMutationId } }", answer: #"{"data":{}}"#),
        ])])
        #expect(results.map(\.outcome) == [.checked, .skipped(.unsafeMethod("POST"))])
        #expect(results[0].findings.map(\.description) == [
            #"$.errors added"#, "$.data.viewer: object → null (nullability)",
        ])
        #expect(results[0].findings.first?.live == #"1 error: "Resource not accessible by integration""#)
        #expect(results[0].isBreaking)
    }

    /// `data` by shape: other values are no drift.
    @Test func GraphQL_dataIsComparedByShape() {
        let recorded = RecordedResponse(
            status: 200, headers: [("content-type", "application/json")],
            body: .json(try! JSONValue.parse(#"{"data":{"viewer":{"login":"octocat"}}}"#)))
        let findings = AnswerComparison.compare(
            recorded: recorded, liveStatus: 200, liveHeaders: [("content-type", "application/json")],
            liveBody: Array(#"{"data":{"viewer":{"login":"hubot"}}}"#.utf8), method: "POST")
        #expect(findings.isEmpty)
    }
}
