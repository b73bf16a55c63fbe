import MockAPICore
import MockAPIJSON
import Testing

/// What the default rules scrub and what they keep, one rule at a time and in both directions: credentials by exact
/// name, by a name fragment only when the value could be a credential, by shape anywhere, and echoes only as whole
/// values. Whatever is kept is kept byte for byte, so replay gives the recorded answer.
struct CredentialRulesTests {
    static let ghp = "ghp_R2d2C3poR2d2C3poR2d2C3poR2d2C3po1234"
    static let gho = "gho_16C7e42F292c6912E7710c838347Ae178B4a"
    static let sha = "6dcb09b5b57875f334f61aebed695e2e4193db5e"
    static let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"

    static func redacted(_ interaction: Interaction, _ rules: RedactionRules = .standard) -> (Interaction, RedactionReport) {
        var copy = interaction
        let report = Redactor(rules: rules).redact(&copy)
        return (copy, report)
    }

    /// Exact names are scrubbed whatever they hold; a name that only contains "secret" or "token" keeps a boolean, an
    /// enum word, a number, a date and a short value.
    @Test func fragmentNames_keepValuesThatCannotBeCredentials() {
        let query = "hide_secret=true&secret_type=adafruit_io_key&token_count=3&session_limit=12&api_key=k&access_token=dummy_value"
        let (scrubbed, _) = Self.redacted(.recordedGet("/repos/o/r/secret-scanning/alerts", query: query))
        #expect(scrubbed.request.query
            == "hide_secret=true&secret_type=adafruit_io_key&token_count=3&session_limit=12&api_key=<redacted>&access_token=<redacted>")

