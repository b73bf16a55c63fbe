import Foundation
import MockAPICore
import MockAPITesting
import MockAPIJSON
import TestSupport
import Testing

/// What `mockapi record` writes: credentials scrubbed by name and by shape, everything a request or answer needs to
/// stay distinct kept as sent, and two requests that scrubbing made one reported.
@Suite(.serialized) struct RecordCredentialRulesTests {
    static let ghp = "ghp_R2d2C3poR2d2C3poR2d2C3poR2d2C3po1234"
    static let sha = "6dcb09b5b57875f334f61aebed695e2e4193db5e"

    /// Each rule in both directions, through a real recording: a token in a debug header and in a README body is
    /// scrubbed, the booleans, enum words, cursors, the expiration date and the sha are written as sent, and each
    /// request replays its own answer.
    @Test func credentialsScrubbed_dataKept_answersDistinct() async throws {
        try await withRig(upstream: { request in
            let body = request.path.hasSuffix("/readme") ? "token: \(Self.ghp)\nsha \(Self.sha)\n" : "answer to \(request.query ?? "")"
            return .response(HTTPResponse(
                status: 200, headers: [("GitHub-Authentication-Token-Expiration", "2026-12-01 00:00:00 UTC"), ("X-Debug", "seen \(Self.ghp)")],
                body: Array(body.utf8)))
        }) { rig, _ in
            let targets = [
                "/alerts?hide_secret=true&secret_type=adafruit_io_key", "/alerts?hide_secret=false&secret_type=mailchimp_api_key",
                "/events?page_token=Y3Vyc29yOjI", "/events?page_token=Y3Vyc29yOjE", "/repos/o/r/readme",
            ]
            for target in targets {
                #expect(try await rig.record("GET", target, headers: [("Authorization", "token \(Self.ghp)")]).status == 200)
            }
            let file = String(decoding: try FileIO.read(rig.cassetteFile), as: UTF8.self)
            #expect(!file.contains(Self.ghp))
            let interactions = try rig.cassette.interactions
            #expect(interactions.map(\.request.query) == [
                "hide_secret=true&secret_type=adafruit_io_key", "hide_secret=false&secret_type=mailchimp_api_key",
                "page_token=Y3Vyc29yOjI", "page_token=Y3Vyc29yOjE", nil,
            ])
            #expect(interactions.allSatisfy { $0.request.headers["authorization"] == "token <redacted>" })
            #expect(interactions.allSatisfy { $0.response.headers["github-authentication-token-expiration"] == "2026-12-01 00:00:00 UTC" })
            #expect(interactions.allSatisfy { $0.response.headers["x-debug"] == "seen <redacted>" })
            #expect(interactions[4].response.body == .text("token: <redacted>\nsha \(Self.sha)\n"))
            #expect(rig.recorder.statistics.merges.isEmpty)

            try await rig.replay { base async throws in
                for target in targets.reversed().dropFirst() {
                    let answer = try await rig.client.send("GET", base + target)
                    #expect(answer.text == "answer to \(target.split(separator: "?").last ?? "")")
                }
            }
        }
    }

    /// A pretty-printed JSON answer with a token in it: the client gets it as the upstream sent it, the cassette holds
    /// it with only the token's bytes replaced (its layout, `\/` escapes and final newline kept, a number scrubbed by a
    /// path rule too), and replay sends exactly that.
    @Test func prettyJSONAnswer_onlyTheScrubbedValuesChange() async throws {
        let answer = "{\n  \"id\": 12345,\n  \"access_token\": \"gho_\\u0041bcdefghijklmnop\",\n  \"url\": \"https:\\/\\/x.test\\/a\"\n}\n"
        let scrubbed = "{\n  \"id\": \"<redacted>\",\n  \"access_token\": \"<redacted>\",\n  \"url\": \"https:\\/\\/x.test\\/a\"\n}\n"
        var rules = RedactionRules.standard
        rules.jsonFields.append(try JSONPathPattern(parsing: "$.id"))
        try await withRig(upstream: { _ in
            .response(HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(answer.utf8)))
        }, rules: rules) { rig, _ in
            #expect(try await rig.record("POST", "/login/oauth/access_token").body == Array(answer.utf8))
            #expect(try rig.cassette.interactions.first?.response.body.bytes == Array(scrubbed.utf8))
            try await rig.replay { base async throws in
                #expect(try await rig.client.send("POST", base + "/login/oauth/access_token").body == Array(scrubbed.utf8))
            }
        }
    }

    /// Two requests that differ only in a credential are reported, naming both; replay answers them in recorded order.
    @Test func requestsDifferingOnlyInACredential_areReported() async throws {
        try await withRig(upstream: { request in .response(.text(status: 200, "for \(request.query?.last.map(String.init) ?? "")")) }) { rig, _ in
            #expect(try await rig.record("GET", "/user?access_token=aaaa1111bbbb2222").status == 200)
            #expect(try await rig.record("GET", "/user?access_token=cccc3333dddd4444").status == 200)
            #expect(try await rig.record("GET", "/user?per_page=1").status == 200)
            #expect(rig.recorder.statistics.merges == [RedactionMerge(
                first: 0, second: 1, request: "GET /user?access_token=<redacted>", places: ["request query access_token"])])
            try await rig.replay { base async throws in
                #expect(try await rig.client.send("GET", base + "/user?access_token=new").text == "for 2")
                #expect(try await rig.client.send("GET", base + "/user?access_token=new").text == "for 4")
            }
        }
    }

    /// `RedactionRules` for Swift callers: kept headers and parameters are written as sent, a `*token*` parameter
    /// holding a generated value is still scrubbed, and without the defaults (`.none`) nothing is.
    @Test func keptNames_andNoDefaults_throughTheRecorder() async throws {
        var rules = RedactionRules.standard
        rules.keepHeaders = ["x-debug"]
        rules.keepQueryParameters = ["access_token"]
        let target = "/a?access_token=dummy_access_token_1&x_token=Zx8Qp2Lm9Rt4Vw7Yb3"
        let kept = "ghp_KeptKeptKeptKeptKeptKeptKeptKept0000"
        let headers = [("X-Debug", kept), ("Authorization", "token \(Self.ghp)")]
        try await withRig(upstream: { _ in .response(.text(status: 200, "ok")) }, rules: rules) { rig, _ in
            #expect(try await rig.record("GET", target, headers: headers).status == 200)
            let request = try rig.cassette.interactions[0].request
            #expect(request.query == "access_token=dummy_access_token_1&x_token=<redacted>")
            #expect(request.headers["x-debug"] == kept)
            #expect(request.headers["authorization"] == "token <redacted>")
        }
        try await withRig(upstream: { _ in .response(.text(status: 200, "ok")) }, rules: .none) { rig, _ in
            #expect(try await rig.record("GET", target, headers: headers).status == 200)
            let request = try rig.cassette.interactions[0].request
            #expect(request.query == "access_token=dummy_access_token_1&x_token=Zx8Qp2Lm9Rt4Vw7Yb3")
            #expect(request.headers["authorization"] == "token \(Self.ghp)")
        }
    }
}
