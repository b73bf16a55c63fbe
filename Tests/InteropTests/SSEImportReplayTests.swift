import APIClient
import Foundation
import MockAPICore
import MockAPIInterop
import MockAPITesting
import Testing

/// Real recorded LLM streams (ruby_llm's VCR cassettes, MIT licence: Resources/ruby-llm-LICENSE.txt; copied from
/// ../shared/data/ruby-llm-sse) import as chunks at event boundaries and replay through the client's streaming
/// call with every event parsed: OpenRouter's comment lines, Gemini's CRLF line ends, Anthropic's named events.
struct SSEImportReplayTests {
    @Test(arguments: ["ruby-llm-openrouter-sse.yml", "ruby-llm-gemini-sse.yml", "ruby-llm-anthropic-sse.yml"])
    func importedStream_replaysEveryEventThroughTheClient(file: String) async throws {
        let result = try CassetteImporter(rules: .none).importFiles([Inputs.path(file)], output: "out.json")
        let interaction = try #require(result.cassette.interactions.first)
        guard case .chunks(let chunked) = interaction.response.body else {
            Issue.record("\(file): the event stream was not imported as chunks")
            return
        }
        let text = String(decoding: interaction.response.body.bytes, as: UTF8.self)
        // Each event of these streams has one data line.
        let dataLines = text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .filter { $0.hasPrefix("data:") }.count
        #expect(dataLines > 0)
        #expect(chunked.chunks.count >= dataLines)

        let server = try ReplayServer(cassettes: [LoadedCassette(name: "llm", file: "llm.json", cassette: result.cassette)])
        let client = RESTClient(baseURL: server.baseURL, transport: URLSessionTransport())
        let query = interaction.request.query.map { URLComponents(string: "?" + $0)?.queryItems ?? [] } ?? []
        var events: [ServerSentEvent] = []
        do {
            for try await event in client.serverSentEvents(
                interaction.request.path, method: .post,
                body: RequestBody(data: Data(interaction.request.body.bytes), contentType: "application/json"), queryItems: query)
            {
                events.append(event)
            }
        } catch {
            Issue.record("\(file): \(error)")
        }
        await server.stop()
        #expect(events.count == dataLines, "\(file)")
        #expect(!events.contains { $0.data.contains("OPENROUTER PROCESSING") })
        #expect(events.allSatisfy { !$0.data.contains("\r") })
        #expect(server.unmatched.isEmpty)
    }
}
