import MockAPICore
import MockAPIJSON
import Testing

/// The scrubbing rules a recording relies on: secrets replaced where they appear, what is not secret kept readable,
/// and replay still matching.
struct RedactorTests {
    static let token = "ghp_CANARYtoken1234567890"

    /// The auth scheme stays readable and the credential becomes the placeholder.
    @Test func authorization_keepsTheScheme() {
        var interaction = Interaction.recordedGet("/user", headers: [("Authorization", "token \(Self.token)"), ("Accept", "application/json")])
        let report = Redactor(rules: .standard).redact(&interaction)
        #expect(interaction.request.headers["authorization"] == "token <redacted>")
        #expect(interaction.request.headers["accept"] == "application/json")
        #expect(report.changes == [RedactionReport.Change(location: "request header authorization", rule: "header authorization")])
    }

    /// Cookie names and Set-Cookie attributes stay; every value goes; repeated Set-Cookie fields stay separate.
    @Test func cookies_keepNamesAndAttributes() {
        var interaction = Interaction.recordedGet(
            "/", headers: [("Cookie", "_gh_sess=abc123456789; logged_in=yes")],
            responseHeaders: [("Set-Cookie", "_gh_sess=zzz987654321; Path=/; HttpOnly"), ("Set-Cookie", "logged_in=no; Secure")])
        Redactor(rules: .standard).redact(&interaction)
        #expect(interaction.request.headers["cookie"] == "_gh_sess=<redacted>; logged_in=<redacted>")
        #expect(interaction.response.headers.values("set-cookie") == ["_gh_sess=<redacted>; Path=/; HttpOnly", "logged_in=<redacted>; Secure"])
    }

    /// Header names that look like credentials are covered by fragment; ordinary ones are not.
    @Test func apiKeyStyleHeaders_areCovered() {
        let rules = RedactionRules.standard
        #expect(rules.coversHeader("X-Api-Key"))
        #expect(rules.coversHeader("X-Amz-Security-Token"))
        #expect(rules.coversHeader("Private-Token"))
        #expect(!rules.coversHeader("Content-Type"))
        #expect(!rules.coversHeader("X-RateLimit-Remaining"))
        #expect(!rules.coversHeader("Link"))
    }

    /// Token-like query parameters are replaced in the raw query; the rest of it stays byte for byte.
    @Test func tokenQueryParameters_areReplacedInPlace() {
        var interaction = Interaction.recordedGet("/search", query: "q=a%20b&access_token=tok12345678&client_secret=s%2Fecret&api_key=k&per_page=3")
        Redactor(rules: .standard).redact(&interaction)
        #expect(interaction.request.query == "q=a%20b&access_token=<redacted>&client_secret=<redacted>&api_key=<redacted>&per_page=3")
    }

    /// Form bodies are scrubbed by the same parameter rules.
    @Test func formBodies_areScrubbedLikeQueries() {
        var interaction = Interaction.recordedPost(
            "/login/oauth/access_token", body: "client_id=abc&client_secret=verysecret99&code=xyz",
            contentType: "application/x-www-form-urlencoded")
        Redactor(rules: .standard).redact(&interaction)
        #expect(interaction.request.body == .text("client_id=abc&client_secret=<redacted>&code=xyz"))
    }

