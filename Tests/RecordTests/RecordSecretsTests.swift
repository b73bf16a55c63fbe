import Foundation
import MockAPICore
import MockAPITesting
import MockAPIJSON
import TestSupport
import Testing

/// Secrets never reach disk: canary values sent and received in every place a credential travels are absent from
/// every file the recorder wrote, while the client still gets the real answer and replay still matches.
@Suite(.serialized) struct RecordSecretsTests {
    static let envValue = "ghp_CANARYenv0123456789abcdef"
    static let canaries = [
        "CANARY-AUTH-1111", "CANARY-PROXY-2222", "CANARY-COOKIE-333", "CANARY-APIKEY-444", "CANARY-SESSION-55",
        "CANARY-Q-ACCESS-6", "CANARY-Q-TOKEN-77", "CANARY-Q-SECRET-8", "CANARY-Q-APIKEY-9", "CANARY-Q-SESSIONa",
        "CANARY-BODY-PASSb", "CANARY-BODY-SSNcc", "CANARY-SETCOOKIEd", "CANARY-RESP-TOKNe", "CANARY-RESP-SSNff",
        "CANARY-CUSTOM-RSP", envValue,
    ]

    static func rules() throws -> RedactionRules {
        RedactionRules.standard.adding(RedactionRules(
            headers: ["x-session-key", "x-custom-secret-echo"], queryParameters: ["sessionid"],
            jsonFields: [try JSONPathPattern(parsing: "$.profile.ssn")],
            literals: [.environment("GITHUB_TOKEN", value: envValue)]))
    }

    @Test func canaries_neverReachDisk() async throws {
        let env = Self.envValue
        try await withRig(upstream: { request in
            // The upstream echoes the credential and the variable, sets cookies, and returns tokens.
            let auth = request.headers["authorization"] ?? ""
            let body = #"{"token":"CANARY-RESP-TOKNe","seen":"\#(auth)","env":"\#(env)","profile":{"ssn":"CANARY-RESP-SSNff","name":"octocat"}}"#
            return .response(.json(status: 200, Array(body.utf8), headers: [
                ("Set-Cookie", "sess=CANARY-SETCOOKIEd; Path=/; HttpOnly"), ("X-Custom-Secret-Echo", "CANARY-CUSTOM-RSP"),
                ("Location", "http://example.test/next?access_token=CANARY-Q-ACCESS-6&n=\(env)"),
            ]))
        }, rules: try Self.rules()) { rig, _ in
            let query = "access_token=CANARY-Q-ACCESS-6&token=CANARY-Q-TOKEN-77&client_secret=CANARY-Q-SECRET-8"
                + "&api_key=CANARY-Q-APIKEY-9&sessionid=CANARY-Q-SESSIONa&q=\(env)&page=1"
            let headers = [
                ("Authorization", "Bearer CANARY-AUTH-1111"), ("Proxy-Authorization", "Basic CANARY-PROXY-2222"),
                ("Cookie", "sid=CANARY-COOKIE-333; theme=dark"), ("X-Api-Key", "CANARY-APIKEY-444"),
                ("X-Session-Key", "CANARY-SESSION-55"), ("X-Note", "made with \(env)"), ("Content-Type", "application/json"),
            ]
            let body = Array(#"{"password":"CANARY-BODY-PASSb","profile":{"ssn":"CANARY-BODY-SSNcc"},"note":"\#(env)"}"#.utf8)
            let answer = try await rig.record("POST", "/user/settings?" + query, headers: headers, body: body)
            // The client gets the upstream's answer unchanged.
            #expect(answer.status == 200)
            #expect(answer.text.contains("CANARY-RESP-TOKNe"))
            #expect(answer.headers["set-cookie"] == "sess=CANARY-SETCOOKIEd; Path=/; HttpOnly")
            // The variable in a path is scrubbed too.
            #expect(try await rig.record("GET", "/repos/\(env)/contents").status == 200)

            for (path, bytes) in rig.folder.allFiles() {
                for canary in Self.canaries {
                    #expect(bytes.range(of: Data(canary.utf8)) == nil, "\(canary) found in \(path)")
                }
            }
            let interactions = try rig.cassette.interactions
            #expect(interactions.count == 2)
            #expect(interactions[0].request.headers["authorization"] == "Bearer <redacted>")
            #expect(interactions[0].request.headers["x-note"] == "made with <GITHUB_TOKEN>")
            #expect(interactions[1].request.path == "/repos/<GITHUB_TOKEN>/contents")
            #expect(rig.recorder.statistics.redactions.total >= Self.canaries.count)

            // Replay ignores the scrubbed values: the same call with other credentials matches.
            let otherQuery = "access_token=other1&token=other2&client_secret=other3&api_key=other4&sessionid=other5&q=other6&page=1"
            let otherBody = Array(#"{"password":"x","profile":{"ssn":"y"},"note":"z"}"#.utf8)
            let replayed = try await rig.replay { base in
                try await rig.client.send("POST", base + "/user/settings?" + otherQuery,
                                          headers: [("Content-Type", "application/json")], body: otherBody)
            }
            #expect(replayed.status == 200)
            #expect(replayed.headers["x-mockapi-unmatched"] == nil)
        }
    }

    /// A secret that no rule can scrub (here in a header name) is caught before writing: the client gets a loud
    /// 502, nothing is written, and the recorder goes on recording.
    @Test func unscrubbableSecret_isRefusedLoudly() async throws {
        let env = Self.envValue
        try await withRig(upstream: { request in
            request.path == "/leaky"
                ? .response(HTTPResponse(status: 200, headers: [("X-\(env)", "1")], body: Array("ok".utf8)))
                : .response(.text(status: 200, "fine"))
        }, rules: try Self.rules()) { rig, _ in
            let refused = try await rig.record("GET", "/leaky")
            #expect(refused.status == 502)
            #expect(refused.headers["x-mockapi-error"] == "write-refused")
            let message = try JSONValue.parse(refused.body)["error"]?.stringValue ?? ""
            #expect(message.contains("refused to write: the value of GITHUB_TOKEN would have been written to disk"))
            #expect(!message.contains(env))
            #expect(try await rig.record("GET", "/fine").status == 200)
            #expect(try rig.cassette.interactions.map(\.request.path) == ["/fine"])
            for (path, bytes) in rig.folder.allFiles() {
                #expect(bytes.range(of: Data(env.utf8)) == nil, "found in \(path)")
            }
        }
    }
}
