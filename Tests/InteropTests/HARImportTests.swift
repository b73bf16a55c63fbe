import MockAPICore
import MockAPIInterop
import MockAPIJSON
import Testing

/// Importing HAR files as browser devtools and proxies save them.
struct HARImportTests {
    /// Each entry becomes an interaction with its own upstream; the gzip body stored compressed as base64 is stored
    /// decoded, the binary one byte for byte; what a recording would not hold (pseudo-headers, framing, the
    /// content-encoding of a decoded body) is left out; the blocked request is skipped with a warning.
    @Test func devtoolsHAR_becomesInteractionsWithTheirOwnUpstreams() throws {
        let result = try CassetteImporter(rules: .none).importFiles([Inputs.devtoolsHAR], output: "out.json")
        let interactions = result.cassette.interactions

        #expect(interactions.map(\.upstream) == ["https://api.github.com", "https://api.github.com", "https://uploads.github.com"])
        #expect(interactions.map(\.request.method) == ["GET", "GET", "POST"])
        #expect(interactions.map(\.request.path) == ["/users/octocat", "/users/octocat/repos", "/repos/octocat/Hello-World/releases/1/assets"])
        #expect(interactions[0].request.query == "access_token=\(Inputs.harToken)&per_page=2")
        #expect(interactions[1].request.query == nil)

        #expect(interactions[0].response.body.bytes == Array(Inputs.octocat.utf8), "gzip + base64 content decoded")
        #expect(interactions[0].response.headers.fields.map(\.name) == ["content-type"], "content-encoding and content-length dropped")
        #expect(interactions[0].request.headers.fields.map(\.name) == ["accept", "authorization"], "pseudo-headers dropped")
        #expect(interactions[1].response.body.bytes == Array(#"[{"id":1296269,"full_name":"octocat/Hello-World"}]"#.utf8),
                "text already decoded under content-encoding: gzip is kept")
        #expect(!interactions[1].response.headers.contains("content-encoding"))
        #expect(interactions[1].request.headers.fields.map(\.name) == ["Host", "Accept"], "connection dropped")
        #expect(interactions[1].response.headers.values("set-cookie") == ["logged_in=no; Path=/", "_gh_sess=Zm9vYmFyYmF6cXV4; Path=/; HttpOnly"])
        #expect(interactions[2].response.body == .binary(Inputs.png))
        #expect(interactions[2].request.body.bytes == Array(#"{"label":"logo"}"#.utf8))

        #expect(interactions.map(\.recordedAt) == ["2024-05-01T10:00:00.123Z", "2024-05-01T10:00:01.000Z", "2024-05-01T10:00:02.000Z"])
        #expect(interactions.map(\.durationMs) == [84.5, 12, 30])
        #expect(result.warnings.map(\.description) == [
            "\(Inputs.devtoolsHAR): log.entries[3]: status 0 (the request failed or was blocked before an answer came); skipped"
        ])
        #expect(result.inputs.map(\.description) == ["HAR 1.2 by WebInspector 537.36"])
    }

    /// Import scrubs as recording does, and its report names places and rules only: the token is nowhere in the
    /// cassette nor in what is printed about it.
    @Test func import_scrubsSecrets_andReportsPlacesNotValues() throws {
        let result = try CassetteImporter().importFiles([Inputs.devtoolsHAR], output: "out.json")

        let written = String(decoding: result.cassette.fileBytes(), as: UTF8.self)
        #expect(!written.contains(Inputs.harToken))
        #expect(!written.contains("Zm9vYmFyYmF6cXV4"))
        #expect(result.cassette.interactions[0].request.headers["authorization"] == "Bearer <redacted>")
        #expect(result.cassette.interactions[0].request.query == "access_token=<redacted>&per_page=2")
        #expect(result.redactions.changes.map(\.description) == [
            "interactions[0] request header authorization: header authorization",
            "interactions[0] request query access_token: query access_token",
            "interactions[1] response header set-cookie: header set-cookie",
            "interactions[1] response header set-cookie: header set-cookie",
        ])
        #expect(!result.redactions.changes.map(\.description).joined().contains(Inputs.harToken))
    }

    /// A form posted as HAR `params` (no `text`) becomes a urlencoded body with its content type; a body whose
    /// content-encoding names something mockapi cannot decode is taken as decoded, as HAR stores it.
    @Test func formParams_becomeAURLEncodedBody() throws {
        let har = """
            {"log": {"version": "1.2", "creator": {"name": "Firefox", "version": "125.0"}, "entries": [
              {"startedDateTime": "2024-05-01T10:00:00+02:00", "time": 5,
               "request": {"method": "post", "url": "http://localhost:8080/login#top", "httpVersion": "HTTP/1.1",
                 "headers": [], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": -1,
                 "postData": {"mimeType": "application/x-www-form-urlencoded",
                              "params": [{"name": "user", "value": "a b"}, {"name": "remember"}]}},
               "response": {"status": 302, "statusText": "Found", "httpVersion": "HTTP/1.1", "cookies": [],
                 "headers": [{"name": "Location", "value": "/home"}, {"name": "Content-Encoding", "value": "zstd"}],
                 "content": {"size": 2, "mimeType": "text/plain", "text": "ok"},
                 "redirectURL": "/home", "headersSize": -1, "bodySize": -1},
               "cache": {}, "timings": {"send": 0, "wait": 5, "receive": 0}}]}}
            """
        let read = try CassetteImporter(rules: .none).importBytes(Array(har.utf8), file: "form.har")
        let interaction = try #require(read.interactions.first)
        #expect(interaction.upstream == "http://localhost:8080")
        #expect(interaction.request.method == "POST")
        #expect(interaction.request.path == "/login")
        #expect(interaction.request.body.bytes == Array("user=a+b&remember=".utf8))
        #expect(interaction.request.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(interaction.response.body.bytes == Array("ok".utf8))
        #expect(interaction.response.headers.fields.map(\.name) == ["Location"])
        #expect(interaction.recordedAt == "2024-05-01T10:00:00+02:00")
    }

    /// A value holding line breaks becomes one field per line whether they are "\n" or "\r\n" (found by the import
    /// fuzzer: "\r\n" had passed through into a cassette the loader refuses); a lone "\r" is an error about the input.
    @Test func headerValueLines_becomeFields_andALoneCarriageReturnIsRefused() throws {
        /// `value` as JSON string text (escapes as written).
        func har(_ value: String) -> [UInt8] {
            Array(("""
                {"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": "https://x.test/"},
                  "response": {"status": 200, "headers": [{"name": "Set-Cookie", "value": "\(value)"}], "content": {"text": "ok"}}}]}}
                """).utf8)
        }
        let read = try CassetteImporter(rules: .none).importBytes(har(#"a=1\r\nb=2\nc=3"#), file: "lines.har")
        #expect(read.interactions.first?.response.headers.values("Set-Cookie") == ["a=1", "b=2", "c=3"])

        #expect(throws: InteropError.self) { try CassetteImporter(rules: .none).importBytes(har(#"a=1\rb=2"#), file: "cr.har") }
    }
}
