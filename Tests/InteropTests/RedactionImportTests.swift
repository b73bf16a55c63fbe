import Foundation
import MockAPICLI
import MockAPICore
import MockAPIJSON
import MockAPITesting
import Testing
import TestSupport

/// Redaction never changes the answer: a HAR of GitHub traffic with the cases that used to go wrong, imported with the
/// default rules and replayed to a client, gives every request its own recorded answer, and no token is left.
@Suite(.timeLimit(.minutes(1)))
struct RedactionImportTests {
    static let ghp = "ghp_R2d2C3poR2d2C3poR2d2C3poR2d2C3po1234"
    static let gho = "gho_16C7e42F292c6912E7710c838347Ae178B4a"
    static let sha = "6dcb09b5b57875f334f61aebed695e2e4193db5e"
    static let expiration = "2026-12-01 00:00:00 UTC"
    static let readme = "# r\n\nexport GITHUB_TOKEN=\(ghp)\n\nBuilt from \(sha).\n"

    /// One HAR entry: a GET (or POST) to api.github.com with its headers, answered 200 with a body.
    static func harEntry(_ target: String, method: String = "GET", headers: [(String, String)] = [],
                      responseHeaders: [(String, String)] = [], mimeType: String = "application/json", body: String) -> JSONValue {
        func list(_ pairs: [(String, String)]) -> JSONValue {
            .array(pairs.map { .object([JSONMember("name", .string($0.0)), JSONMember("value", .string($0.1))]) })
        }
        return .object([
            JSONMember("request", .object([
                JSONMember("method", .string(method)), JSONMember("url", .string("https://api.github.com" + target)),
                JSONMember("headers", list([("Authorization", "Bearer \(ghp)")] + headers)),
            ])),
            JSONMember("response", .object([
                JSONMember("status", .number("200")),
                JSONMember("headers", list([("Content-Type", mimeType)] + responseHeaders)),
                JSONMember("content", .object([JSONMember("mimeType", .string(mimeType)), JSONMember("text", .string(body))])),
            ])),
        ])
    }

