import Foundation
import MockAPICLI
import MockAPICompression
import MockAPICore
import MockAPIInterop
import MockAPITesting
import Testing
import TestSupport

/// Importing YAML cassettes of VCR (Ruby) and vcrpy (Python).
struct VCRImportTests {
    /// vcrpy stores the body as the server sent it: its gzip `!!binary` body is stored decoded, readable JSON,
    /// without content-encoding; framing headers go; string bodies keep their bytes.
    @Test func vcrpyCassette_gzipBinaryBodyIsStoredDecoded() throws {
        let result = try CassetteImporter(rules: .none).importFiles([Inputs.vcrpy], output: "out.json")
        let interactions = result.cassette.interactions

        #expect(interactions.count == 2)
        let first = try #require(interactions.first)
        #expect(first.upstream == "https://api.github.com")
        #expect(first.request.method == "GET")
        #expect(first.request.path == "/users/octocat")
        #expect(first.request.body == .none)
        #expect(first.request.headers.fields.map(\.name) == ["Accept", "Accept-Encoding", "Authorization", "User-Agent"])
        #expect(first.response.status == 200)
        #expect(first.response.body.bytes == Array(Inputs.octocat.utf8))
        guard case .json = first.response.body else {
            Issue.record("the decoded body should be stored as JSON, found \(first.response.body)")
            return
        }
        #expect(first.response.headers.fields.map(\.name) == ["Content-Type", "X-RateLimit-Remaining"])

        let second = interactions[1]
        #expect(second.request.method == "POST")
        #expect(second.request.body.bytes == Array(#"{"name": "Hello-World", "private": false}"#.utf8))
        // Python's json.dumps spacing (a requests json= body), readable in the cassette and the same bytes at replay.
        guard case .json(let sent) = second.request.body else {
            Issue.record("the Python JSON body should be stored as JSON, found \(second.request.body)")
            return
        }
        #expect(sent.layout.name == "spaced")
        #expect(String(decoding: result.cassette.fileBytes(), as: UTF8.self).contains(#""format": "spaced""#))
        #expect(second.request.headers.fields.map(\.name) == ["Content-Type"], "content-length dropped")
        #expect(second.response.status == 201)
        #expect(second.response.headers["location"] == "https://api.github.com/repos/octocat/Hello-World")
        #expect(result.inputs.map(\.description) == ["vcrpy cassette (version 1)"])
    }

    /// Ruby VCR: lower-case methods, `string`, `base64_string` and `!binary` bodies, repeated header values,
    /// `recorded_at` as ISO 8601, the default port of the URI left out of the upstream.
    @Test func rubyVCRCassette_bodiesHeadersAndDates() throws {
        let result = try CassetteImporter(rules: .none).importFiles([Inputs.rubyVCR], output: "out.json")
        let interactions = result.cassette.interactions

        #expect(interactions.map(\.request.method) == ["GET", "POST", "GET"])
        #expect(interactions.map(\.upstream) == ["http://localhost:7777", "http://localhost:7777", "http://localhost:7777"])
        #expect(interactions[0].request.query == "page=1")
        #expect(interactions[0].request.body == .none)
        #expect(interactions[0].response.body == .text("Hello foo"))
        #expect(interactions[0].response.headers.values("set-cookie").count == 2)
        #expect(!interactions[0].response.headers.contains("content-length"))
        #expect(interactions[1].request.body == .text("name=logo&client_secret=s3cr3t-value-123"))
        #expect(interactions[1].response.body == .binary(Inputs.png), "base64_string")
        #expect(interactions[2].response.body == .binary(Inputs.png), "!binary string")
        #expect(interactions.map(\.recordedAt) == ["2011-11-01T04:58:44Z", "2011-11-01T04:58:45Z", "2011-11-01T04:58:46Z"])
        #expect(result.inputs.map(\.description) == ["VCR cassette (VCR 6.0.0)"])
    }

