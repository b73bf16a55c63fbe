import MockAPICore
import MockAPIJSON
import Testing

/// A broken cassette is refused with the file, the JSON path and the reason, so the fix is obvious.
struct CassetteLoadTests {
    private func error(_ text: String) -> String? {
        do {
            _ = try Cassette(bytes: Array(text.utf8), file: "Fixtures/github/x.json")
            return nil
        } catch {
            return error.description
        }
    }

    private static let valid = #"{"request": {"method": "GET", "path": "/a"}, "response": {"status": 200}}"#

    @Test func wrongType_namesFileFieldAndReason() {
        let text = #"{"mockapi": 1, "interactions": [\#(Self.valid), \#(Self.valid), \#(Self.valid), {"request": {"method": "GET", "path": "/"}, "response": {"status": "200"}}]}"#
        #expect(error(text) == "Fixtures/github/x.json: interactions[3].response.status: expected a number, found a string")
    }

    /// A large cassette reads its interactions in order and, of two bad ones far apart, names the first: from a file
    /// (each interaction read as the parser reaches it) and from a parsed value (on all cores, in chunks).
    @Test func largeCassette_keepsOrder_andNamesTheFirstBadInteraction() throws {
        let padding = String(repeating: "x", count: 1500)
        func text(badAt bad: Set<Int>) -> String {
            let interactions = (0..<3000).map { index in
                #"{"request": {"method": "GET", "path": "/\#(index)"}, "response": {"status": \#(bad.contains(index) ? "\"200\"" : "200"), "body": {"text": "\#(padding)"}}}"#
            }
            return #"{"mockapi": 1, "interactions": [\#(interactions.joined(separator: ","))]}"#
        }
        let cassette = try Cassette(bytes: Array(text(badAt: []).utf8), file: "Fixtures/github/x.json")
        #expect(cassette.interactions.map(\.request.path) == (0..<3000).map { "/\($0)" })
        #expect(error(text(badAt: [2900, 1200])) == "Fixtures/github/x.json: interactions[1200].response.status: expected a number, found a string")
        #expect(error(text(badAt: [2999])) == "Fixtures/github/x.json: interactions[2999].response.status: expected a number, found a string")
        #expect(try Cassette(json: try JSONValue.parse(text(badAt: [])), file: "Fixtures/github/x.json") == cassette)
        let fromValue = #expect(throws: CassetteError.self) {
            try Cassette(json: try JSONValue.parse(text(badAt: [2900, 1200])), file: "Fixtures/github/x.json")
        }
        #expect(fromValue?.description == "Fixtures/github/x.json: interactions[1200].response.status: expected a number, found a string")
    }

    /// Errors come in the order a reader fixes them, however the file is laid out: text that is not JSON first (even
    /// after a bad interaction), then the cassette's own fields (even when they follow its interactions), then the
    /// first bad interaction.
    @Test func errors_keepTheirOrder_whereverTheyAreInTheFile() {
        let bad = #"{"request": {"method": "GET", "path": "/"}, "response": {"status": "200"}}"#
        #expect(error(#"{"interactions": [\#(bad)], "mockapi": 1, "x": tru}"#)?.contains("not valid JSON") == true)
        #expect(error(#"{"interactions": [\#(bad)], "mockapi": 2}"#)
            == "Fixtures/github/x.json: mockapi: cassette format version 2 is not supported (this mockapi reads version 1)")
        #expect(error(#"{"interactions": [\#(Self.valid), \#(bad)], "mockapi": 1}"#)
            == "Fixtures/github/x.json: interactions[1].response.status: expected a number, found a string")
        #expect(error(#"{"mockapi": 1, "interactions": {"0": \#(Self.valid)}}"#)
            == "Fixtures/github/x.json: interactions: expected an array, found an object")
    }

    @Test func notJSON_givesLineAndColumn() {
        #expect(error("{\n  \"mockapi\": 1,\n  \"interactions\": [,]\n}")
            == "Fixtures/github/x.json: line 3, column 20: not valid JSON: unallowed token at this point in JSON text")
    }

    @Test func unknownVersion_isNamed() {
        #expect(error(#"{"mockapi": 2, "interactions": []}"#)
            == "Fixtures/github/x.json: mockapi: cassette format version 2 is not supported (this mockapi reads version 1)")
    }

    @Test func missingVersion_pointsAtImport() {
        #expect(error(#"{"log": {"entries": []}}"#)?.contains("not a mockapi cassette") == true)
        #expect(error(#"{"log": {"entries": []}}"#)?.contains("mockapi import") == true)
    }

    @Test func missingField_isNamedByPath() {
        #expect(error(#"{"mockapi": 1, "interactions": [{"request": {"method": "GET"}, "response": {"status": 200}}]}"#)
            == "Fixtures/github/x.json: interactions[0].request.path: required field is missing")
    }

    @Test func unknownField_listsTheKnownOnes() {
        let message = error(#"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "respones": {}}]}"#)
        #expect(message?.hasPrefix("Fixtures/github/x.json: interactions[0].respones: unknown field (expected one of: request, response") == true)
    }

    @Test(arguments: [
        (#"{"status": 42}"#, "interactions[0].response.status: expected a whole number from 100 to 599, found 42"),
        (#"{"status": 200, "headers": [["a"]]}"#, #"interactions[0].response.headers[0]: expected a [name, value] pair of strings, found ["a"]"#),
        (#"{"status": 200, "headers": [["bad name", "v"]]}"#, #"interactions[0].response.headers[0]: "bad name" is not a valid header name"#),
        (#"{"status": 200, "body": {"base64": "***"}}"#, "interactions[0].response.body.base64: not valid base64"),
        (#"{"status": 200, "body": {"json": 1, "text": "x"}}"#, #"interactions[0].response.body: expected exactly one of {"json": …}, {"text": "…"}, {"base64": "…"} or {"chunks": […]}"#),
        (#"{"status": 200, "body": {"format": "spaced"}}"#, #"interactions[0].response.body: expected exactly one of {"json": …}, {"text": "…"}, {"base64": "…"} or {"chunks": […]}"#),
        (#"{"status": 200, "body": {"text": "x", "format": "spaced"}}"#, "interactions[0].response.body.format: only a json body has a format (the layout of its value)"),
        (#"{"status": 200, "body": {"json": [1], "format": "indent3"}}"#, "interactions[0].response.body.format: unknown JSON layout (expected compact, spaced, indent2 or indent4, optionally followed by +ascii and then +newline (for example indent2+newline))"),
        (#"{"status": 200, "body": {"json": [1], "format": "spaced+newline+ascii"}}"#, "interactions[0].response.body.format: unknown JSON layout (expected compact, spaced, indent2 or indent4, optionally followed by +ascii and then +newline (for example indent2+newline))"),
        (#"{"status": 200, "body": {"json": [1], "format": 2}}"#, "interactions[0].response.body.format: expected a string, found a number"),
    ])
    func badResponseFields(response: String, message: String) {
        let text = #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": \#(response)}]}"#
        #expect(error(text) == "Fixtures/github/x.json: " + message)
    }

    @Test(arguments: [
        (#""path": "repos""#, #"interactions[0].request.path: expected a path starting with /, found "repos""#),
        (#""path": "/a?b=1""#, #"interactions[0].request.path: the path contains ?; put what follows it in "query""#),
        (#""path": "/a", "query": "b=1 2""#, "interactions[0].request.query: the query contains a space or control character; percent-encode it"),
    ])
    func badRequestFields(request: String, message: String) {
        let text = #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", \#(request)}, "response": {"status": 200}}]}"#
        #expect(error(text) == "Fixtures/github/x.json: " + message)
    }

    /// `GET /a??b=1` is a real request (its query is `?b=1`); the recorder and the importers write such queries, and
    /// a cassette holding one must load and answer that request only. Found by the import fuzz target.
    @Test func queryStartingWithQuestionMark_loadsAndMatchesOnlyItsOwnRequest() throws {
        let text = #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/a", "query": "?b=1"}, "response": {"status": 200}}]}"#
        let cassette = try Cassette(bytes: Array(text.utf8), file: "x.json")
        #expect(cassette.interactions.first?.request.query == "?b=1")
        let replayer = Replayer(cassettes: [LoadedCassette(name: "x", file: "x.json", cassette: cassette)], baseURL: "http://127.0.0.1:1")
        func answered(_ target: String) -> Bool {
            if case .prepared = replayer.reply(to: HTTPRequest(method: "GET", target: target, headers: HTTPHeaders(), body: [])) { return true }
            return false
        }
        #expect(answered("/a??b=1"))
        #expect(!answered("/a?b=1"))
    }

    @Test func unreadableFile_isNamed() {
        #expect(throws: CassetteError.unreadable(file: "/nonexistent/x.json", reason: "No such file or directory")) {
            _ = try Cassette.load(file: "/nonexistent/x.json")
        }
    }
}
