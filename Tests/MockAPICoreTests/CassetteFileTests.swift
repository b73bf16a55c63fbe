import Foundation
import MockAPICore
import MockAPIJSON
import TestSupport
import Testing

struct CassetteFileTests {
    /// Saving then loading gives the same cassette; every kind of body keeps its exact bytes.
    @Test func saveThenLoad_roundTrips() throws {
        let folder = TemporaryFolder()
        let cassette = Cassette(source: "test", interactions: [
            .make("POST", "/repos/o/r/issues?x=1", status: 201, body: .json(try JSONValue.parse(#"{"b":1,"a":[1.50,"é"]}"#)),
                  headers: [("set-cookie", "a=1"), ("set-cookie", "b=2")], requestBody: .text("hello")),
            .make("GET", "/archive", status: 200, body: .binary([0, 1, 2, 255, 254])),
            .make("DELETE", "/x", status: 204),
        ])
        let file = folder.path + "/c.json"
        try cassette.save(to: file)
        let loaded = try Cassette.load(file: file)
        #expect(loaded == cassette)
        #expect(loaded.interactions[0].response.body.bytes == Array(#"{"b":1,"a":[1.50,"é"]}"#.utf8))
        #expect(loaded.interactions[1].response.body.bytes == [0, 1, 2, 255, 254])
        #expect(try folder.entries() == ["c.json"], "no temporary file is left behind")
    }

    /// A file loads, or fails with the same message, as its bytes do: a valid one, one with a \u escape in a header, a
    /// broken one and an empty one.
    @Test(arguments: [
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/a"}, "response": {"status": 200, "body": {"json": {"b": 1}}}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/", "headers": [["a", "caf\u00e9"]]}, "response": {"status": 200}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET"}, "response": {"status": 200}}]}"#,
        "",
    ])
    func file_loadsAsItsBytes(text: String) throws {
        let folder = TemporaryFolder()
        let file = folder.file("c.json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        /// The cassette, or the error's message.
        func outcome(_ load: () throws(CassetteError) -> Cassette) -> (cassette: Cassette?, error: String?) {
            do throws(CassetteError) { return (try load(), nil) } catch { return (nil, error.description) }
        }
        let fromFile = outcome { () throws(CassetteError) in try Cassette.load(file: file) }
        let fromBytes = outcome { () throws(CassetteError) in try Cassette(bytes: Array(text.utf8), file: file) }
        #expect(fromFile.cassette == fromBytes.cassette)
        #expect(fromFile.error == fromBytes.error)
        #expect((fromFile.cassette != nil) == text.contains(#""path": "/"#))
    }

    /// The committed fixtures are written exactly as mockapi writes cassettes, so tools that rewrite cassettes
    /// (scrub, record into an existing file) leave unchanged interactions byte-identical.
    @Test func fixtures_areInTheCanonicalLayout() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures").standardized.path
        let cassettes = try CassetteLoader.discover([root])
        #expect(cassettes.count >= 26)
        for item in cassettes {
            let original = try FileIO.read(item.file)
            let cassette = try Cassette(bytes: original, file: item.file)
            #expect(cassette.fileBytes() == original, "\(item.file) is not in the layout mockapi writes")
        }
    }

    /// A recorded body is stored as JSON exactly when writing its value in one of the known layouts gives back its
    /// bytes; the one-pass check that spares the recorder that write for compact text agrees, over every body of the
    /// committed fixtures.
    @Test func fixtures_bodiesAreStoredAsJSONOnlyWhenALayoutGivesTheirBytes() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures").standardized.path
        var json = 0
        for item in try CassetteLoader.discover([root]) {
            let cassette = try Cassette(bytes: try FileIO.read(item.file), file: item.file)
            for body in cassette.interactions.flatMap({ [$0.request.body, $0.response.body] }) {
                let bytes = body.bytes
                let value = try? JSONValue.parse(bytes)
                // The check is only asked of text that parses (a cut-short answer is not JSON, compact or not).
                if let value, JSONValue.isCompactText(bytes) { #expect(value.compactBytes() == bytes, "\(item.file)") }
                let stored = Body(bytes: bytes)
                #expect(stored.bytes == bytes, "\(item.file)")
                if case .json(let kept) = stored {
                    json += 1
                    #expect(value?.bytes(in: kept.layout) == bytes, "\(item.file)")
                } else if let value {
                    let layouts = JSONLayout.Spacing.allCases.flatMap { spacing in
                        [false, true].flatMap { ascii in [false, true].map { JSONLayout(spacing, asciiOnly: ascii, trailingNewline: $0) } }
                    }
                    #expect(!layouts.contains { value.bytes(in: $0) == bytes }, "\(item.file)")
                }
            }
        }
        #expect(json >= 60)
    }

    /// A recorder writes each interaction's log line with its JSON bodies copied from their bytes rather than written
    /// again from their values: for every interaction of the committed fixtures, that gives exactly the compact
    /// encoding, and it reads back as the same interaction.
    @Test func fixtures_logLineFormIsTheCompactForm() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures").standardized.path
        var checked = 0
        for item in try CassetteLoader.discover([root]) {
            let cassette = try Cassette(bytes: try FileIO.read(item.file), file: item.file)
            for interaction in cassette.interactions {
                let line = interaction.compactBytes()
                #expect(line == interaction.jsonValue.compactBytes(), "\(item.file)")
                let alone = Array(#"{"mockapi":\#(Cassette.formatVersion),"interactions":["#.utf8) + line + Array("]}".utf8)
                #expect(try Cassette(bytes: alone, file: item.file).interactions == [interaction], "\(item.file)")
                checked += 1
            }
        }
        #expect(checked >= 100)
    }

    @Test(arguments: [
        (#"{"id":1,"name":"x"}"#, "json"),
        (#"{"id": 1}"#, "json"),            // Python's spacing, a known layout
        ("{\"id\":1}\n", "json"),           // compact with a final newline
        (#"{"id" : 1}"#, "text"),           // JSON in no known layout: kept byte-for-byte
        ("plain text, ünïcödé", "text"),
        ("", "none"),
    ])
    func body_picksTheMostReadableExactForm(text: String, kind: String) {
        let body = Body(bytes: Array(text.utf8))
        let actual: String
        switch body {
        case .none: actual = "none"
        case .json: actual = "json"
        case .text: actual = "text"
        case .binary: actual = "binary"
        case .chunks: actual = "chunks"
        }
        #expect(actual == kind)
        #expect(body.bytes == Array(text.utf8))
    }

    @Test func body_keepsInvalidUTF8AsBinary() {
        let bytes: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0xFF]
        #expect(Body(bytes: bytes) == .binary(bytes))
    }
}
