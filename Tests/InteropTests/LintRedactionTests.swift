import Foundation
import MockAPICLI
import MockAPICore
import Testing
import TestSupport

/// `mockapi lint` judges secrets by the rules `mockapi scrub` applies, and by default reports only what needs action.
struct LintRedactionTests {
    static let ghp = "ghp_R2d2C3poR2d2C3poR2d2C3poR2d2C3po1234"

    static func lint(_ cassettes: [Cassette], _ options: Linter.Options = Linter.Options()) -> [String] {
        let loaded = cassettes.enumerated().map { LoadedCassette(name: "c\($0.offset)", file: "c\($0.offset).json", cassette: $0.element) }
        return Linter(options: options).lint(loaded).findings.map(\.description)
    }

    /// A credential-shaped value is a finding wherever it is; a commit sha, a boolean under hide_secret, a date under a
    /// token-named header and a cursor are not.
    @Test func credentialShapes_areFindings_dataIsNot() {
        let cassette = Cassette(interactions: [
            .make("/repos/o/r/commits/6dcb09b5b57875f334f61aebed695e2e4193db5e?hide_secret=true&page_token=Y3Vyc29yOjE",
                  headers: [("github-authentication-token-expiration", "2026-12-01 00:00:00 UTC"), ("x-debug", "auth=\(Self.ghp)")],
                  body: .text("export GITHUB_TOKEN=\(Self.ghp)")),
        ])
        #expect(Self.lint([cassette]) == [
            "c0.json: interactions[0].response.headers[1]: holds a credential by its shape (github-token); mockapi scrub "
                + "replaces it with <redacted> [secret-shape]",
            "c0.json: interactions[0].response.body: holds a credential by its shape (github-token); mockapi scrub replaces "
                + "it with <redacted> [secret-shape]",
        ])
    }

    /// A WebSocket message is linted as a body is: a token field of a JSON message, at its path in the cassette.
    @Test func secretsInWebSocketMessages_areFindings() {
        let conversation = WebSocketConversation(messages: [
            .init(from: .client, atMs: 0, text: Array(#"{"type":"auth","access_token":"abc123secretvalue"}"#.utf8)),
            .init(from: .server, atMs: 1, text: Array(#"{"type":"ok","token":"<redacted>"}"#.utf8)),
        ])
        let cassette = Cassette(interactions: [
            Interaction(
                request: RecordedRequest(method: "GET", path: "/realtime"), response: RecordedResponse(status: 101),
                webSocket: conversation)
        ])
        #expect(Self.lint([cassette]) == [
            "c0.json: interactions[0].webSocket.messages[0].json.access_token: client message JSON field $.access_token is "
                + "not redacted (rule $..access_token); mockapi scrub replaces its value with <redacted> [secret-field]"
        ])
    }

    /// Requests that scrubbing would make one are reported, naming both; what scrub keeps distinct is not.
    @Test func requestsScrubbingWouldMerge_areReported() {
        let cassette = Cassette(interactions: [
            .make("/user?access_token=aaaa1111bbbb2222", body: .text("alice")),
            .make("/user?access_token=cccc3333dddd4444", body: .text("bob")),
            .make("/alerts?hide_secret=true", body: .text("1")),
            .make("/alerts?hide_secret=false", body: .text("2")),
        ])
        let merges = Self.lint([cassette]).filter { $0.hasSuffix("[scrub-merge]") }
        #expect(merges == [
            "c0.json: interactions[1]: scrubbing would make this request and interactions[0] one, GET "
                + "/user?access_token=<redacted>: they differ only in request query access_token; if the value is not a "
                + "secret, keep it (mockapi scrub --keep-query/--keep-header/--keep-json-field and the same for record and "
                + "import) [scrub-merge]"
        ])
        var options = Linter.Options()
        options.rules.keepQueryParameters = ["access_token"]
        #expect(Self.lint([cassette], options).isEmpty, "kept, the value is no secret and nothing merges")
    }

    /// The same request in two cassettes is noise for one cassette per test; it is a finding only for cassettes served
    /// together through the plain URL.
    @Test func crossCassetteAmbiguity_onlyWhenServedTogether() throws {
        let first = Cassette(interactions: [.make("/zen", body: .text("one"))])
        let second = Cassette(interactions: [.make("/zen", body: .text("two"))])
        #expect(Self.lint([first, second]).isEmpty)
        #expect(Self.lint([first, second], Linter.Options(servedTogether: true)).map { String($0.suffix(11)) } == ["[ambiguous]"])

        let folder = TemporaryFolder()
        try first.save(to: folder.path + "/a.json")
        try second.save(to: folder.path + "/b.json")
        #expect(try Command.lint([folder.path]).status == 0)
        let together = try Command.lint([folder.path, "--served-together"])
        #expect(together.status == 1)
        #expect(together.standard.contains("[ambiguous]"))
    }

    /// Lint and scrub agree: what lint reports, scrub changes, and after scrub lint finds no secret; with --keep-* both
    /// leave the value alone.
    @Test func lintAndScrub_agree() throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/c.json"
        try Cassette(interactions: [
            .make("/a?x_token=Zx8Qp2Lm9Rt4Vw7Yb3&secret_type=adafruit_io_key", requestHeaders: [("authorization", "token \(Self.ghp)")],
                  body: .json(#"{"client_secret":"s3cr3t-v4lue","ssh_token":"Qm9vbGVhbjpmYWxzZQ12","token_type":"bearer"}"#)),
        ]).save(to: file)
        let kept = try Command.lint([file, "--keep-query", "x_token", "--keep-header", "authorization", "--keep-json-field", "$.ssh_token",
                                     "--keep-json-field", "$.client_secret"])
        #expect(kept.status == 0)
        let before = try Command.lint([file])
        let rules = before.standard.split(separator: "\n").filter { $0.hasSuffix("]") }.map { $0.split(separator: "[").last.map(String.init) ?? "" }
        #expect(rules == ["secret-header]", "secret-query]", "secret-field]", "secret-field]"])
        #expect(try Command.scrub([file]).status == 0)
        #expect(try Command.lint([file]).standard == "mockapi lint: 1 cassette, no findings\n")
    }
}
