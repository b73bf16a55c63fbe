import Foundation
import MockAPICore
import MockAPIInterop
import MockAPIJSON
import MockAPITesting
import Testing
import TestSupport

/// Redaction knows language-model traffic: a logprob's `token` is a piece of text and `usage` counts are numbers, so
/// an import with the default rules keeps them; a GitHub token under `token` is still scrubbed.
struct LLMRedactionImportTests {
    /// OpenAI's chat completion with `logprobs: true` answers each text token under `token` (hand-made in the shape
    /// OpenAI documents; values invented).
    static let openAILogprobs = #"{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"Belo Horizonte"},"#
        + #""logprobs":{"content":[{"token":"Belo","logprob":-0.01,"bytes":[66,101,108,111],"top_logprobs":[{"token":"Belo","logprob":-0.01,"bytes":[66,101,108,111]}]},"#
        + #"{"token":" Horizonte","logprob":-0.2,"bytes":[32,72,111,114,105,122,111,110,116,101],"top_logprobs":[{"token":" Horizonte","logprob":-0.2,"bytes":[32,72,111,114,105,122,111,110,116,101]},"#
        + #"{"token":"Horizontal","logprob":-3.1,"bytes":null},{"token":" São Paulo","logprob":-4.2,"bytes":null},{"token":"\n\n","logprob":-9.0,"bytes":null}]}]},"#
        + #""finish_reason":"stop"}],"usage":{"prompt_tokens":12,"completion_tokens":2,"total_tokens":14,"completion_tokens_details":{"reasoning_tokens":0}}}"#
    /// The same for an Anthropic-style answer: text tokens and `usage` counts under token-named members.
    static let anthropicLogprobs = #"{"id":"msg_01","type":"message","content":[{"type":"text","text":"Horizonte"}],"#
        + #""logprobs":{"tokens":["Horiz","onte"],"token_logprobs":[-0.1,-0.01],"top_logprobs":[{"token":"JavaScript","logprob":-2.5}]},"#
        + #""usage":{"input_tokens":10,"output_tokens":2,"cache_read_input_tokens":0}}"#
    static let ghp = "ghp_R2d2C3poR2d2C3poR2d2C3poR2d2C3po1234"

    /// A VCR cassette of one POST answered with `body` as JSON.
    static func vcr(_ bodies: [String]) -> String {
        var text = "---\nhttp_interactions:\n"
        for (index, body) in bodies.enumerated() {
            let escaped = body.replacingOccurrences(of: "'", with: "''")
            text += """
            - request:
                method: post
                uri: https://api.example.test/v1/chat/completions?n=\(index)
                body:
                  encoding: UTF-8
                  string: '{"model":"m"}'
                headers:
                  Content-Type:
                  - application/json
              response:
                status:
                  code: 200
                  message: OK
                headers:
                  Content-Type:
                  - application/json
                body:
                  encoding: UTF-8
                  string: '\(escaped)'
              recorded_at: Wed, 19 Aug 2026 14:34:12 GMT

            """
        }
        return text + "recorded_with: VCR 6.3.1\n"
    }

    @Test func logprobsAndUsage_surviveImport_aGitHubTokenUnderTokenIsScrubbed() throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/llm.yml"
        let credential = #"{"token":"\#(Self.ghp)","tokens":"Zx8Qp2Lm9Rt4Vw7Yb3Kc"}"#
        try Array(Self.vcr([Self.openAILogprobs, Self.anthropicLogprobs, credential]).utf8).write(to: file)
        let result = try CassetteImporter(rules: .standard).importFiles([file], output: "out.json")
        let answers = result.cassette.interactions.map { String(decoding: $0.response.body.bytes, as: UTF8.self) }
        #expect(answers.count == 3)
        #expect(answers.first == Self.openAILogprobs)
        #expect(answers.dropFirst().first == Self.anthropicLogprobs)
        #expect(answers.last == #"{"token":"<redacted>","tokens":"<redacted>"}"#)
    }

    /// Real streams of OpenAI, Anthropic, Gemini and OpenRouter (ruby_llm's cassettes, Resources/ruby-llm-LICENSE.txt)
    /// hold `usage` counts under token-named members: imported with the default rules, every answer is the one
    /// imported with none.
    @Test(arguments: [
        "ruby-llm-openai-chat-sse.yml", "ruby-llm-openai-responses-sse.yml", "ruby-llm-anthropic-sse.yml",
        "ruby-llm-gemini-sse.yml", "ruby-llm-openrouter-sse.yml",
    ])
    func realStreams_importUnchangedByDefaultRedaction(file: String) throws {
        let standard = try CassetteImporter(rules: .standard).importFiles([Inputs.path(file)], output: "out.json")
        let none = try CassetteImporter(rules: .none).importFiles([Inputs.path(file)], output: "out.json")
        #expect(!standard.cassette.interactions.isEmpty)
        #expect(standard.cassette.interactions.map(\.response.body.bytes) == none.cassette.interactions.map(\.response.body.bytes))
        let text = standard.cassette.interactions.map { String(decoding: $0.response.body.bytes, as: UTF8.self) }.joined()
        #expect(text.lowercased().contains("tokens"), "the stream has usage counts to keep")
    }

    /// The same streams with a GitHub token written into an event: scrubbed by its shape.
    @Test func aTokenInsideAStream_isScrubbed() throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/leak.yml"
        let original = String(decoding: try Inputs.bytes("ruby-llm-openai-chat-sse.yml"), as: UTF8.self)
        try Array(original.replacingOccurrences(of: #""obfuscation":"wfQTBsUs""#, with: #""token":"\#(Self.ghp)""#).utf8).write(to: file)
        let result = try CassetteImporter(rules: .standard).importFiles([file], output: "out.json")
        let text = result.cassette.interactions.map { String(decoding: $0.response.body.bytes, as: UTF8.self) }.joined()
        #expect(text.contains(#""token":"<redacted>""#))
        #expect(!text.contains(Self.ghp))
    }
}