    /// JSON fields named by default rules and by `--redact-json-field` are replaced in requests and answers.
    @Test func jsonFields_areReplacedAtTheirPaths() throws {
        var rules = RedactionRules.standard
        rules.jsonFields.append(try JSONPathPattern(parsing: "$.items[*].ssn"))
        var interaction = Interaction.recordedPost(
            "/authorizations", body: #"{"note":"ci","password":"hunter2hunter2"}"#, contentType: "application/json",
            responseBody: #"{"id":1,"token":"tok_abcdefgh1234","items":[{"ssn":"123-45-6789","name":"a"}]}"#)
        let report = Redactor(rules: rules).redact(&interaction)
        #expect(interaction.request.body.bytes == Array(#"{"note":"ci","password":"<redacted>"}"#.utf8))
        #expect(interaction.response.body.bytes == Array(#"{"id":1,"token":"<redacted>","items":[{"ssn":"<redacted>","name":"a"}]}"#.utf8))
        #expect(report.changes.map(\.location) == ["request body $.password", "response body $.token", "response body $.items[0].ssn"])
    }

    /// An environment variable's value is replaced by `<NAME>` everywhere, also percent-encoded and JSON-escaped.
    @Test func environmentValue_isReplacedEverywhere() {
        let secret = "s3cr3t/value+x"
        let rules = RedactionRules(literals: [.environment("API_SECRET", value: secret)])
        var interaction = Interaction.recordedPost(
            "/v1/s3cr3t%2Fvalue%2Bx/items", query: "sig=s3cr3t%2Fvalue%2Bx", headers: [("X-Trace", "id s3cr3t/value+x")],
            body: #"{"echo":"s3cr3t\/value+x"}"#, contentType: "application/json",
            responseBody: "you sent s3cr3t/value+x", responseHeaders: [("Location", "https://x.test/?k=s3cr3t%2Fvalue%2Bx")])
        let report = Redactor(rules: rules).redact(&interaction)
        let file = Cassette(interactions: [interaction]).fileBytes()
        #expect(Redactor.leaks(of: [.environment("API_SECRET", value: secret)], in: file).isEmpty)
        #expect(interaction.request.path == "/v1/<API_SECRET>/items")
        #expect(interaction.request.query == "sig=<API_SECRET>")
        #expect(interaction.response.headers["location"] == "https://x.test/?k=<API_SECRET>")
        #expect(report.total == 6)
        #expect(report.countsByRule.map(\.rule) == ["env API_SECRET"])
    }

    /// A scrubbed credential that the answer echoes is hunted down there too, also where it has no shape to find it by.
    @Test func echoedCredential_isReplacedInTheAnswer() {
        let credential = "Zx8Qp2Lm9Rt4Vw7Yb3"
        var interaction = Interaction.recordedGet(
            "/user", headers: [("Authorization", "Bearer \(credential)")], responseBody: "{\"seen\":\"\(credential)\"}")
        let report = Redactor(rules: .standard).redact(&interaction)
        #expect(interaction.response.body.bytes == Array(#"{"seen":"<redacted>"}"#.utf8))
        #expect(report.countsByRule.map(\.rule) == ["header authorization", "echo of request header authorization"])
        #expect(Redactor.leaks(of: report.secrets, in: Cassette(interactions: [interaction]).fileBytes()).isEmpty)
    }

    /// Reports name places and rules, never the values.
    @Test func report_neverShowsTheSecret() {
        var interaction = Interaction.recordedGet("/x", query: "token=\(Self.token)", headers: [("Authorization", "token \(Self.token)")])
        let report = Redactor(rules: .standard).redact(&interaction)
        let printed = report.changes.map(\.description).joined() + report.secrets.map(\.description).joined()
        #expect(!printed.contains(Self.token))
        #expect(!report.secrets.isEmpty)
    }

    /// Scrubbing a scrubbed interaction changes nothing, so `scrub` can run over cassettes again and again.
    @Test func redaction_isIdempotent() {
        var interaction = Interaction.recordedGet(
            "/x", query: "access_token=\(Self.token)", headers: [("Authorization", "Bearer \(Self.token)"), ("Cookie", "a=bbbbbbbbbb")],
            responseBody: #"{"token":"tok_123456789"}"#)
        let redactor = Redactor(rules: .standard)
        redactor.redact(&interaction)
        let once = interaction
        let second = redactor.redact(&interaction)
        #expect(interaction == once)
        #expect(second.isEmpty)
    }

    /// Whole cassettes are scrubbed in place with locations that name the interaction.
    @Test func cassette_reportsLocationsPerInteraction() {
        var cassette = Cassette(interactions: [.recordedGet("/a"), .recordedGet("/b", headers: [("Authorization", "token \(Self.token)")])])
        let report = Redactor(rules: .standard).redact(&cassette)
        #expect(report.changes.map(\.location) == ["interactions[1] request header authorization"])
        #expect(cassette.interactions[1].request.headers["authorization"] == "token <redacted>")
    }

    /// A secret scrubbed from one interaction is hunted down in the others, before and after it.
    @Test func cassette_huntsSecretsAcrossInteractions() {
        var cassette = Cassette(interactions: [
            .recordedGet("/before", responseBody: "session abcdefgh12345"),
            .recordedGet("/login", responseHeaders: [("Set-Cookie", "sid=abcdefgh12345; Path=/")]),
            .recordedGet("/after", query: "note=abcdefgh12345"),
        ])
        let report = Redactor(rules: .standard).redact(&cassette)
        #expect(Redactor.leaks(of: report.secrets, in: cassette.fileBytes()).isEmpty)
        #expect(cassette.interactions[0].response.body == .text("session <redacted>"))
        #expect(cassette.interactions[2].request.query == "note=<redacted>")
    }

    /// What the recorder learned earlier in a session is passed back and scrubbed from later interactions.
    @Test func knownSecrets_areScrubbedFromLaterInteractions() {
        var first = Interaction.recordedGet("/a", query: "access_token=tok_0123456789")
        let redactor = Redactor(rules: .standard)
        let learned = redactor.redact(&first).secrets
        var second = Interaction.recordedGet("/b", responseHeaders: [("Location", "https://x.test/?access_token=tok_0123456789")])
        let report = redactor.redact(&second, alsoHiding: learned)
        #expect(second.response.headers["location"] == "https://x.test/?access_token=<redacted>")
        #expect(report.countsByRule.map(\.rule) == ["echo of request query access_token"])
    }

    /// The leak check finds a value however it is written, and names it without showing it.
    @Test func leaks_findEncodedForms() {
        let secret = SecretLiteral.environment("TOKEN", value: "a/b c\"d")
        #expect(Redactor.leaks(of: [secret], in: Array("x a%2Fb%20c%22d y".utf8)) == ["TOKEN"])
        #expect(Redactor.leaks(of: [secret], in: Array(#"{"v":"a\/b c\"d"}"#.utf8)) == ["TOKEN"])
        #expect(Redactor.leaks(of: [secret], in: Array("nothing here".utf8)).isEmpty)
    }

    /// A recording scrubbed of its token still matches the same request made with another token.
    @Test func scrubbedRecording_matchesAnyToken() {
        var interaction = Interaction.recordedPost(
            "/graphql", query: "access_token=\(Self.token)", body: #"{"query":"q","token":"tok_recorded1"}"#, contentType: "application/json")
        Redactor(rules: .standard).redact(&interaction)
        var normalizer = RequestNormalizer()
        normalizer.learnPlaceholders(from: interaction.request)
        let recorded = normalizer.key(for: interaction.request, path: interaction.localPath)
        let incoming = normalizer.key(for: HTTPRequest(
            method: "POST", target: "/graphql?access_token=other", headers: [("content-type", "application/json")],
            body: Array(#"{"token":"tok_other","query":"q"}"#.utf8)))
        #expect(recorded == incoming)
    }
}
