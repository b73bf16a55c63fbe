import Foundation
import MockAPICore
import MockAPIJSON
import Testing

/// A streamed answer is kept as its chunks with their times, reads back unchanged, and its bytes are the chunks joined.
struct ChunkedBodyStreamTests {
    private static func cassette(body: String) -> String {
        #"{"mockapi": 1, "interactions": [{"request": {"method": "POST", "path": "/v1/chat"}, "response": {"status": 200, "headers": [["content-type", "text/event-stream"]], "body": \#(body)}}]}"#
    }

    private func load(_ text: String) throws(CassetteError) -> Cassette {
        try Cassette(bytes: Array(text.utf8), file: "Fixtures/llm/chat.json")
    }

    private func error(_ body: String) -> String? {
        do {
            _ = try load(Self.cassette(body: body))
            return nil
        } catch {
            return error.description
        }
    }

    @Test func chunks_readWithTheirTimes_andJoinIntoTheBody() throws {
        let cassette = try load(Self.cassette(body: #"{"chunks": [{"atMs": 0, "text": "data: a\n\n"}, {"atMs": 120.5, "base64": "ZGF0YTog/wo="}, {"atMs": 250, "text": "data: [DONE]\n\n"}]}"#))
        guard case .chunks(let chunked) = cassette.interactions[0].response.body else {
            Issue.record("not read as chunks: \(cassette.interactions[0].response.body)")
            return
        }
        #expect(chunked.chunks.map(\.atMs) == [0, 120.5, 250])
        #expect(chunked.cut == nil)
        var expected = Array("data: a\n\n".utf8)
        expected += [0x64, 0x61, 0x74, 0x61, 0x3A, 0x20, 0xFF, 0x0A]
        expected += Array("data: [DONE]\n\n".utf8)
        #expect(cassette.interactions[0].response.body.bytes == expected)
    }

    /// Written and read again, a chunked body is the same: text where a chunk is UTF-8, base64 where it is not, and
    /// the cut kept.
    @Test func chunks_roundTripThroughTheFileForm() throws {
        let body = Body.chunks(ChunkedBody(
            chunks: [.init(atMs: 0, text: "data: {\"x\":1}\n\n"), .init(atMs: 12.25, bytes: [0xE3, 0x81]), .init(atMs: 13, bytes: [0x82, 0x0A, 0x0A])],
            cut: .upstream))
        let interaction = Interaction(
            request: RecordedRequest(method: "GET", path: "/stream"), response: RecordedResponse(status: 200, body: body))
        let bytes = Cassette(interactions: [interaction]).fileBytes()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""atMs" : 12.25"#) || text.contains(#""atMs": 12.25"#))
        #expect(text.contains(#""base64""#))
        #expect(text.contains(#""cut""#))
        let read = try Cassette(bytes: bytes, file: "x.json")
        #expect(read.interactions[0].response.body == body)
        // The compact form (a write-ahead log line) reads back the same too.
        let line = try JSONValue.parse(interaction.compactBytes())
        let again = try Cassette(json: .object([JSONMember("mockapi", .integer(1)), JSONMember("interactions", .array([line]))]), file: "x.json")
        #expect(again.interactions[0].response.body == body)
    }

    /// A cassette file on disk with a chunked body loads through the file loader (whose fast reader leaves it to
    /// the tree reader), and older bodies beside it load as before.
    @Test func chunkedCassetteFile_loadsBesideOlderBodies() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockapi-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("c.json").path
        let text = #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/a"}, "response": {"status": 200, "body": {"text": "plain"}}}, {"request": {"method": "GET", "path": "/s"}, "response": {"status": 200, "body": {"chunks": [{"atMs": 0, "text": "data: 1\n\n"}, {"atMs": 5, "text": "data: 2\n\n"}]}}}]}"#
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let cassette = try Cassette.load(file: file)
        #expect(cassette.interactions[0].response.body == .text("plain"))
        #expect(cassette.interactions[1].response.body.bytes == Array("data: 1\n\ndata: 2\n\n".utf8))
    }

    @Test func badChunks_areNamedByFieldAndReason() {
        #expect(error(#"{"chunks": [{"atMs": 5, "text": "a"}, {"atMs": 2, "text": "b"}]}"#)
            == "Fixtures/llm/chat.json: interactions[0].response.body.chunks[1].atMs: 2 is earlier than the chunk before it (5); chunks are kept in the order they arrived")
        #expect(error(#"{"chunks": [{"atMs": -1, "text": "a"}]}"#)
            == "Fixtures/llm/chat.json: interactions[0].response.body.chunks[0].atMs: expected milliseconds since the headers, 0 or more")
        #expect(error(#"{"chunks": [{"atMs": 0}]}"#)
            == #"Fixtures/llm/chat.json: interactions[0].response.body.chunks[0]: expected the chunk's bytes as "text" (UTF-8) or "base64""#)
        #expect(error(#"{"chunks": [{"atMs": 0, "text": "a"}], "cut": "maybe"}"#)
            == #"Fixtures/llm/chat.json: interactions[0].response.body.cut: expected "client" or "upstream" (who cut the stream), found "maybe""#)
        #expect(error(#"{"chunks": [], "text": "a"}"#)?.contains(#"body.text"#) == true)
    }

    /// Scrubbing a literal secret reaches inside each chunk and keeps the chunks and their times.
    @Test func redaction_scrubsInsideEachChunk_keepingTimes() {
        let secret = "sk-live-1234567890abcdef1234"
        var interaction = Interaction(
            request: RecordedRequest(method: "GET", path: "/s"),
            response: RecordedResponse(status: 200, body: .chunks(ChunkedBody(chunks: [
                .init(atMs: 0, text: "data: hello\n\n"), .init(atMs: 40, text: "data: key=\(secret)\n\n"),
            ]))))
        var rules = RedactionRules.standard
        rules.literals.append(.environment("API_KEY", value: secret))
        let redactor = Redactor(rules: rules)
        redactor.redact(&interaction)
        guard case .chunks(let chunked) = interaction.response.body else {
            Issue.record("the chunks were lost: \(interaction.response.body)")
            return
        }
        #expect(chunked.chunks.map(\.atMs) == [0, 40])
        #expect(chunked.chunks[0].bytes == Array("data: hello\n\n".utf8))
        #expect(!String(decoding: chunked.chunks[1].bytes, as: UTF8.self).contains(secret))
    }

    /// Replay prepares a chunked answer as the joined body with each chunk's end and due time, as the timing says.
    @Test func preparedStream_keepsBoundaries_andScalesTimes() {
        let response = RecordedResponse(status: 200, headers: [("content-type", "text/event-stream")], body: .chunks(ChunkedBody(chunks: [
            .init(atMs: 0, text: "data: a\n\n"), .init(atMs: 100, text: "data: bb\n\n"),
        ])))
        let none = ResponsePreparer.prepare(response, rewriter: nil)
        #expect(none.body == Array("data: a\n\ndata: bb\n\n".utf8))
        #expect(none.stream == ResponseStream(ends: [9, 19], dueMs: [0, 0]))
        #expect(ResponsePreparer.prepare(response, rewriter: nil, streamTiming: .recorded).stream?.dueMs == [0, 100])
        #expect(ResponsePreparer.prepare(response, rewriter: nil, streamTiming: .scale(0.5)).stream?.dueMs == [0, 50])
    }

    @Test func streamTiming_parsesWhatTheOptionTakes() {
        #expect(StreamTiming(parsing: "none") == StreamTiming.none)
        #expect(StreamTiming(parsing: "recorded") == .recorded)
        #expect(StreamTiming(parsing: "scale:0.25") == .scale(0.25))
        #expect(StreamTiming(parsing: "scale:-1") == nil)
        #expect(StreamTiming(parsing: "fast") == nil)
    }
}