    static func har() -> [UInt8] {
        let entries: [JSONValue] = [
            harEntry("/repos/o/r/secret-scanning/alerts?hide_secret=true&secret_type=adafruit_io_key", body: #"[{"number":1}]"#),
            harEntry("/repos/o/r/secret-scanning/alerts?hide_secret=false&secret_type=mailchimp_api_key", body: #"[{"number":2}]"#),
            // Cursor pages, recorded second page first.
            harEntry("/orgs/o/audit-log?page_token=Y3Vyc29yOjI&per_page=1", body: #"[{"page":2}]"#),
            harEntry("/orgs/o/audit-log?page_token=Y3Vyc29yOjE&per_page=1", body: #"[{"page":1}]"#),
            harEntry("/user", responseHeaders: [("GitHub-Authentication-Token-Expiration", expiration), ("X-Debug", "auth=\(ghp)")],
                  body: #"{"login":"octocat"}"#),
            harEntry("/login/oauth/access_token", method: "POST", body: #"{"access_token":"\#(gho)","token_type":"bearer","scope":"repo"}"#),
            harEntry("/repos/o/r/readme", mimeType: "text/plain", body: readme),
            harEntry("/repos/o/r/commits/\(sha)", body: #"{"sha":"\#(sha)","verified":true}"#),
        ]
        return JSONValue.object([JSONMember("log", .object([JSONMember("version", .string("1.2")), JSONMember("entries", .array(entries))]))])
            .prettyBytes()
    }

    @Test func githubHAR_importedAndServed_answersEachRequestWithItsOwnAnswer() async throws {
        let folder = TemporaryFolder()
        let harFile = folder.path + "/github.har"
        let cassette = folder.path + "/github.json"
        try Self.har().write(to: harFile)

        let output = try Command.import([harFile, "--to", cassette])
        #expect(output.status == 0)
        #expect(output.error == "", "no two requests were made one")

        let written = String(decoding: try FileIO.read(cassette), as: UTF8.self)
        for token in [Self.ghp, Self.gho] { #expect(!written.contains(token)) }
        #expect(written.contains(Self.expiration) && written.contains(Self.sha))
        #expect(written.contains("hide_secret=false&secret_type=mailchimp_api_key") && written.contains("page_token=Y3Vyc29yOjE"))

        let server = try ReplayServer.start(cassettes: [cassette])
        let base = server.baseURL.absoluteString
        let auth = [("Authorization", "Bearer another-token-0a1b2c")]
        func text(_ target: String, method: String = "GET") async throws -> String {
            let answer = try await HTTPFetch.send(method, base + target, headers: auth)
            #expect(answer.status == 200, "\(target)")
            return String(decoding: answer.body, as: UTF8.self)
        }
        #expect(try await text("/repos/o/r/secret-scanning/alerts?hide_secret=false&secret_type=mailchimp_api_key") == #"[{"number":2}]"#)
        #expect(try await text("/repos/o/r/secret-scanning/alerts?hide_secret=true&secret_type=adafruit_io_key") == #"[{"number":1}]"#)
        #expect(try await text("/orgs/o/audit-log?page_token=Y3Vyc29yOjE&per_page=1") == #"[{"page":1}]"#)
        #expect(try await text("/orgs/o/audit-log?page_token=Y3Vyc29yOjI&per_page=1") == #"[{"page":2}]"#)
        let user = try await HTTPFetch.send("GET", base + "/user", headers: auth)
        #expect(user.values("github-authentication-token-expiration") == [Self.expiration])
        #expect(user.values("x-debug") == ["auth=<redacted>"])
        #expect(try await text("/login/oauth/access_token", method: "POST") == #"{"access_token":"<redacted>","token_type":"bearer","scope":"repo"}"#)
        #expect(try await text("/repos/o/r/readme") == "# r\n\nexport GITHUB_TOKEN=<redacted>\n\nBuilt from \(Self.sha).\n")
        #expect(try await text("/repos/o/r/commits/\(Self.sha)") == #"{"sha":"\#(Self.sha)","verified":true}"#)
        #expect(server.unmatched.isEmpty)
        await server.stop()
    }

    /// `--no-default-redaction` keeps a recording that is already clean as it is (an invented access_token a test
    /// asserts on); with the defaults it is scrubbed.
    @Test func noDefaultRedaction_keepsAnAccessToken() throws {
        let folder = TemporaryFolder()
        let harFile = folder.path + "/clean.har"
        let entries: [JSONValue] = [Self.harEntry("/login/oauth/access_token", method: "POST", body: #"{"access_token":"dummy_access_token_1"}"#)]
        try JSONValue.object([JSONMember("log", .object([JSONMember("entries", .array(entries))]))]).prettyBytes().write(to: harFile)

        let kept = try Command.import([harFile, "--to", folder.path + "/kept.json", "--no-default-redaction"])
        #expect(kept.standard.contains("mockapi: redacted nothing"))
        let keptText = String(decoding: try FileIO.read(folder.path + "/kept.json"), as: UTF8.self)
        #expect(keptText.contains("dummy_access_token_1") && keptText.contains(Self.ghp))

        let defaults = try Command.import([harFile, "--to", folder.path + "/scrubbed.json"])
        #expect(defaults.status == 0)
        let scrubbed = String(decoding: try FileIO.read(folder.path + "/scrubbed.json"), as: UTF8.self)
        #expect(!scrubbed.contains("dummy_access_token_1") && !scrubbed.contains(Self.ghp))

        let keep = try Command.import([harFile, "--to", folder.path + "/keep.json", "--keep-json-field", "$.access_token"])
        #expect(keep.status == 0)
        let keepText = String(decoding: try FileIO.read(folder.path + "/keep.json"), as: UTF8.self)
        #expect(keepText.contains("dummy_access_token_1") && !keepText.contains(Self.ghp), "kept by --keep-json-field only")

        let own = try Command.import([harFile, "--to", folder.path + "/own.json", "--no-default-redaction", "--redact-json-field", "$.access_token"])
        #expect(own.status == 0)
        let ownText = String(decoding: try FileIO.read(folder.path + "/own.json"), as: UTF8.self)
        #expect(!ownText.contains("dummy_access_token_1") && ownText.contains(Self.ghp), "the user's own rules still apply")
    }

    /// Two recordings that differ only in a credential are made one by scrubbing: import says so, naming both; two
    /// that differ in something else are not reported.
    @Test func recordingsDifferingOnlyInACredential_makeImportWarn() throws {
        let folder = TemporaryFolder()
        let harFile = folder.path + "/two.har"
        let entries: [JSONValue] = [
            Self.harEntry("/user?access_token=aaaa1111bbbb2222", body: #"{"login":"alice"}"#),
            Self.harEntry("/user?access_token=aaaa1111bbbb2222&page=2", body: #"{"login":"alice2"}"#),
            Self.harEntry("/user?access_token=cccc3333dddd4444", body: #"{"login":"bob"}"#),
        ]
        try JSONValue.object([JSONMember("log", .object([JSONMember("entries", .array(entries))]))]).prettyBytes().write(to: harFile)
        let output = try Command.import([harFile, "--to", folder.path + "/two.json"])
        #expect(output.status == 0)
        #expect(output.error == "mockapi: warning: interactions[0] and interactions[2] were different requests and are now "
            + "one, GET /user?access_token=<redacted>: they differed only in scrubbed values (request query access_token); "
            + "replay answers them in recorded order. If the value is not a secret, keep it (a keep rule for that header, "
            + "query parameter or JSON field) (--keep-header, --keep-query, --keep-json-field)\n")
        #expect(!output.error.contains("aaaa1111bbbb2222") && !output.error.contains("cccc3333dddd4444"))
    }
}
