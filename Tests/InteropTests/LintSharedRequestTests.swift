import MockAPICLI
import MockAPICore
import TestSupport
import Testing

/// Two cassettes of one served set that record the same request with different answers: `mockapi serve` over both
/// answers it from the first loaded, so lint notes it at the second, naming both and the ways out.
struct LintSharedRequestTests {
    private static func user(status: Int, authorization: String?) -> Cassette {
        var headers: HTTPHeaders = []
        if let authorization { headers.append("Authorization", authorization) }
        return Cassette(interactions: [Interaction(
            request: RecordedRequest(method: "GET", path: "/user", headers: headers),
            response: RecordedResponse(status: status, body: .text(status == 200 ? "{\"login\":\"octocat\"}" : "{}")))])
    }

    @Test func sameRequestWithDifferentAnswers_inTwoCassettes_isANoteNamingBothAndTheWaysOut() throws {
        let folder = TemporaryFolder()
        try Self.user(status: 401, authorization: nil).save(to: folder.file("anonymous.json"))
        try Self.user(status: 200, authorization: "<redacted>").save(to: folder.file("signed-in.json"))
        let output = try Command.lint([folder.path])
        #expect(output.status == 0)
        #expect(output.standard == """
            \(folder.file("signed-in.json")): interactions[0]: GET /user is also recorded in \(folder.file("anonymous.json")) \
            interactions[0] with another answer (status 200 here, 401 there); served together through the plain URL, \
            that one answers it. Give the tests each cassette's scoped URL (/@signed-in/…), or tell the requests apart \
            with --match-header authorization (serve and lint) [shared-request]
            mockapi lint: 2 cassettes, no findings; 1 note on a request two cassettes answer differently

            """)
        // Told apart by the header, they are two requests.
        #expect(try Command.lint([folder.path, "--match-header", "authorization"]).standard == "mockapi lint: 2 cassettes, no findings\n")
    }

    /// The same answer in both is no conflict: whichever answers, the client sees the same.
    @Test func sameRequestWithTheSameAnswer_isNotNoted() throws {
        let folder = TemporaryFolder()
        try Self.user(status: 200, authorization: nil).save(to: folder.file("a.json"))
        try Self.user(status: 200, authorization: nil).save(to: folder.file("b.json"))
        #expect(try Command.lint([folder.path]).standard == "mockapi lint: 2 cassettes, no findings\n")
    }
}
