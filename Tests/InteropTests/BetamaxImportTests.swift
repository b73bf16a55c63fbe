import Foundation
import MockAPICLI
import MockAPICore
import MockAPIInterop
import MockAPITesting
import Testing
import TestSupport

/// Importing Betamax (Python) cassettes, as the test suites of several GitHub clients keep them. The files below have
/// the shape Betamax's JSON serializer writes (one line per file, here broken for reading); the values are invented.
@Suite(.timeLimit(.minutes(1)))
struct BetamaxImportTests {
    /// Betamax 0.8: `recorded_with`, `status: {code, message}`, headers as lists (a repeated one, `Vary`), a
    /// `base64_string` body (`preserve_exact_body_bytes`), a text body Betamax decoded as ISO-8859-1 (requests'
    /// guess for text without a charset), and a token in the request.
    static let current = #"""
        {"http_interactions": [
         {"request": {"body": {"encoding": "utf-8", "string": ""},
                      "headers": {"Accept": ["application/vnd.github.v3+json"],
                                  "Authorization": ["token ghp_16C7e42F292c6912E7710c838347Ae178B4a"]},
                      "method": "GET", "uri": "https://api.github.com/repos/o/r/contents/logo.png"},
          "response": {"body": {"base64_string": "iVBORw0KGgoAAAANSUhEUv/+", "encoding": null},
                       "headers": {"Content-Type": ["image/png"], "Vary": ["Accept", "Accept-Encoding"],
                                   "Content-Length": ["18"]},
                       "status": {"code": 200, "message": "OK"},
                       "url": "https://api.github.com/repos/o/r/contents/logo.png"},
          "recorded_at": "2017-10-10T16:00:00"},
         {"request": {"body": {"encoding": "utf-8", "string": "{\"title\": \"caf\u00e9\"}"},
                      "headers": {"Content-Type": ["application/json"]},
                      "method": "POST", "uri": "https://api.github.com/repos/o/r/issues"},
          "response": {"body": {"encoding": "ISO-8859-1", "string": "caf\u00e9 created"},
                       "headers": {"Content-Type": ["text/plain"]},
                       "status": {"code": 201, "message": "Created"},
                       "url": "https://api.github.com/repos/o/r/issues"},
          "recorded_at": "2017-10-10T16:00:01"}],
         "recorded_with": "betamax/0.8.1"}
        """#

    /// Betamax before 0.2: `status_code`, headers as single strings, no `recorded_with`.
    static let old = #"""
        {"http_interactions": [
         {"request": {"body": "", "headers": {"Accept": "*/*"}, "method": "GET", "uri": "https://api.github.com/zen"},
          "response": {"body": {"encoding": "utf-8", "string": "Keep it logically awesome."},
                       "headers": {"Content-Type": "text/plain"}, "status_code": 200,
                       "url": "https://api.github.com/zen"},
          "recorded_at": "2013-08-01T12:00:00"}]}
        """#

    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0xFF, 0xFE]

    /// Both status forms, a base64 body, repeated headers: imported (detected from content, with redaction, provenance
    /// and the audit of the other importers), then replayed by `mockapi serve`'s engine with the recorded bytes.
    @Test func betamaxCassettes_importAndReplay() async throws {
        let folder = TemporaryFolder()
        let current = folder.path + "/test_contents.json", old = folder.path + "/test_zen.json"
        try Array(Self.current.utf8).write(to: current)
        try Array(Self.old.utf8).write(to: old)
        let cassette = folder.path + "/github.json"

        let output = try Command.import([current, old, "--to", cassette])
        #expect(output.status == 0, "\(output.error)")
        #expect(output.standard.hasPrefix("""
            mockapi: imported 3 interactions into \(cassette)
              \(current): 2 interactions (Betamax cassette (betamax/0.8.1))
              \(old): 1 interaction (Betamax cassette)
            mockapi: redacted 1 value (header authorization ×1):

