import Foundation
import MockAPICore
import MockAPIJSON
import TestSupport
import Testing

/// JSON bodies in the layouts known writers use are kept as their value and the layout's name, and give back exactly
/// the recorded bytes.
struct JSONBodyLayoutTests {
    /// GitHub's answer to `POST /repos/o/r/issues/1/labels` (../shared/data/octokit-fixtures, add-labels-to-issue.json,
    /// octokit/fixtures, MIT), pretty-printed as `JSON.stringify(answer, null, 2)` writes it (generated with node).
    static let githubPrettyAnswer = #"""
        [
          {
            "id": 1000,
            "node_id": "MDA6RW50aXR5MQ==",
            "url": "https://api.github.com/repos/octokit-fixture-org/add-labels-to-issue/labels/Foo",
            "name": "Foo",
            "color": "ededed",
            "default": false,
            "description": null
          },
          {
            "id": 1001,
            "node_id": "MDA6RW50aXR5MQ==",
            "url": "https://api.github.com/repos/octokit-fixture-org/add-labels-to-issue/labels/bAr",
            "name": "bAr",
            "color": "ededed",
            "default": false,
            "description": null
          },
          {
            "id": 1002,
            "node_id": "MDA6RW50aXR5MQ==",
            "url": "https://api.github.com/repos/octokit-fixture-org/add-labels-to-issue/labels/baZ",
            "name": "baZ",
            "color": "ededed",
            "default": false,
            "description": null
          }
        ]
        """#

    /// A Python `requests` body (`json=` sends `json.dumps(value)`: `, ` and `: `, non-ASCII escaped), generated
    /// with python3.
    static let pythonRequestsBody = #"""
        {"title": "Found a bug", "body": "Crash on start \u2013 \u201cquoted\u201d", "labels": ["bug", "p1"], "assignees": [], "milestone": null, "draft": false, "meta": {}}
        """#

    /// A body in each layout is stored as JSON naming the layout (compact names none), and a cassette saved and loaded
    /// again gives back its bytes exactly.
    @Test(arguments: JSONLayout.Spacing.allCases)
    func everyLayout_roundTripsThroughSaveAndLoad(spacing: JSONLayout.Spacing) throws {
        let value = try JSONValue.parse(Array(#"{"a":[1,2.50,{}],"b":{"c":"é😀","d":[]},"e":null}"#.utf8))
        for asciiOnly in [false, true] {
            for trailingNewline in [false, true] {
                let layout = JSONLayout(spacing, asciiOnly: asciiOnly, trailingNewline: trailingNewline)
                let bytes = value.bytes(in: layout)
                let body = Body(bytes: bytes)
                guard case .json(let json) = body else {
                    Issue.record("\(layout.name) stored as \(body)")
                    continue
                }
                #expect(json.layout == layout)
                let file = try savedAndLoaded(Cassette(interactions: [.make("POST", "/x", body: body, requestBody: body)]))
                let loaded = file.cassette.interactions[0]
                #expect(loaded.response.body.bytes == bytes, "\(layout.name)")
                #expect(loaded.request.body.bytes == bytes, "\(layout.name)")
                #expect(file.text.contains(#""format": "\#(layout.name)""#) == (layout != .compact), "\(layout.name)")
            }
        }
    }

    /// A pretty-printed GitHub answer and a Python `json=` body are stored as JSON, readable and diffable, and replay
    /// the same bytes; a request in one layout matches the same value sent in another.
    @Test func prettyAnswerAndPythonBody_areStoredAsJSON() throws {
        let answer = Array(Self.githubPrettyAnswer.utf8)
        let request = Array(Self.pythonRequestsBody.utf8)
        let interaction = Interaction.make(
            "POST", "/repos/o/r/issues/1/labels", body: Body(bytes: answer), requestBody: Body(bytes: request),
            requestHeaders: [("content-type", "application/json")])
        guard case .json(let stored) = interaction.response.body, case .json(let sent) = interaction.request.body else {
            Issue.record("not stored as JSON: \(interaction)")
            return
        }
        #expect(stored.layout.name == "indent2")
        #expect(sent.layout.name == "spaced+ascii")
        let file = try savedAndLoaded(Cassette(interactions: [interaction]))
        #expect(file.text.contains(#""format": "indent2""#) && file.text.contains(#""format": "spaced+ascii""#))
        #expect(file.text.contains(#""name": "bAr""#), "the answer's members are lines of the cassette")
        #expect(file.cassette.interactions[0].response.body.bytes == answer)
        #expect(file.cassette.interactions[0].request.body.bytes == request)

        let normalizer = RequestNormalizer()
        let compact = try JSONValue.parse(request).compactBytes()
        let incoming = HTTPRequest(
            method: "POST", target: "/repos/o/r/issues/1/labels", headers: [("content-type", "application/json")], body: compact)
        #expect(normalizer.key(for: incoming) == normalizer.key(for: file.cassette.interactions[0].request, path: "/repos/o/r/issues/1/labels"))
    }

    /// JSON in a layout close to a known one, but not one, stays text: its bytes are kept as they are.
    @Test(arguments: [
        "{\n   \"a\": 1\n}",
        #"{"url": "https:\/\/api.github.com"}"#,
        #"{"a" : 1, "b" : 2}"#,
        "{\n  \"a\": [1, 2]\n}",
    ])
    func nearMiss_staysText(text: String) {
        #expect(Body(bytes: Array(text.utf8)) == .text(text))
    }

    /// A cassette written before layouts existed loads as it did: a json body without a format is compact, and a
    /// text body stays text (loading never re-reads a body), so saving it again changes no byte.
    @Test func oldCassette_loadsUnchanged() throws {
        let text = """
            {
              "mockapi": 1,
              "interactions": [
                {
                  "request": {"method": "POST", "path": "/a", "headers": [], "body": {"text": "{\\"a\\": 1}"}},
                  "response": {"status": 200, "headers": [], "body": {"json": {"b": [1, 2], "c": "é"}}}
                }
              ]
            }
            """
        let cassette = try Cassette(bytes: Array(text.utf8), file: "old.json")
        #expect(cassette.interactions[0].request.body == .text(#"{"a": 1}"#))
        #expect(cassette.interactions[0].response.body.bytes == Array(#"{"b":[1,2],"c":"é"}"#.utf8))
        guard case .json(let json) = cassette.interactions[0].response.body else {
            Issue.record("not JSON")
            return
        }
        #expect(json.layout == .compact)
        #expect(try Cassette(bytes: cassette.fileBytes(), file: "old.json").fileBytes() == cassette.fileBytes())
        #expect(!String(decoding: cassette.fileBytes(), as: UTF8.self).contains("format"))
    }

    /// Scrubbing a secret out of an indented answer keeps its layout: only the value's bytes change.
    @Test func scrubbing_keepsTheLayout() throws {
        let answer = "{\n  \"id\": 1,\n  \"token\": \"tok_abcdefgh1234\",\n  \"items\": []\n}\n"
        var interaction = Interaction.make("POST", "/authorizations", body: Body(bytes: Array(answer.utf8)))
        Redactor(rules: .standard).redact(&interaction)
        let scrubbed = "{\n  \"id\": 1,\n  \"token\": \"<redacted>\",\n  \"items\": []\n}\n"
        #expect(interaction.response.body.bytes == Array(scrubbed.utf8))
        guard case .json(let json) = interaction.response.body else {
            Issue.record("not JSON")
            return
        }
        #expect(json.layout.name == "indent2+newline")
    }

    /// A write-ahead log line holds a body in another layout as its value and format, on one line, and reads back as
    /// the same bytes in the same layout.
    @Test func logLine_keepsTheLayout() throws {
        let bytes = Array(Self.pythonRequestsBody.utf8)
        let interaction = Interaction.make("POST", "/x", body: Body(bytes: bytes, keepingParsedJSON: true))
        let line = interaction.compactBytes()
        #expect(line == interaction.jsonValue.compactBytes())
        #expect(!line.contains(UInt8(ascii: "\n")))
        let alone = Array(#"{"mockapi":1,"interactions":["#.utf8) + line + Array("]}".utf8)
        let back = try Cassette(bytes: alone, file: "log.json").interactions[0].response.body
        #expect(back.bytes == bytes)
        guard case .json(let json) = back else {
            Issue.record("not JSON")
            return
        }
        #expect(json.layout.name == "spaced+ascii")
    }

    private func savedAndLoaded(_ cassette: Cassette) throws -> (cassette: Cassette, text: String) {
        let folder = TemporaryFolder()
        let file = folder.file("c.json")
        try cassette.save(to: file)
        return (try Cassette.load(file: file), String(decoding: try FileIO.read(file), as: UTF8.self))
    }
}
