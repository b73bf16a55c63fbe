import Foundation
import MockAPICLI
import MockAPICore
import MockAPIInterop
import MockAPIJSON
import MockAPITesting
import Testing
import TestSupport

/// Cassette → HAR → cassette, and HAR → cassette → replay server → client.
@Suite(.timeLimit(.minutes(2)))
struct RoundTripTests {
    /// Every interaction of every fixture comes back from its HAR exactly as it was (scrubbing off, so the
    /// deliberately unredacted hand-written values survive too), each body stored as an import stores its bytes (a
    /// fixture committed with JSON as text comes back as JSON in its layout, the same bytes).
    @Test func everyFixture_survivesCassetteToHARToCassette() throws {
        let all = try CassetteLoader.load([try Inputs.fixtures])
        let exporter = HARExporter(creatorVersion: MockAPI.version)
        for loaded in all {
            let har = exporter.fileBytes(loaded.cassette.interactions)
            let back = try CassetteImporter(rules: .none).importBytes(har, file: loaded.file + ".har")
            let expected = loaded.cassette.interactions.map { interaction in
                var stored = interaction
                stored.request.body = interaction.request.body.replacingBytes { $0 }
                stored.response.body = interaction.response.body.replacingBytes { $0 }
                return stored
            }
            #expect(back.interactions == expected, "\(loaded.name)")
            #expect(zip(back.interactions, loaded.cassette.interactions).allSatisfy {
                $0.request.body.bytes == $1.request.body.bytes && $0.response.body.bytes == $1.response.body.bytes
            }, "\(loaded.name)")
            #expect(back.warnings.isEmpty)
        }
        #expect(all.count > 30)
    }

    /// What HAR has no field for survives too: a mount, a missing upstream, date and duration, an empty query, a
    /// binary request body, a fractional duration, headers a foreign HAR would lose.
    @Test func cassetteOnlyFields_surviveTheRoundTrip() throws {
        let interactions = [
            Interaction(
                request: RecordedRequest(method: "PUT", path: "/items/1", query: "", headers: [("content-length", "3")],
                                         body: .binary([0xFF, 0, 1])),
                response: RecordedResponse(status: 204, headers: [("content-encoding", "gzip")]),
                upstream: "https://qiita.com", mount: "/qiita", recordedAt: nil, durationMs: 12.25),
            Interaction(
                request: RecordedRequest(method: "GET", path: "/a%20b", query: "q=%E2%9C%93&q=+"),
                response: RecordedResponse(status: 200, body: .text("plain\n")),
                upstream: nil, recordedAt: "2026-01-01T00:00:00Z", durationMs: nil),
            Interaction(
                request: RecordedRequest(method: "GET", path: "/"), response: RecordedResponse(status: 200),
                upstream: "http://127.0.0.1:8080", recordedAt: "Tue, 01 Nov 2011 04:58:44 GMT", durationMs: 0),
        ]
        let har = HARExporter(creatorVersion: "test").fileBytes(interactions)
        let back = try CassetteImporter(rules: .none).importBytes(har, file: "x.har")
        #expect(back.interactions == interactions)
        // HAR's startedDateTime must be an ISO 8601 date-time: a VCR-style date travels in _mockapi.
        let entries = try JSONValue.parse(har)["log"]?["entries"]?.arrayValue ?? []
        #expect(entries.map { $0["startedDateTime"] } == ["1970-01-01T00:00:00.000Z", "2026-01-01T00:00:00Z", "1970-01-01T00:00:00.000Z"].map(JSONValue.string))
    }

    /// A streamed body keeps its pieces and their times through HAR: `content.text` holds the whole body (what viewers
    /// show), `content._chunks` the pieces in the cassette's form (a piece that is not UTF-8 on its own as base64),
    /// `_cut` who cut it; the import reads them back.
    @Test func streamedBody_keepsItsChunksThroughHAR() throws {
        let euro = Array("€".utf8)
        let chunks = ChunkedBody(chunks: [
            ChunkedBody.Chunk(atMs: 0, text: "data: {\"delta\":\"Hel\"}\n\n"),
            ChunkedBody.Chunk(atMs: 120.5, bytes: Array("data: ".utf8) + euro.prefix(1)),
            ChunkedBody.Chunk(atMs: 240, bytes: Array(euro.dropFirst()) + Array("\n\n".utf8)),
        ], cut: .upstream)
        let interactions = [
            Interaction(
                request: RecordedRequest(method: "POST", path: "/v1/chat/completions", headers: [("content-type", "application/json")],
                                         body: Body(bytes: Array(#"{"stream":true}"#.utf8))),
                response: RecordedResponse(status: 200, headers: [("content-type", "text/event-stream")], body: .chunks(chunks)),
                upstream: "https://api.openai.com", recordedAt: "2026-11-27T00:00:00Z", durationMs: 250)
        ]
        let har = HARExporter(creatorVersion: "test").fileBytes(interactions)
        let content = try JSONValue.parse(har)["log"]?["entries"]?.arrayValue?.first?["response"]?["content"]
        #expect(content?["text"]?.stringValue == String(decoding: chunks.bytes, as: UTF8.self))
        let exported = content?["_chunks"]?.arrayValue ?? []
        #expect(exported.map { value -> Double? in
            guard case .number(let text)? = value["atMs"] else { return nil }
            return Double(text)
        } == [0, 120.5, 240])
        #expect(exported.map { $0["base64"] != nil } == [false, true, true])
        #expect(content?["_cut"] == .string("upstream"))
        let back = try CassetteImporter(rules: .none).importBytes(har, file: "stream.har")
        #expect(back.interactions == interactions)
    }

    /// `_chunks` that do not join to `content.text` are refused, naming the field.
    @Test func streamedBody_chunksThatDisagreeWithTheText_areRefused() throws {
        let har = #"""
            {"log": {"version": "1.2", "creator": {"name": "other", "version": "1"}, "entries": [{
              "startedDateTime": "2026-11-27T00:00:00Z", "time": 1,
              "request": {"method": "GET", "url": "https://llm.example/v1/stream", "headers": []},
              "response": {"status": 200, "headers": [{"name": "content-type", "value": "text/event-stream"}],
                           "content": {"mimeType": "text/event-stream", "text": "data: a\n\n",
                                       "_chunks": [{"atMs": 0, "text": "data: b\n\n"}]}}}]}}
            """#
        #expect {
            try CassetteImporter(rules: .none).importBytes(Array(har.utf8), file: "bad.har")
        } throws: { error in
            "\(error)".contains("_chunks") && "\(error)".contains("do not join to content.text")
        }
    }

    /// The exported file has every field HAR 1.2 requires, so viewers and devtools open it.
    @Test func exportedHAR_hasEveryRequiredField() throws {
        let cassette = try Cassette.load(file: try Inputs.fixtures + "/github/get-archive.json")
        let document = try JSONValue.parse(HARExporter(creatorVersion: MockAPI.version).fileBytes(cassette.interactions))
        let log = try #require(document["log"])
        #expect(log["version"] == .string("1.2"))
        #expect(log["creator"]?["name"] == .string("mockapi"))
        #expect(log["creator"]?["version"] == .string(MockAPI.version))
        let entries = try #require(log["entries"]?.arrayValue)
        #expect(entries.count == cassette.interactions.count)
        func names(_ value: JSONValue?) -> Set<String> { Set(value?.objectValue?.map(\.name) ?? []) }
        for entry in entries {
            #expect(names(entry).isSuperset(of: ["startedDateTime", "time", "request", "response", "cache", "timings"]))
            #expect(names(entry["request"]).isSuperset(of: ["method", "url", "httpVersion", "cookies", "headers", "queryString", "headersSize", "bodySize"]))
            #expect(names(entry["response"]).isSuperset(of: ["status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL", "headersSize", "bodySize"]))
            let content = entry["response"]?["content"]
            #expect(names(content).isSuperset(of: ["size", "mimeType"]))
            #expect(names(entry["timings"]).isSuperset(of: ["send", "wait", "receive"]))
        }
        // The tarball (binary) is base64 with its encoding named; the redirect has its target in redirectURL.
        #expect(entries[1]["response"]?["content"]?["encoding"] == .string("base64"))
        #expect(entries[0]["response"]?["redirectURL"] == cassette.interactions[0].response.headers["location"].map(JSONValue.string))
        // Any JSON reader takes it (viewers use the browser's).
        #expect(try JSONSerialization.jsonObject(with: Data(HARExporter(creatorVersion: "1").fileBytes(cassette.interactions))) is [String: Any])
    }

    /// The commands end to end: `mockapi export` of a folder, `mockapi import` of the file, and the cassette that
    /// comes back holds the same interactions (scrubbed as import always does).
    @Test func exportThenImportCommands_giveTheSameInteractions() throws {
        let folder = TemporaryFolder()
        let source = try Inputs.fixtures + "/qiita"
        let exported = try Command.export([source, "--to", folder.path + "/qiita.har"])
        #expect(exported.status == 0)
        #expect(exported.standard == "mockapi: exported 14 interactions from 5 cassettes to \(folder.path)/qiita.har (HAR 1.2)\n")
        let imported = try Command.import([folder.path + "/qiita.har", "--to", folder.path + "/qiita.json"])
        #expect(imported.status == 0, "\(imported.error)")
        let original = try CassetteLoader.load([source]).flatMap(\.cassette.interactions)
        #expect(try Cassette.load(file: folder.path + "/qiita.json").interactions == original)
    }

    /// `--to` an existing folder writes one HAR per cassette there, named by the cassette's name, each importable.
    @Test func exportToAFolder_writesOneHARPerCassette() throws {
        let folder = TemporaryFolder()
        let source = try Inputs.fixtures + "/qiita"
        let exported = try Command.export([source, "--to", folder.path])
        #expect(exported.status == 0, "\(exported.error)")
        let names = try CassetteLoader.load([source]).map(\.name)
        #expect(names.count == 5)
        #expect(exported.standard.split(separator: "\n").count == names.count)
        for name in names {
            let imported = try Command.import([folder.path + "/\(name).har", "--to", folder.path + "/back/\(name).json"])
            #expect(imported.status == 0, "\(name): \(imported.error)")
            let original = try Cassette.load(file: source + "/\(name).json").interactions
            #expect(try Cassette.load(file: folder.path + "/back/\(name).json").interactions == original, "\(name)")
        }
    }

    /// A client talking to `mockapi serve` over an imported HAR gets the bytes the browser got: the gzip body
    /// decoded, the PNG byte for byte, the other host's answer too, and `Link` pointing at the mock.
    @Test func importedHAR_isServedWithTheRecordedBytes() async throws {
        let result = try CassetteImporter().importFiles([Inputs.devtoolsHAR], output: "devtools.json")
        let server = try ReplayServer(cassettes: [LoadedCassette(name: "devtools", file: "devtools.json", cassette: result.cassette)])
        let base = server.baseURL.absoluteString

        // The token was scrubbed: any token matches the placeholder.
        let user = try await HTTPFetch.send("GET", base + "/users/octocat?per_page=2&access_token=another-token")
        #expect(user.status == 200)
        #expect(user.body == Array(Inputs.octocat.utf8))
        #expect(user.values("content-encoding").isEmpty)

        let repos = try await HTTPFetch.send("GET", base + "/users/octocat/repos")
        #expect(repos.values("link") == ["<\(base)/users/octocat/repos?page=2>; rel=\"next\""])

        let upload = try await HTTPFetch.send(
            "POST", base + "/repos/octocat/Hello-World/releases/1/assets?name=logo.png",
            headers: [("content-type", "application/json")], body: Array(#"{"label": "logo"}"#.utf8))
        #expect(upload.status == 201)
        #expect(upload.body == Inputs.png)
        #expect(upload.values("content-type") == ["image/png"])

        #expect(server.unmatched.isEmpty, "\(server.unmatched.map(\.line))")
        await server.stop()
    }
}