            """), "\(output.standard)")

        let imported = try Cassette(bytes: try FileIO.read(cassette), file: cassette)
        #expect(imported.source == "imported by mockapi import from test_contents.json (Betamax cassette (betamax/0.8.1)), "
            + "test_zen.json (Betamax cassette)")
        let interactions = imported.interactions
        #expect(interactions.map(\.upstream) == ["https://api.github.com", "https://api.github.com", "https://api.github.com"])
        #expect(interactions.map(\.recordedAt) == ["2017-10-10T16:00:00Z", "2017-10-10T16:00:01Z", "2013-08-01T12:00:00Z"])
        #expect(interactions[0].request.headers["authorization"] == "token <redacted>")
        #expect(interactions[0].response.headers.values("vary") == ["Accept", "Accept-Encoding"])
        #expect(!interactions[0].response.headers.contains("content-length"), "framing is the server's")
        #expect(interactions[1].request.body.bytes == Array(#"{"title": "café"}"#.utf8))

        let server = try ReplayServer.start(cassettes: [cassette])
        let base = server.baseURL.absoluteString
        let logo = try await HTTPFetch.send("GET", base + "/repos/o/r/contents/logo.png")
        #expect(logo.status == 200)
        #expect(logo.body == Self.png)
        #expect(logo.values("vary") == ["Accept", "Accept-Encoding"])
        let created = try await HTTPFetch.send("POST", base + "/repos/o/r/issues", body: Array(#"{"title":"café"}"#.utf8))
        #expect(created.status == 201)
        #expect(created.body == [0x63, 0x61, 0x66, 0xE9] + Array(" created".utf8), "ISO-8859-1 text is its bytes again")
        let zen = try await HTTPFetch.send("GET", base + "/zen")
        #expect(zen.status == 200)
        #expect(zen.body == Array("Keep it logically awesome.".utf8))
        #expect(server.unmatched.isEmpty)
        await server.stop()
    }

    /// `--format betamax` reads a file as Betamax even when nothing in it says Betamax wrote it; read as VCR, the old
    /// status form is refused, naming the field.
    @Test func formatBetamax_forcesTheFormat() throws {
        let unmarked = #"""
            {"http_interactions": [{"request": {"method": "GET", "uri": "https://x.test/a", "headers": {}},
              "response": {"status": {"code": 204, "message": "No Content"}, "headers": {}, "body": {"string": ""}}}]}
            """#
        let read = try CassetteImporter(format: .betamax).importBytes(Array(unmarked.utf8), file: "a.json")
        #expect(read.description == "Betamax cassette")
        #expect(read.interactions.map(\.response.status) == [204])
        #expect(try CassetteImporter().importBytes(Array(unmarked.utf8), file: "a.json").description == "VCR cassette")

        #expect(throws: InteropError.invalid(file: "old.json", at: "http_interactions[0].response.status", reason: "required field is missing")) {
            _ = try CassetteImporter(format: .vcr).importBytes(Array(Self.old.utf8), file: "old.json")
        }
    }

    /// A body text in an encoding mockapi cannot turn back into bytes is refused, naming the field and the way out.
    @Test func unknownBodyEncoding_isAnErrorSayingWhatToDo() {
        let document = #"""
            {"http_interactions": [{"request": {"method": "GET", "uri": "https://x.test/a"},
              "response": {"status": {"code": 200}, "body": {"encoding": "Shift_JIS", "string": "x"}}}],
             "recorded_with": "betamax/0.8.1"}
            """#
        #expect(throws: InteropError.invalid(
            file: "sjis.json", at: "http_interactions[0].response.body.encoding",
            reason: "the body is text in shift_jis, which mockapi does not read; re-record with preserve_exact_body_bytes "
                + "(a base64_string body) or as utf-8")) {
            _ = try CassetteImporter().importBytes(Array(document.utf8), file: "sjis.json")
        }
    }
}
