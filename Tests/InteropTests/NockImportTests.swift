import MockAPICLI
import MockAPICompression
import MockAPICore
import MockAPIInterop
import MockAPIJSON
import Testing
import TestSupport

/// Importing nock recordings (nock's recorder with `output_objects: true`, nock-back, octokit/fixtures).
struct NockImportTests {
    /// Each definition becomes one interaction: the scope's origin without the default port is the upstream, the
    /// method is upper-case, the path keeps its query byte for byte, bodies keep their form, header numbers become
    /// text, framing headers go, and the `date` answer header becomes `recordedAt`.
    @Test func nockRecording_definitionsBecomeInteractions() throws {
        let result = try CassetteImporter(rules: .none).importFiles([Inputs.nock], output: "out.json")
        let interactions = result.cassette.interactions

        #expect(interactions.map(\.upstream) == [
            "https://api.github.com", "https://api.github.com", "https://api.github.com", "https://codeload.github.com",
            "http://localhost:8080",
        ])
        #expect(interactions.map(\.request.method) == ["GET", "POST", "PUT", "GET", "GET"])
        #expect(interactions.map(\.response.status) == [200, 201, 204, 200, 200], "no status means 200, as nock answers")
        let search = interactions[0]
        #expect(search.request.path == "/search/issues")
        #expect(search.request.query == "q=sesame%20repo%3Aocto%2Fhello")
        #expect(search.request.body == .none)
        #expect(search.request.headers.fields.map(\.name) == ["accept", "authorization", "host"])
        #expect(search.response.headers.fields.map { [$0.name, $0.value] } == [
            ["date", "Tue, 10 Oct 2017 16:00:00 GMT"], ["content-type", "application/json; charset=utf-8"], ["x-ratelimit-used", "3"],
        ])
        #expect(search.response.body == .json(try JSONValue.parse(Array(#"{"total_count":1,"items":[{"number":7,"title":"Sesame"}]}"#.utf8))))
        #expect(interactions.map(\.recordedAt) == [
            "2017-10-10T16:00:00Z", "2017-10-10T16:00:01Z", "2017-10-10T16:00:02Z", "2017-10-10T16:00:03Z", nil,
        ])

        let labels = interactions[1]
        #expect(labels.request.body.bytes == Array(#"{"labels":["bug"]}"#.utf8), "sent compact, as nock sends it")
        #expect(labels.request.headers.fields.map(\.name) == ["content-type", "host"], "the number content-length dropped")
        #expect(labels.response.headers["location"] == "https://api.github.com/repos/octo/hello/labels/bug")
        #expect(interactions[2].response.body == .none)
        #expect(interactions[3].response.body == .binary(Inputs.png))
        #expect(interactions[4].response.body == .text("Design for failure."))
        #expect(interactions[4].response.headers.fields.map { [$0.name, $0.value] } == [
            ["content-type", "text/plain"], ["x-served-by", "cache-1"], ["x-served-by", "cache-2"],
        ])
        #expect(result.inputs.map(\.description) == ["nock recording"])
        #expect(result.cassette.source == "imported by mockapi import from nock.json (nock recording)")
        #expect(result.warnings.isEmpty)
    }

    /// Imports are scrubbed like recordings: octokit's normalised token keeps its scheme.
    @Test func nockRecording_isScrubbedByDefault() throws {
        let result = try CassetteImporter().importFiles([Inputs.nock], output: "out.json")
        #expect(result.cassette.interactions[0].request.headers["authorization"] == "token <redacted>")
        #expect(!String(decoding: result.cassette.fileBytes(), as: UTF8.self).contains("0000000000000000000000000000000000000001"))
    }

    /// A binary answer that nock kept compressed is stored decoded, without `content-encoding`; a JSON answer beside a
    /// `content-encoding` was decoded by nock already and only loses the header. Older nock's list of hex chunks is
    /// read as one body.
    @Test func compressedAnswers_areStoredDecoded() throws {
        let json = #"{"id":1}"#
        let gzip = try #require(ContentEncoder.encode(Array(json.utf8), coding: "gzip"))
        let hex = gzip.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        let half = hex.index(hex.startIndex, offsetBy: hex.count / 2 & ~1)
        let input = """
            [{"scope": "https://x.test:443", "method": "get", "path": "/a", "status": 200, "response": "\(hex)",
              "responseIsBinary": true, "headers": {"content-encoding": "gzip", "content-type": "application/json"}},
             {"scope": "https://x.test:443", "method": "get", "path": "/b", "response": {"id": 2},
              "headers": {"content-encoding": "gzip"}},
             {"scope": "https://x.test:443", "method": "get", "path": "/c", "response": ["\(hex[..<half])", "\(hex[half...])"],
              "headers": {"content-encoding": "gzip"}}]
            """
        let result = try CassetteImporter(rules: .none).importContents([("old.json", Array(input.utf8))], output: "out.json")
        let interactions = result.cassette.interactions
        #expect(interactions.map(\.response.body.bytes) == [Array(json.utf8), Array(#"{"id":2}"#.utf8), Array(json.utf8)])
        #expect(interactions.allSatisfy { !$0.response.headers.contains("content-encoding") })
        #expect(interactions[0].response.headers["content-type"] == "application/json")
    }

    /// nock's recorder writes `[]` when nothing was recorded; a date that is not an HTTP date gives a warning and no
    /// `recordedAt`.
    @Test func emptyRecordingAndOddDate() throws {
        let empty = try CassetteImporter().importContents([("none.json", Array("[]\n".utf8))], output: "out.json")
        #expect(empty.cassette.interactions.isEmpty)
        #expect(empty.inputs.map(\.description) == ["nock recording"])

        let odd = #"[{"scope": "https://x.test", "method": "get", "path": "/", "headers": {"date": "yesterday"}}]"#
        let result = try CassetteImporter().importContents([("odd.json", Array(odd.utf8))], output: "out.json")
        #expect(result.cassette.interactions.map(\.recordedAt) == [nil])
        #expect(result.warnings.map(\.description) == [
            "odd.json: [0].headers.date: \"yesterday\" is not an HTTP date such as Tue, 10 Oct 2017 16:00:00 GMT; no recordedAt",
        ])
    }

    /// `--source` replaces the provenance line (`imported by mockapi import from …`); it must be one line.
    @Test func sourceOption_setsTheCassettesSourceLine() throws {
        let folder = TemporaryFolder()
        let target = folder.path + "/github/search.json"
        let source = "octokit/fixtures scenarios/api.github.com/search-issues (MIT); authorization redacted"
        let output = try Command.import([Inputs.nock, "--to", target, "--source", source])
        #expect(output.status == 0, "\(output.error)")
        #expect(try Cassette.load(file: target).source == source)
        #expect(output.standard.hasPrefix("mockapi: imported 5 interactions into \(target)\n  \(Inputs.nock): 5 interactions (nock recording)\n"))

        #expect(throws: (any Error).self) { try Command.import([Inputs.nock, "--to", target, "--source", "two\nlines"]) }
    }

    /// A scrubbed token is also replaced where the same whole value stands elsewhere; `--no-echo` scrubs it only where
    /// a rule finds it (for recordings whose invented token equals other data). octokit/fixtures' token is a 40-hex
    /// value, which is a commit sha elsewhere: a sha is never a credential, so it is kept either way.
    @Test func noEcho_scrubsOnlyWhereARuleFindsTheValue() throws {
        let fake = "invented-token-value-0001"
        let sha = "0000000000000000000000000000000000000001"
        let input = """
            [{"scope": "https://api.github.com:443", "method": "get", "path": "/repos/o/r/commits/\(fake)",
              "reqheaders": {"authorization": "token \(fake)"}, "response": {"sha": "\(sha)", "token_echo": "\(fake)"}},
             {"scope": "https://api.github.com:443", "method": "get", "path": "/repos/o/r/commits/\(sha)",
              "reqheaders": {"authorization": "token \(sha)"}, "response": {"sha": "\(sha)"}}]
            """
        let folder = TemporaryFolder()
        try Array(input.utf8).write(to: folder.path + "/commit.json")
        for (extra, echoed) in [([String](), "<redacted>"), (["--no-echo"], fake)] {
            let target = folder.path + "/out\(extra.count).json"
            let output = try Command.import([folder.path + "/commit.json", "--to", target] + extra)
            #expect(output.status == 0, "\(output.error)")
            let interactions = try Cassette.load(file: target).interactions
            #expect(interactions.map { $0.request.headers["authorization"] } == ["token <redacted>", "token <redacted>"])
            #expect(interactions.first?.request.path == "/repos/o/r/commits/\(echoed)")
            #expect(interactions.first?.response.body.bytes == Array(#"{"sha":"\#(sha)","token_echo":"\#(echoed)"}"#.utf8))
            #expect(interactions.last?.request.path == "/repos/o/r/commits/\(sha)")
            #expect(interactions.last?.response.body.bytes == Array(#"{"sha":"\#(sha)"}"#.utf8))
        }
    }
}
