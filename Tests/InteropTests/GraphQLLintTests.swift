import MockAPICore
import MockAPIJSON
import Testing

/// `mockapi lint` on GraphQL recordings: variables are a JSON body like any other.
struct GraphQLLintTests {
    static func recorded(token: String, answer: String) -> Interaction {
        let body = #"{"query":"query($token: String!) { check(token: $token) }","variables":{"token":"\#(token)"}}"#
        return Interaction(
            request: RecordedRequest(method: "POST", path: "/graphql", body: .json(try! JSONValue.parse(body))),
            response: RecordedResponse(status: 200, body: .text(answer)))
    }

    /// Two recordings of one operation that only a credential in their variables tells apart: the credential is a
    /// finding, and so is the merge scrubbing it would cause.
    @Test func GraphQL_recordingsThatOnlyAScrubbedVariableTellsApart_areReported() {
        let cassette = Cassette(interactions: [
            Self.recorded(token: "ghp_R2d2C3poR2d2C3poR2d2C3poR2d2C3po1234", answer: "alice"),
            Self.recorded(token: "ghp_C3poR2d2C3poR2d2C3poR2d2C3poR2d25678", answer: "bob"),
        ])
        let findings = LintRedactionTests.lint([cassette])
        #expect(findings.contains { $0.hasPrefix("c0.json: interactions[0].request.body") && $0.contains("[secret-") }, "\(findings)")
        let merges = findings.filter { $0.hasSuffix("[scrub-merge]") }
        #expect(merges.count == 1)
        #expect(merges.first?.hasPrefix("c0.json: interactions[1]: scrubbing would make this request and interactions[0] one") == true)
    }
}
