import Foundation
import MockAPICLI
import MockAPICore
import MockAPIJSON
import Testing
import TestSupport

/// `mockapi lint` on seeded problems: what it finds, where, in which words, and its exit status.
struct LintTests {
    /// A cassette with one of each problem lint knows in one file, and what is not a problem beside it.
    static func seeded() -> Cassette {
        Cassette(interactions: [
            // 0: a bearer token in a header, a token in the query.
            .make("/user?access_token=gho_abc123&per_page=2", requestHeaders: [("accept", "*/*"), ("authorization", "Bearer gho_abc123")]),
            // 1: an OAuth answer with its access token; a secret-named field with a generated value.
            .make("POST", "/login/oauth/access_token", body: .json(#"{"access_token":"gho_abc123","scope":"repo","app":{"api_key":"Zx8Qp2Lm9Rt4Vw7Yb3Nc6Hd1Kf5Gs0Jq"}}"#)),
            // 2: a JSON body stored as base64.
            .make("/readme", body: .binary(Array(#"{"name":"README.md"}"#.utf8))),
            // 3, 4, 5: a deliberate sequence (204 twice, then 404): not duplicates.
            .make("/user/following/hubot", status: 204),
            .make("/user/following/hubot", status: 204),
            .make("/user/following/hubot", status: 404),
            // 6, 7: the same answer twice at the end of the sequence: 7 is a duplicate (a date differing is no difference).
            .make("/zen", headers: [("date", "Mon, 01 Jan 2024 00:00:00 GMT")], body: .text("Keep it logically awesome.")),
            .make("/zen", headers: [("date", "Mon, 01 Jan 2024 00:00:09 GMT")], body: .text("Keep it logically awesome.")),
            // 8: redacted values are fine.
            .make("/user?access_token=<redacted>", requestHeaders: [("authorization", "Bearer <redacted>")],
                  body: .json(#"{"token":"<redacted>"}"#)),
        ])
    }

    @Test func seededProblems_areEachFoundWhereTheyAre() throws {
        let report = Linter().lint([LoadedCassette(name: "seeded", file: "seeded.json", cassette: LintTests.seeded())])
        #expect(report.findings.map { "\($0.at) \($0.rule.rawValue)" } == [
            "interactions[0].request.headers[1] secret-header",
            "interactions[0].request.query secret-query",
            "interactions[1].response.body.json.access_token secret-field",
            "interactions[1].response.body.json.app.api_key secret-field",
            "interactions[2].response.body.base64 base64-text",
            "interactions[7] duplicate",
        ])
        #expect(report.findings.map(\.description) == [
            "seeded.json: interactions[0].request.headers[1]: request header authorization is not redacted; mockapi scrub "
                + "replaces its value with <redacted> [secret-header]",
            "seeded.json: interactions[0].request.query: query parameter access_token is not redacted; mockapi scrub replaces "
                + "its value with <redacted> [secret-query]",
            "seeded.json: interactions[1].response.body.json.access_token: response JSON field $.access_token is not redacted "
                + "(rule $..access_token); mockapi scrub replaces its value with <redacted> [secret-field]",
            "seeded.json: interactions[1].response.body.json.app.api_key: response JSON field $.app.api_key is not redacted "
                + "(rule $..api_key); mockapi scrub replaces its value with <redacted> [secret-field]",
            "seeded.json: interactions[2].response.body.base64: response body is stored as base64 but is JSON (20 bytes): "
                + "unreadable in diffs and not searched by redaction; mockapi scrub --readable-bodies stores it readably [base64-text]",
            "seeded.json: interactions[7]: duplicate of interactions[6] (GET /zen): same request, same answer, and nothing "
                + "different after it; replay repeats the last answer anyway, so remove it (or lint with --strict if the "
                + "cassette is served with --strict) [duplicate]",
        ])
        // Never the secret itself.
        #expect(!report.findings.map(\.description).joined().contains("gho_abc123"))
    }

    /// Served with --strict, each recording answers once: repeated answers are needed.
    @Test func strict_reportsNoDuplicates() throws {
        let options = Linter.Options(strict: true)
        let report = Linter(options: options).lint([LoadedCassette(name: "s", file: "s.json", cassette: LintTests.seeded())])
        #expect(!report.findings.contains { $0.rule == .duplicate })
    }

    /// Two cassettes served together that record the same request: replay would answer from whichever loads first.
    @Test func sameRequestInTwoCassettes_isAmbiguous() throws {
        let together = Linter(options: Linter.Options(servedTogether: true))
        let first = LoadedCassette(name: "a", file: "a.json", cassette: Cassette(interactions: [.make("/zen", body: .text("one"))]))
        let second = LoadedCassette(name: "b", file: "b.json", cassette: Cassette(interactions: [
            .make("/other"), .make("/zen?", body: .text("two")),
        ]))
        let report = together.lint([first, second])
        #expect(report.findings.map(\.description) == [
            "b.json: interactions[1]: GET /zen? is also recorded in a.json interactions[0] (a different answer); served "
                + "together, that one answers first and this one only after it; keep each request in one cassette, or serve "
                + "them apart [ambiguous]"
        ])
        // Linted apart, or not served together, each is fine.
        #expect(together.lint([second]).isClean)
        #expect(Linter().lint([first, second]).isClean)
    }

    /// `--secret-env NAME`: the value is found wherever it is, percent-encoded or JSON-escaped too.
    @Test func secretEnvValue_isFoundInAnyForm() throws {
        let secret = "p@ss/word 42"
        let cassette = Cassette(interactions: [
            .make("/search?q=p%40ss%2Fword%2042"),
            .make("/x", body: .json(#"{"note":"p@ss\/word 42"}"#)),
            .make("/clean"),
        ])
        let options = Linter.Options(secrets: [.environment("DEPLOY_PASSWORD", value: secret)])
        let report = Linter(options: options).lint([LoadedCassette(name: "c", file: "c.json", cassette: cassette)])
        #expect(report.findings.map(\.description) == [
            "c.json: interactions[0].request.query: holds the value of $DEPLOY_PASSWORD (--secret-env DEPLOY_PASSWORD); "
                + "mockapi scrub --redact-env DEPLOY_PASSWORD replaces it with <DEPLOY_PASSWORD> [secret-value]",
            "c.json: interactions[1].response.body: holds the value of $DEPLOY_PASSWORD (--secret-env DEPLOY_PASSWORD); "
                + "mockapi scrub --redact-env DEPLOY_PASSWORD replaces it with <DEPLOY_PASSWORD> [secret-value]",
        ])
    }

    /// The cassette's own allow-list acknowledges findings (there and below, or everywhere without `at`); an entry that
    /// covers nothing, or names no rule, is reported so it does not outlive its reason.
    @Test func allowList_acknowledgesFindings_andStaleEntriesAreReported() throws {
        var cassette = LintTests.seeded()
        cassette.lintAllowances = [
            LintAllowance(rule: "secret-header", at: "interactions[0]", reason: "invented token"),
            LintAllowance(rule: "duplicate", reason: "served with --strict elsewhere"),
            LintAllowance(rule: "secret-query", at: "interactions[5]", reason: "moved since"),
            LintAllowance(rule: "secret-headers", reason: "typo"),
        ]
        let report = Linter().lint([LoadedCassette(name: "s", file: "s.json", cassette: cassette)])
        #expect(report.allowed.map { "\($0.finding.at) \($0.reason)" } == [
            "interactions[0].request.headers[1] invented token", "interactions[7] served with --strict elsewhere",
        ])
        #expect(report.findings.filter { $0.rule == .unusedAllowance }.map(\.description) == [
            "s.json: lint.allow[2]: allows secret-query at interactions[5], but lint finds no such problem there; remove "
                + "the entry [unused-allowance]",
            "s.json: lint.allow[3]: allows secret-headers, which is not a lint rule (rules: secret-header, secret-query, "
                + "secret-field, secret-shape, secret-value, scrub-merge, duplicate, superseded, ambiguous, shared-request, base64-text, unused-allowance, leftover-log, "
                + "empty-header); fix or remove the entry [unused-allowance]",
        ])
        #expect(!report.findings.contains { $0.rule == .secretHeader || $0.rule == .duplicate })
    }

    /// An allow-list is part of the file format: kept by save and load, and a broken one is a load error naming the
    /// field, as `mockapi serve` reports it.
    @Test func allowList_isStoredInTheCassette() throws {
        var cassette = Cassette(source: "s", interactions: [.make("/x")])
        cassette.lintAllowances = [LintAllowance(rule: "secret-header", at: "interactions[0]", reason: "invented")]
        #expect(try Cassette(bytes: cassette.fileBytes(), file: "x.json") == cassette)
        let broken = #"{"mockapi": 1, "lint": {"allow": [{"rule": "duplicate", "reason": " "}]}, "interactions": []}"#
        #expect(throws: CassetteError.invalid(
            file: "x.json", at: "lint.allow[0].reason",
            reason: "say why the finding is acceptable: the allow-list is where readers look for it")) {
            try Cassette(bytes: Array(broken.utf8), file: "x.json")
        }
    }

    /// A cassette edited by hand with a trailing comma: the error says where, and that it is likely a trailing comma.
    @Test func trailingComma_isNamedAsTheLikelyCause() async throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/edited.json"
        try Array("{\n  \"mockapi\": 1,\n  \"interactions\": [],\n}\n".utf8).write(to: file)
        let fine = folder.path + "/list.json"
        try Array("{\"mockapi\": 1, \"interactions\": [1, 2 ]]}".utf8).write(to: fine)
        let lint = try await MockAPIProcess.run(["lint", file, fine])
        #expect(lint.status == 2)
        #expect(lint.stderr.contains("mockapi: error: \(file): line 4, column 1: not valid JSON: invalid object key (must be a "
            + "string); a trailing comma? (line 3, column 21)\n"))
        // A closing bracket after no comma is some other mistake.
        let other = try #require(lint.stderr.split(separator: "\n").first { $0.hasPrefix("mockapi: error: \(fine): ") })
        #expect(other.contains("not valid JSON") && !other.contains("trailing comma"), "\(other)")
    }

    /// A request recorded again in a later session with another answer (a `--mode new` re-recording after the API
    /// changed) names the older recording; a sequence recorded in one session (204, then 404) is no finding.
    @Test func sameRequestReRecordedLaterWithAnotherAnswer_namesTheOlder() throws {
        func at(_ time: String, _ interaction: Interaction) -> Interaction {
            var interaction = interaction
            interaction.recordedAt = time
            return interaction
        }
        let folder = TemporaryFolder()
        let file = folder.path + "/github.json"
        try Cassette(interactions: [
            at("2026-11-20T10:00:00.000Z", .make("/repos/o/r", body: .json(#"{"name":"r"}"#))),
            at("2026-11-20T10:00:01.000Z", .make("/user/following/hubot", status: 204)),
            at("2026-11-20T10:00:02.000Z", .make("/user/following/hubot", status: 404)),
            at("2026-11-25T09:30:00.000Z", .make("/repos/o/r", body: .json(#"{"name":"r","visibility":"public"}"#))),
        ]).save(to: file)
        let output = try Command.lint([file])
        #expect(output.status == 1)
        #expect(output.standard == """
            \(file): interactions[0]: GET /repos/o/r recorded at 2026-11-20T10:00:00.000Z was recorded again at \
            2026-11-25T09:30:00.000Z (interactions[3]) with another answer; replay gives this older one first. Remove it if \
            the API changed (or record afresh: mockapi record --mode all), or allow it if the sequence is meant [superseded]
            mockapi lint: 1 finding in 1 of 1 cassette

            """)
    }

    /// Exit status: 0 clean, 1 findings, 2 unreadable — with the broken file named as `serve` names it and the
    /// readable ones still linted.
    @Test func exitStatus_cleanFindingsUnreadable() throws {
        let folder = TemporaryFolder()
        try Cassette(interactions: [.make("/fine")]).save(to: folder.path + "/clean.json")
        let clean = try Command.lint([folder.path + "/clean.json"])
        #expect(clean.status == 0)
        #expect(clean.standard == "mockapi lint: 1 cassette, no findings\n")

        try LintTests.seeded().save(to: folder.path + "/seeded.json")
        let findings = try Command.lint([folder.path])
        #expect(findings.status == 1)
        #expect(findings.standard.hasSuffix("mockapi lint: 6 findings in 1 of 2 cassettes\n"))

        try Array(#"{"mockapi": 1, "interactions": [{"request": {"method": "GET"}}]}"#.utf8).write(to: folder.path + "/broken.json")
        let unreadable = try Command.lint([folder.path])
        #expect(unreadable.status == 2)
        #expect(unreadable.error == "mockapi: error: \(folder.path)/broken.json: interactions[0].request.path: required field is missing\n")
        #expect(unreadable.standard.hasSuffix("mockapi lint: 6 findings in 1 of 2 cassettes; 1 cassette could not be read\n"))

        let missing = try Command.lint([folder.path + "/nope"])
        #expect(missing.status == 2)
        #expect(missing.error == "mockapi: error: \(folder.path)/nope: no such file or folder\n")
    }

    /// `--format json`: one document with the status, findings, acknowledged findings and errors, for CI.
    @Test func jsonFormat_isOneDocumentForCI() throws {
        let folder = TemporaryFolder()
        var cassette = LintTests.seeded()
        cassette.lintAllowances = [LintAllowance(rule: "duplicate", reason: "kept on purpose")]
        try cassette.save(to: folder.path + "/s.json")
        let output = try Command.lint([folder.path, "--format", "json"])
        #expect(output.status == 1)
        let document = try JSONValue.parse(output.standard)
        #expect(document["status"] == .integer(1))
        #expect(document["cassettes"] == .integer(1))
        let findings = try #require(document["findings"]?.arrayValue)
        #expect(findings.count == 5)
        #expect(findings.first?["file"] == .string(folder.path + "/s.json"))
        #expect(findings.first?["at"] == .string("interactions[0].request.headers[1]"))
        #expect(findings.first?["rule"] == .string("secret-header"))
        #expect(document["allowed"]?.arrayValue?.first?["reason"] == .string("kept on purpose"))
        #expect(document["errors"] == .array([]))
    }

    /// An answer header recorded with an empty value (GitHub's `X-Accepted-OAuth-Scopes:`) is a note naming cassette,
    /// interaction and header: replay cannot send it, but the cassette is right, so lint still passes.
    @Test func emptyAnswerHeader_isANote_thatDoesNotFail() throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/user.json"
        try Cassette(interactions: [
            .make("/zen"),
            .make("/user", headers: [("X-OAuth-Scopes", "repo"), ("X-Accepted-OAuth-Scopes", "")]),
        ]).save(to: file)
        let output = try Command.lint([file])
        #expect(output.status == 0)
        #expect(output.standard == """
            \(file): interactions[1].response.headers[1]: response header x-accepted-oauth-scopes has an empty value; \
            replay answers without it (libmicrohttpd 0.9.75 cannot send an empty header value) [empty-header]
            mockapi lint: 1 cassette, no findings; 1 note on what replay cannot send

            """)
        let json = try JSONValue.parse(try Command.lint([file, "--format", "json"]).standard)
        #expect(json["findings"] == .array([]))
        #expect(json["notes"]?.arrayValue?.map { $0["at"] } == [.string("interactions[1].response.headers[1]")])
    }

    /// The repository's own fixtures are clean, the two invented tokens acknowledged in their cassette.
    @Test func fixtures_areClean() throws {
        let output = try Command.lint([try Inputs.fixtures, "--show-allowed"])
        #expect(output.status == 0, "\(output.standard)")
        let acknowledged = output.standard.split(separator: "\n").filter { $0.contains("allowed: ") }
        #expect(acknowledged.count == 2)
        #expect(acknowledged.allSatisfy { $0.contains("github/client/refresh-token.json: interactions[") && $0.contains("[secret-header]") })
    }

    /// Lint groups requests as replay does, the cassette's match rules included: with `ignoreBody`, two POSTs that
    /// differ only in their bodies are one request, and the second, answered the same, adds nothing.
    @Test func cassetteMatchRules_takePartInDuplicates() throws {
        func post(_ body: String) -> Interaction {
            Interaction(
                request: RecordedRequest(method: "POST", path: "/v1/chat", headers: [("Content-Type", "application/json")],
                                         body: Body(bytes: Array(body.utf8))),
                response: RecordedResponse(status: 200, body: .text("same")))
        }
        let interactions = [post(#"{"id":"a"}"#), post(#"{"id":"b"}"#)]
        let exact = Linter().lint([LoadedCassette(name: "c", file: "c.json", cassette: Cassette(interactions: interactions))])
        #expect(!exact.findings.contains { $0.rule == .duplicate })
        let loose = Cassette(matchRules: MatchRules(ignoreBody: true), interactions: interactions)
        let report = Linter().lint([LoadedCassette(name: "c", file: "c.json", cassette: loose)])
        #expect(report.findings.map { "\($0.at) \($0.rule.rawValue)" } == ["interactions[1] duplicate"])
    }
}
