import Foundation
import MockAPICore
import TestSupport
import Testing

/// `mockapi record` keeps a language model's logprob tokens and `usage` counts as they came, and scrubs a GitHub token
/// under `token`.
@Suite(.serialized) struct RecordLLMRedactionTests {
    /// OpenAI's logprobs answer (hand-made in the documented shape; values invented).
    static let logprobs = #"{"choices":[{"index":0,"logprobs":{"content":[{"token":" Horizonte","logprob":-0.2,"top_logprobs":"#
        + #"[{"token":" Horizonte","logprob":-0.2},{"token":"Horizontal","logprob":-3.1}]}]}}],"usage":{"prompt_tokens":12,"#
        + #""completion_tokens":1,"total_tokens":13}}"#
    static let ghp = "ghp_R2d2C3poR2d2C3poR2d2C3poR2d2C3po1234"

    @Test func logprobTokens_areRecordedAsSent_aGitHubTokenIsScrubbed() async throws {
        let credential = #"{"token":"\#(Self.ghp)"}"#
        try await withRig(upstream: { request in
            let body = request.path.hasSuffix("/token") ? credential : Self.logprobs
            return .response(HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(body.utf8)))
        }) { rig, _ in
            #expect(try await rig.record("POST", "/v1/chat/completions", body: Array(#"{"logprobs":true}"#.utf8)).body == Array(Self.logprobs.utf8))
            #expect(try await rig.record("POST", "/installations/1/token").status == 200)
            let answers = try rig.cassette.interactions.map { String(decoding: $0.response.body.bytes, as: UTF8.self) }
            #expect(answers == [Self.logprobs, #"{"token":"<redacted>"}"#])
        }
    }
}
