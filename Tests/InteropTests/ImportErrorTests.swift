import MockAPICLI
import MockAPICore
import Testing
import TestSupport

/// Broken inputs: an error a person can act on (file, path, why) and no output file, not even a partial one.
struct ImportErrorTests {
    /// Runs `mockapi import` on one input written into a fresh folder; returns what it printed and the folder's
    /// entries afterwards.
    private func importing(_ input: String, named name: String, extra: [String] = [])
        throws -> (output: CommandOutput, entries: [String], folder: TemporaryFolder)
    {
        let folder = TemporaryFolder()
        try Array(input.utf8).write(to: folder.path + "/" + name)
        let output = try Command.import([folder.path + "/" + name] + extra + ["--to", folder.path + "/out/x.json"])
        return (output, try folder.entries(), folder)
    }

    @Test(arguments: [
        // Truncated JSON: where it stops.
        ("broken.har", #"{"log": {"version": "1.2", "entries": [ {"request": "#,
         "broken.har: line 1, column 52: not valid JSON: premature EOF"),
        ("status.har",
         #"{"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": "https://x.test/"}, "response": {"status": "200"}}]}}"#,
         #"status.har: log.entries[0].response.status: expected a number, found a string"#),
        ("url.har",
         #"{"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": "/relative"}, "response": {"status": 200}}]}}"#,
         "url.har: log.entries[0].request.url: expected an absolute URL such as https://api.example.com/path"),
        ("entries.har", #"{"log": {"version": "1.2"}}"#, "entries.har: log.entries: required field is missing"),
        ("indent.yml", "http_interactions:\n- request:\n    method: get\n   uri: http://x.test/\n",
         "indent.yml: line 4, column 4: not valid YAML: did not find expected key (while parsing a block mapping)"),
        ("uri.yml", "http_interactions:\n- request:\n    method: get\n  response:\n    status: {code: 200}\n",
         "uri.yml: http_interactions[0].request.uri: required field is missing (line 3)"),
        ("status.yaml", "interactions:\n- request: {method: GET, uri: 'http://x.test/'}\n  response: {status: {code: 999}}\n",
         "status.yaml: interactions[0].response.status.code: expected an HTTP status from 100 to 599, found 999 (line 3)"),
        ("notes.txt", "just some notes\n",
         "notes.txt: neither a HAR file (JSON with a \"log\" member), a VCR, vcrpy or go-vcr cassette (YAML with "
            + "http_interactions or interactions), a Betamax cassette, a nock recording (a JSON array of definitions "
            + "with scope) nor a WireMock stub mapping (JSON with request and response); name the format with "
            + "--format har, vcr, betamax, nock, govcr or wiremock"),
        ("scope.json", #"[{"scope": "https://x.test:443/api", "method": "get", "path": "/"}]"#,
         "scope.json: [0].scope: expected an origin such as https://api.github.com:443, without a path"),
        ("path.json", #"[{"scope": "https://x.test", "method": "get"}]"#, "path.json: [0].path: required field is missing"),
        ("hex.json", #"[{"scope": "https://x.test", "method": "get", "path": "/", "response": "1f8", "responseIsBinary": true}]"#,
         "hex.json: [0].response: expected an even number of hex digits (responseIsBinary is true)"),
        ("header.json", #"[{"scope": "https://x.test", "method": "get", "path": "/", "headers": {"x-on": true}}]"#,
         "header.json: [0].headers.x-on: expected a header value (a string or a number), found a boolean"),
        ("code.json", #"["\nnock('https://x.test:443')\n  .get('/')\n  .reply(200, \"hi\");\n"]"#,
         "code.json: [0]: nock's recorder wrote code (output_objects: false); record with output_objects: true to get JSON definitions"),
        // A body only in a field the importer does not read: an error, not an empty answer.
        ("parsed.yml", "http_interactions:\n- request: {method: get, uri: 'http://x.test/'}\n  response:\n    status: {code: 200}\n"
            + "    body: {encoding: UTF-8, parsed_body: {answer: 42}}\n",
         "parsed.yml: http_interactions[0].response.body: the body is in parsed_body, which is not read; expected string or "
            + "base64_string (line 5)"),
    ])
    func malformedInput_saysFilePathAndWhy_andWritesNothing(name: String, content: String, expected: String) throws {
        let (output, entries, folder) = try importing(content, named: name)
        #expect(output.status == 2)
        #expect(output.error == "mockapi: error: \(folder.path)/\(expected)\nmockapi: nothing was written\n")
        #expect(output.standard.isEmpty)
        #expect(entries == [name], "no output folder, file or temporary file")
    }

    /// With several inputs, one broken file means nothing is written, even when the others are fine.
    @Test func oneBrokenFileAmongGoodOnes_writesNothing() throws {
        let folder = TemporaryFolder()
        try Array("interactions: [oops\n".utf8).write(to: folder.path + "/bad.yaml")
        let output = try Command.import([Inputs.devtoolsHAR, folder.path + "/bad.yaml", "--to", folder.path + "/x.json"])
        #expect(output.status == 2)
        #expect(output.error.hasPrefix("mockapi: error: \(folder.path)/bad.yaml: line 2, column 1: not valid YAML: "))
        #expect(try folder.entries() == ["bad.yaml"])
    }

    /// An existing cassette is never replaced without --overwrite.
    @Test func existingCassette_isKeptWithoutOverwrite() throws {
        let folder = TemporaryFolder()
        let target = folder.path + "/x.json"
        let original = Cassette(source: "keep me").fileBytes()
        try original.write(to: target)

        let refused = try Command.import([Inputs.vcrpy, "--to", target])
        #expect(refused.status == 2)
        #expect(refused.error == "mockapi: error: \(target): exists already; pass --overwrite to replace it\n")
        #expect(try FileIO.read(target) == original)

        let replaced = try Command.import([Inputs.vcrpy, "--to", target, "--overwrite"])
        #expect(replaced.status == 0)
        #expect(try Cassette.load(file: target).interactions.count == 2)
        #expect(try folder.entries() == ["x.json"])
    }

    /// `--format` forces a reader: a HAR read as YAML is not a VCR cassette.
    @Test func forcedFormat_isUsed() throws {
        let output = try Command.import([Inputs.devtoolsHAR, "--format", "vcr", "--to", "/nonexistent/x.json"])
        #expect(output.status == 2)
        #expect(output.error.hasPrefix(
            "mockapi: error: \(Inputs.devtoolsHAR): not a VCR cassette: no http_interactions (VCR) or interactions (vcrpy) list"))
    }

    /// What import prints: the cassette, each input with its format, and every redaction by place and rule.
    @Test func successfulImport_printsInputsAndRedactions() throws {
        let folder = TemporaryFolder()
        let target = folder.path + "/deep/x.json"
        let output = try Command.import([Inputs.vcrpy, Inputs.devtoolsHAR, "--to", target])
        #expect(output.status == 0)
        #expect(output.standard == """
            mockapi: imported 5 interactions into \(target)
              \(Inputs.vcrpy): 2 interactions (vcrpy cassette (version 1))
              \(Inputs.devtoolsHAR): 3 interactions (HAR 1.2 by WebInspector 537.36)
            mockapi: redacted 5 values (header authorization ×2, query access_token ×1, header set-cookie ×2):
              interactions[0] request header authorization: header authorization
              interactions[2] request header authorization: header authorization
              interactions[2] request query access_token: query access_token
              interactions[3] response header set-cookie: header set-cookie
              interactions[3] response header set-cookie: header set-cookie

            """)
        #expect(output.error == "mockapi: warning: \(Inputs.devtoolsHAR): log.entries[3]: status 0 (the request failed or was blocked before an answer came); skipped\n")
        let cassette = try Cassette.load(file: target)
        #expect(cassette.source == "imported by mockapi import from vcrpy.yaml (vcrpy cassette (version 1)), devtools.har (HAR 1.2 by WebInspector 537.36)")
    }

    /// A field an importer does not read is named in the summary (file, interaction, field); what it can read is
    /// imported.
    @Test func unknownFields_areReportedByFileInteractionAndField() throws {
        let input = "http_interactions:\n- request: {method: get, uri: 'http://x.test/', body: {encoding: UTF-8, string: ''}}\n"
            + "  response:\n    status: {code: 200, message: OK}\n"
            + "    body: {encoding: UTF-8, string: '{\"answer\":42}', parsed_body: {answer: 42}}\n  cached: true\n"
        let (output, _, folder) = try importing(input, named: "extra.yml")
        #expect(output.status == 0)
        #expect(output.error.contains(
            "mockapi: warning: \(folder.path)/extra.yml: http_interactions[0].response.body.parsed_body: field parsed_body is not understood: left out\n"))
        #expect(output.error.contains(
            "mockapi: warning: \(folder.path)/extra.yml: http_interactions[0].cached: field cached is not understood: left out\n"))
        let cassette = try Cassette.load(file: folder.path + "/out/x.json")
        #expect(cassette.interactions.first?.response.body.bytes == Array(#"{"answer":42}"#.utf8))
    }

    /// Every format names what it leaves out, by file, interaction and field.
    @Test(arguments: [
        ("extra.har", #"{"log": {"entries": [{"request": {"method": "GET", "url": "https://x.test/", "_initiator": {}}, "#
            + #""response": {"status": 200, "content": {"text": "hi"}, "bodyText": "hi"}}]}}"#,
         "log.entries[0].response.bodyText: field bodyText is not understood: left out"),
        ("extra.json", #"[{"scope": "https://x.test:443", "method": "get", "path": "/", "status": 200, "responseBody": "hi"}]"#,
         "[0].responseBody: field responseBody is not understood: left out"),
        ("stub.json", #"{"request": {"method": "GET", "url": "/"}, "response": {"status": 200, "transformers": ["t"]}}"#,
         "response.transformers: field transformers is not understood: left out"),
        ("go.yaml", "version: 2\ninteractions:\n- id: 0\n  request: {method: GET, url: 'https://x.test/'}\n"
            + "  response: {code: 200, body: hi, raw_body: aGk=}\n",
         "interactions[0].response.raw_body: field raw_body is not understood: left out"),
    ])
    func unknownFields_areReportedInEveryFormat(name: String, content: String, expected: String) throws {
        let format = name.hasSuffix(".yaml") ? ["--format", "govcr"] : name == "stub.json" ? ["--format", "wiremock"] : []
        let (output, _, folder) = try importing(content, named: name, extra: format)
        #expect(output.status == 0, "\(output.error)")
        #expect(output.error.contains("mockapi: warning: \(folder.path)/\(name): \(expected)\n"), "\(output.error)")
    }
}