    /// Scrubbing applies to imported cassettes as to recordings: the vcrpy `Authorization: token …` keeps its scheme,
    /// the Ruby form's `client_secret` and session cookie become placeholders.
    @Test func importedCassettes_areScrubbedByDefault() throws {
        let result = try CassetteImporter().importFiles([Inputs.vcrpy, Inputs.rubyVCR], output: "out.json")
        let interactions = result.cassette.interactions
        #expect(interactions.count == 5)
        #expect(interactions[0].request.headers["authorization"] == "token <redacted>")
        #expect(interactions[3].request.body == .text("name=logo&client_secret=<redacted>"))
        #expect(interactions[2].response.headers.values("set-cookie") == ["rack.session=<redacted>; path=/; HttpOnly", "theme=<redacted>; path=/"])
        let written = String(decoding: result.cassette.fileBytes(), as: UTF8.self)
        for secret in ["ghp_R2d2C3poR2d2C3poR2d2C3poR2d2C3po1234", "s3cr3t-value-123", "BAh7BkkiD3Nlc3Npb25faWQGOgZFVA"] {
            #expect(!written.contains(secret))
        }
    }

    /// A cassette saved with a JSON serializer (vcrpy's `serializer="json"`) reads like the YAML one.
    @Test func jsonSerializedCassette_isReadToo() throws {
        let json = """
            {"interactions": [{"request": {"body": null, "headers": {"Accept": ["*/*"]}, "method": "GET",
              "uri": "https://example.com:8443/a?b=c"},
              "response": {"body": {"string": "hi"}, "headers": {"Content-Type": ["text/plain"]},
              "status": {"code": 200, "message": "OK"}}}], "version": 1}
            """
        let read = try CassetteImporter(rules: .none).importBytes(Array(json.utf8), file: "c.json")
        #expect(read.interactions.map(\.upstream) == ["https://example.com:8443"])
        #expect(read.interactions.map(\.response.body) == [.text("hi")])
    }

    /// vcrpy's JSON serializer is Python's `json.dumps`, which escapes every character outside the BMP as a surrogate
    /// pair (`"\ud83c\udf70"`, which YAML readers refuse). Such a cassette imports, detected from its content or with
    /// `--format vcr`, and replay sends the emoji's UTF-8 bytes. (The file below is what `json.dumps(…, indent=4)`
    /// writes for a body holding 🍰.)
    @Test func vcrpyJSONCassetteWithEmoji_importsAndReplaysItsBytes() async throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/test_cake.json"
        try Array(#"""
            {
                "interactions": [
                    {
                        "request": {
                            "body": null,
                            "headers": {
                                "Accept": [
                                    "application/json"
                                ]
                            },
                            "method": "GET",
                            "uri": "https://api.example.com/cake"
                        },
                        "response": {
                            "body": {
                                "string": "{\"name\": \"cake \ud83c\udf70\"}"
                            },
                            "headers": {
                                "Content-Type": [
                                    "application/json; charset=utf-8"
                                ]
                            },
                            "status": {
                                "code": 200,
                                "message": "OK"
                            }
                        }
                    }
                ],
                "version": 1
            }

            """#.utf8).write(to: file)
        let cake = Array(#"{"name": "cake 🍰"}"#.utf8)
        #expect(cake.suffix(6) == [0xF0, 0x9F, 0x8D, 0xB0, 0x22, 0x7D])

        for (name, format) in [("detected", [String]()), ("forced", ["--format", "vcr"])] {
            let cassette = folder.path + "/\(name).json"
            let output = try Command.import([file, "--to", cassette] + format)
            #expect(output.status == 0)
            #expect(output.standard.contains("\(file): 1 interaction (vcrpy cassette (version 1))"), "\(output.standard)")
            let server = try ReplayServer.start(cassettes: [cassette])
            let answer = try await HTTPFetch.send("GET", server.baseURL.absoluteString + "/cake")
            #expect(answer.status == 200)
            #expect(answer.body == cake)
            await server.stop()
        }
    }

    /// A body whose content-encoding says gzip but holds neither gzip nor text is refused, saying where.
    @Test func corruptCompressedBody_isAnErrorSayingWhere() throws {
        let yaml = """
            interactions:
            - request:
                method: GET
                uri: https://example.com/x
              response:
                status: {code: 200, message: OK}
                headers:
                  Content-Encoding: [gzip]
                body:
                  string: !!binary |
                    H4sIAP8=
            version: 1
            """
        #expect(throws: InteropError.self) { try CassetteImporter().importBytes(Array(yaml.utf8), file: "bad.yaml") }
        do {
            _ = try CassetteImporter().importBytes(Array(yaml.utf8), file: "bad.yaml")
        } catch {
            #expect(error.description == "bad.yaml: interactions[0].response.body: the gzip body ends before its end marker (truncated) (line 10)")
        }
    }
}