        let (generated, _) = Self.redacted(.recordedGet("/a", query: "secret=Zx8Qp2Lm9Rt4Vw7Yb3&x_token=CANARY-0a9b8c7d6e"))
        #expect(generated.request.query == "secret=<redacted>&x_token=<redacted>")
    }

    /// A date under a token-named header is kept; a generated value under one is scrubbed.
    @Test func tokenNamedHeaders_keepDates_scrubCredentials() {
        let (scrubbed, _) = Self.redacted(.recordedGet(
            "/user", headers: [("X-Amz-Security-Token", "FQoGZXIvYXdzEJr1K2"), ("X-Session-Id", "42")],
            responseHeaders: [("GitHub-Authentication-Token-Expiration", "2026-12-01 00:00:00 UTC"),
                              ("X-Token-Expires-At", "2026-12-01T00:00:00Z"), ("X-Csrf-Token", "k9Vb2xQm7Lp3Zr8T")]))
        #expect(scrubbed.request.headers["x-amz-security-token"] == "<redacted>")
        #expect(scrubbed.request.headers["x-session-id"] == "42")
        #expect(scrubbed.response.headers["github-authentication-token-expiration"] == "2026-12-01 00:00:00 UTC")
        #expect(scrubbed.response.headers["x-token-expires-at"] == "2026-12-01T00:00:00Z")
        #expect(scrubbed.response.headers["x-csrf-token"] == "<redacted>")
    }

    /// Pagination cursors are never scrubbed by name, so each page keeps its own key.
    @Test func paginationCursors_areKept() {
        let query = "page_token=CkQKFgoIc3RhcnRfYXQSCgiAgICA&pageToken=Ab12Cd34Ef56Gh78&next_token=Zz99Yy88Xx77&cursor=Y3Vyc29yOjQy"
        let (scrubbed, _) = Self.redacted(.recordedGet("/items", query: query,
            responseBody: #"{"next_page_token":"CkQKFgoIc3RhcnRfYXQ","endCursor":"Y3Vyc29yOjQy"}"#))
        #expect(scrubbed.request.query == query)
        #expect(scrubbed.response.body.bytes == Array(#"{"next_page_token":"CkQKFgoIc3RhcnRfYXQ","endCursor":"Y3Vyc29yOjQy"}"#.utf8))
    }

    /// JSON members: exact names always, `*token*` members only with a credential-like string.
    @Test func jsonMembers_byNameAndByValue() {
        let body = #"{"access_token":"dummy","token_type":"bearer","scope":"repo","refresh_token_expires_in":15897600,"#
            + #""secret":"true","ssh_token":"Qm9vbGVhbjpmYWxzZQ12"}"#
        let (scrubbed, report) = Self.redacted(.recordedPost("/login/oauth/access_token", body: "", contentType: "application/json",
                                                             responseBody: body))
        #expect(String(decoding: scrubbed.response.body.bytes, as: UTF8.self)
            == #"{"access_token":"<redacted>","token_type":"bearer","scope":"repo","refresh_token_expires_in":15897600,"#
                + #""secret":"true","ssh_token":"<redacted>"}"#)
        #expect(report.changes.map(\.rule) == ["json $..access_token", "json *token*"])
    }

    /// A member name holding several fragments is scrubbed by the first in the rules' order (the report names it),
    /// wherever in the name each stands; fragments set after the rules were made are the ones looked for.
    @Test func jsonMembers_fragmentOrderAndLaterChanges() {
        let body = #"{"token_secret":"Qm9vbGVhbjpmYWxzZQ12","tok":"Qm9vbGVhbjpmYWxzZQ13","xtokenx":"Qm9vbGVhbjpmYWxzZQ14"}"#
        var rules = RedactionRules(jsonFragments: ["SECRET", "token"])
        let interaction = Interaction.recordedPost("/x", body: "", contentType: "application/json", responseBody: body)
        let (_, report) = Self.redacted(interaction, rules)
        #expect(report.changes.map(\.rule) == ["json *secret*", "json *token*"])
        rules.jsonFragments = ["zzz", "oke"]
        let (_, later) = Self.redacted(interaction, rules)
        #expect(later.changes.map(\.rule) == ["json *oke*", "json *oke*"])
    }

    /// A pretty JSON body (stored as JSON in its layout) keeps its layout: only the scrubbed string changes.
    @Test func prettyJSONText_keepsItsLayout() {
        let body = "{\n  \"password\": \"hunter2hunter2\",\n  \"name\": \"x\"\n}"
        let (scrubbed, _) = Self.redacted(.recordedPost("/login", body: body, contentType: "application/json"))
        #expect(scrubbed.request.body.bytes == Array("{\n  \"password\": \"<redacted>\",\n  \"name\": \"x\"\n}".utf8))
        guard case .json(let json) = scrubbed.request.body else {
            Issue.record("not stored as JSON: \(scrubbed.request.body)")
            return
        }
        #expect(json.layout.name == "indent2")
    }

    /// What the string search of the first form could not do, and rewrote the whole answer as compact JSON for, without
    /// a word: a number scrubbed, a string with an escape, the same string kept where no rule names it (a value too
    /// short to be hunted as an echo), and a member name equal to a scrubbed value. Only the values' bytes change; the
    /// layout, the `\/` escapes and the final newline stay.
    @Test func prettyJSONText_keepsItsLayout_whateverIsScrubbed() throws {
        var rules = RedactionRules.standard
        rules.jsonFields += [try JSONPathPattern(parsing: "$.id"), try JSONPathPattern(parsing: "$.user.login")]
        let body = """
            {
              "id": 12345,
              "abc12": "name",
              "user": {"login": "abc12", "site": "http:\\/\\/example.com\\/a"},
              "alias": "abc12",
              "password": "p\\u0061ss\\"word"
            }

            """
        let (scrubbed, report) = Self.redacted(.recordedGet("/me", responseBody: body, responseHeaders: [("Content-Type", "application/json")]), rules)
        #expect(String(decoding: scrubbed.response.body.bytes, as: UTF8.self) == """
            {
              "id": "<redacted>",
              "abc12": "name",
              "user": {"login": "<redacted>", "site": "http:\\/\\/example.com\\/a"},
              "alias": "abc12",
              "password": "<redacted>"
            }

            """)
        #expect(report.changes.map(\.location) == ["response body $.id", "response body $.user.login", "response body $.password"])
    }

    /// Well-known token formats are scrubbed wherever they are: a debug header, a text body, a path, a query value
    /// no rule names, a JSON string; a commit sha, a short `ghp_` word and a UUID are not credentials by shape.
    @Test func credentialShapes_areScrubbedAnywhere_shasAreKept() {
        let readme = "Set GITHUB_TOKEN=\(Self.ghp) then call with \(Self.jwt).\nCommit \(Self.sha). AWS AKIAIOSFODNN7EXAMPLE, "
            + "slack xoxb-123456789012-abcdefABCDEF, stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc, google AIzaSyA1234567890abcdefghijklmnopqrstuv. "
            + "Not one: ghp_short, 123e4567-e89b-12d3-a456-426614174000."
        let (scrubbed, report) = Self.redacted(.recordedGet(
            "/repos/o/r/git/commits/\(Self.sha)", query: "q=\(Self.gho)&sha=\(Self.sha)",
            headers: [("X-Debug", "token=\(Self.ghp)")], responseBody: readme,
            responseHeaders: [("X-Echo-Auth", "Bearer 0a1B2c3D4e5F6g7H8i9J")]))
        #expect(scrubbed.request.path == "/repos/o/r/git/commits/\(Self.sha)")
        #expect(scrubbed.request.query == "q=<redacted>&sha=\(Self.sha)")
        #expect(scrubbed.request.headers["x-debug"] == "token=<redacted>")
        #expect(scrubbed.response.headers["x-echo-auth"] == "Bearer <redacted>")
        #expect(scrubbed.response.body == .text(
            "Set GITHUB_TOKEN=<redacted> then call with <redacted>.\nCommit \(Self.sha). AWS <redacted>, slack <redacted>, "
                + "stripe <redacted>, google <redacted>. Not one: ghp_short, 123e4567-e89b-12d3-a456-426614174000."))
        #expect(Set(report.changes.map(\.rule)).isSuperset(of: [
            "shape github-token", "shape jwt", "shape aws-access-key", "shape slack-token", "shape stripe-key", "shape google-api-key",
            "shape scheme credential",
        ]))
    }

    /// A shape is looked for where a word starts: after a space, `-`, `.` or a line break it is scrubbed, right after a
    /// letter, a digit or `_` it is part of a longer word and kept; one that ends where the next starts is two.
    @Test func credentialShapes_startWhereAWordStarts() {
        let text = "a\(Self.ghp) _\(Self.ghp) 9\(Self.ghp) \(Self.ghp) X-\(Self.gho).json\n\(Self.gho)"
        let (scrubbed, report) = Self.redacted(.recordedGet("/notes", responseBody: text))
        #expect(scrubbed.response.body == .text(
            "a\(Self.ghp) _\(Self.ghp) 9\(Self.ghp) <redacted> X-<redacted>.json\n<redacted>"))
        #expect(report.changes.map(\.rule).allSatisfy { $0 == "shape github-token" })
    }

    /// A PEM private key is scrubbed from its `-----BEGIN` to the end of its `-----END … -----` line; a certificate,
    /// public by design, is kept.
    @Test func privateKeys_areScrubbed_certificatesKept() {
        let key = "-----BEGIN RSA PRIVATE KEY-----\nMIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu\n"
            + "-----END RSA PRIVATE KEY-----"
        let certificate = "-----BEGIN CERTIFICATE-----\nMIIBszCCAV2gAwIBAgIUQ\n-----END CERTIFICATE-----"
        let (scrubbed, report) = Self.redacted(.recordedGet(
            "/keys", responseBody: "key: \(key) done\ncert: \(certificate)\n"))
        #expect(scrubbed.response.body == .text("key: <redacted> done\ncert: \(certificate)\n"))
        #expect(report.changes.map(\.rule) == ["shape private-key"])
    }

    /// "Bearer" and "token" in prose are left alone: the word after them is not a credential.
    @Test func schemeWordsInProse_areKept() {
        let text = "The token expired. Use a bearer token instead; token refresh happens daily."
        let (scrubbed, report) = Self.redacted(.recordedGet("/docs", responseBody: text))
        #expect(scrubbed.response.body == .text(text))
        #expect(report.isEmpty)
    }

    /// An echo is replaced only where the whole value stands, never inside a longer word.
    @Test func echoes_areReplacedOnlyAsWholeValues() {
        let (scrubbed, _) = Self.redacted(.recordedGet(
            "/a", query: "access_token=dummy_value", responseBody: "dummy_value old_dummy_value_2 \"dummy_value\""))
        #expect(scrubbed.response.body == .text("<redacted> old_dummy_value_2 \"<redacted>\""))
    }

    /// `--keep-header`, `--keep-query`, `--keep-json-field`: kept by name and by shape.
    @Test func keptNames_areNeverScrubbed() throws {
        var rules = RedactionRules.standard
        rules.keepHeaders = ["authorization", "x-debug"]
        rules.keepQueryParameters = ["access_token"]
        rules.keepJSONFields = [try JSONPathPattern(parsing: "$.token")]
        let interaction = Interaction.recordedGet(
            "/a", query: "access_token=\(Self.gho)&refresh_token=r3fr3sh-t0k3n-value",
            headers: [("Authorization", "Bearer \(Self.ghp)"), ("X-Debug", Self.ghp), ("Cookie", "s=abcdefgh123")],
            responseBody: #"{"token":"\#(Self.gho)","other":"\#(Self.jwt)"}"#)
        let (kept, _) = Self.redacted(interaction, rules)
        #expect(kept.request.query == "access_token=\(Self.gho)&refresh_token=<redacted>")
        #expect(kept.request.headers["authorization"] == "Bearer \(Self.ghp)")
        #expect(kept.request.headers["x-debug"] == Self.ghp)
        #expect(kept.request.headers["cookie"] == "s=<redacted>")
        #expect(String(decoding: kept.response.body.bytes, as: UTF8.self) == #"{"token":"\#(Self.gho)","other":"<redacted>"}"#)

        let (standard, _) = Self.redacted(interaction)
        #expect(standard.request.query == "access_token=<redacted>&refresh_token=<redacted>")
        #expect(standard.request.headers["x-debug"] == "<redacted>")
    }

    /// Without the defaults (`--no-default-redaction`) only the user's own rules apply.
    @Test func withoutDefaults_onlyTheUsersRulesApply() {
        let interaction = Interaction.recordedGet(
            "/a", query: "access_token=\(Self.gho)&sid=abcdefgh1234", headers: [("Authorization", "token \(Self.ghp)")])
        let (none, report) = Self.redacted(interaction, .none)
        #expect(none == interaction)
        #expect(report.isEmpty)
        let (own, _) = Self.redacted(interaction, RedactionRules(queryParameters: ["sid"]))
        #expect(own.request.query == "access_token=\(Self.gho)&sid=<redacted>")
        #expect(own.request.headers["authorization"] == "token \(Self.ghp)")
    }

    /// A cassette's lint.allow list keeps the values it acknowledges; the same value elsewhere is scrubbed.
    @Test func acknowledgedValues_areKeptByTheCassetteScrub() {
        var cassette = Cassette(interactions: [
            .recordedGet("/a", headers: [("Authorization", "Bearer expired-token-1234")]),
            .recordedGet("/a", headers: [("Authorization", "Bearer renewed-token-5678")]),
        ])
        cassette.lintAllowances = [LintAllowance(rule: "secret-header", at: "interactions[0].request.headers[0]", reason: "invented")]
        Redactor(rules: .standard).redact(&cassette)
        #expect(cassette.interactions.map { $0.request.headers["authorization"] } == ["Bearer expired-token-1234", "Bearer <redacted>"])
    }

    /// Two requests that differed only in a scrubbed value are named; requests that stay distinct are not.
    @Test func mergedRequests_areNamed_distinctOnesAreNot() {
        var cassette = Cassette(interactions: [
            .recordedGet("/user", query: "access_token=aaaa1111bbbb2222", responseBody: "alice"),
            .recordedGet("/alerts", query: "hide_secret=true&secret_type=adafruit_io_key"),
            .recordedGet("/alerts", query: "hide_secret=false&secret_type=mailchimp_api_key"),
            .recordedGet("/user", query: "access_token=cccc3333dddd4444", responseBody: "bob"),
        ])
        let report = Redactor(rules: .standard).redact(&cassette)
        #expect(report.merges == [RedactionMerge(
            first: 0, second: 3, request: "GET /user?access_token=<redacted>", places: ["request query access_token"])])
        #expect(report.merges.first?.description == "interactions[0] and interactions[3] were different requests and are now "
            + "one, GET /user?access_token=<redacted>: they differed only in scrubbed values (request query access_token); "
            + "replay answers them in recorded order. If the value is not a secret, keep it (a keep rule for that header, "
            + "query parameter or JSON field)")
    }
}
