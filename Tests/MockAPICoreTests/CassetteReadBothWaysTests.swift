import Foundation
import MockAPICore
import MockAPIJSON
import Testing

/// simdjson's reader (Cassette+Tokens.swift) and the tree reader (Cassette+Decode.swift) give the same cassette for
/// every text the first accepts; everything else it leaves to the tree reader, which reports the error.
struct CassetteReadBothWaysTests {
    /// Both readers on `bytes`: the simdjson one (nil when it declines) and the tree one.
    private func readBothWays(_ bytes: [UInt8]) -> (fast: Cassette?, tree: Result<Cassette, CassetteError>) {
        (Cassette(simdjsonBytes: bytes), Result { () throws(CassetteError) in try Cassette(treeOf: bytes, file: "x.json") })
    }

    /// A cassette around one interaction whose response body member is `body` (a JSON text).
    private func cassette(responseBody body: String) -> [UInt8] {
        Array(#"{"mockapi": 1, "interactions": [{"request": {"method": "get", "path": "/a"}, "response": {"status": 200, "body": \#(body)}}]}"#.utf8)
    }

    @Test func everyFixture_readsTheSameBothWays() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures").standardized.path
        let cassettes = try CassetteLoader.discover([root])
        #expect(cassettes.count >= 26)
        for item in cassettes {
            let bytes = try FileIO.read(item.file)
            let (fast, tree) = readBothWays(bytes)
            let cassette = try tree.get()
            // A "lint" member is left to the tree reader.
            #expect(fast == (cassette.lintAllowances.isEmpty ? cassette : nil), "\(item.file) reads differently")
        }
    }

    /// Generated cassettes with every field, written by mockapi (pretty) and compact, read the same both ways.
    @Test func generatedCassettes_readTheSameBothWays() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<40 {
            let cassette = Self.generated(round, using: &generator)
            for bytes in [cassette.fileBytes(), Self.compactFile(of: cassette)] {
                let (fast, tree) = readBothWays(bytes)
                #expect(fast != nil, "simdjson declined round \(round)")
                #expect(fast == (try tree.get()), "round \(round) reads differently")
                #expect(fast == cassette, "round \(round) reads back differently")
            }
        }
    }

    @Test(arguments: [
        // Escapes MockAPIJSON writes as they are: the bytes are kept.
        #"{"json": {"q": "a \"b\" \\ \n \t \r \b \f \u0001 \u001f \u0000"}}"#,
        // Escapes it writes otherwise: parsed and written again.
        #"{"json": {"url": "https:\/\/x", "é": "caf\u00e9", "c": "\u001F", "e": "\u2028", "pair": "\ud83d\ude00"}}"#,
        // Literals are kept as written; repeated names inside a body are kept too.
        #"{"json": [12345678901234567890, 1.50, -0, 1E5, 0.1e-2, {"a": 1, "a": 2}]}"#,
        #"{"json": null}"#, #"{"json": "text"}"#, #"{"json": 7}"#, #"{"json": []}"#,
        #"{"text": "tab\there"}"#, #"{"base64": "AAEC/w=="}"#, "null",
    ])
    func bodies_readTheSameBothWays(body: String) throws {
        let (fast, tree) = readBothWays(cassette(responseBody: body))
        #expect(fast != nil)
        #expect(fast == (try tree.get()))
    }

    /// Outside bodies, simdjson's reader unescapes strings itself (every escape but \u, which it leaves to the tree).
    @Test func escapedStringsOutsideBodies_readTheSameBothWays() throws {
        let text = #"{"mockapi": 1, "source": "a\/b \"q\" \\ \b\f\n\r\t end", "interactions": [{"request": {"method": "GET", "path": "\/a\/b", "headers": [["x-note", "say \"hi\" \/ \\"]]}, "response": {"status": 200, "body": {"text": "tab\there\r\n"}}}]}"#
        let (fast, tree) = readBothWays(Array(text.utf8))
        let cassette = try #require(fast)
        #expect(cassette == (try tree.get()))
        #expect(cassette.source == "a/b \"q\" \\ \u{8}\u{C}\n\r\t end")
        #expect(cassette.interactions[0].request.path == "/a/b")
        #expect(cassette.interactions[0].request.headers.fields == [.init("x-note", #"say "hi" / \"#)])
    }

    @Test func bodyWithOtherEscapes_isWrittenInCompactForm() throws {
        let fast = try #require(Cassette(simdjsonBytes: cassette(responseBody: #"{"json": {"u": "https:\/\/x\u00e9"}}"#)))
        #expect(fast.interactions[0].response.body.bytes == Array(#"{"u":"https://xé"}"#.utf8))
    }

    /// A text over 4 MiB is left to the tree reader (simdjson's buffers would take several times its size), and the
    /// next small text still reads through simdjson.
    @Test func largeText_isLeftToTheTree() throws {
        let body = #"{"json": {"text": "\#(String(repeating: "x", count: 5_000))", "n": 1.50}}"#
        let one = #"{"request": {"method": "GET", "path": "/a"}, "response": {"status": 200, "body": \#(body)}}"#
        let text = #"{"mockapi": 1, "interactions": ["# + Array(repeating: one, count: 1_000).joined(separator: ",\n") + "]}"
        let bytes = Array(text.utf8)
        #expect(bytes.count > 4 << 20)
        let (fast, tree) = readBothWays(bytes)
        #expect(fast == nil)
        #expect(try tree.get().interactions.count == 1_000)
        #expect(try Cassette(bytes: bytes, file: "large.json") == tree.get())
        let (small, smallTree) = readBothWays(cassette(responseBody: "null"))
        #expect(small != nil)
        #expect(small == (try smallTree.get()))
    }

    /// Texts the tree reader refuses: simdjson's reader must decline them (so the tree reader's message is given).
    @Test(arguments: [
        #"{"mockapi": 1, "mockapi": 1, "interactions": []}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/", "path": "/"}, "response": {"status": 200}}]}"#,
        #"{"mockapi": 1, "interactions": [], "extra": 1}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": {"status": 200, "colour": 1}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": {"status": 200, "body": {"json": 1, "text": "x"}}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": {"status": 600}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": {"status": 200.0}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "G T", "path": "/"}, "response": {"status": 200}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/?a"}, "response": {"status": 200}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/", "query": "a b"}, "response": {"status": 200}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/", "headers": [["a b", "v"]]}, "response": {"status": 200}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/", "headers": [["a", "v\n"]]}, "response": {"status": 200}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/", "headers": [["a", "v", "w"]]}, "response": {"status": 200}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": {"status": 200}, "durationMs": -1}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": {"status": 200}, "durationMs": 1e400}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": {"status": 200}, "upstream": "ftp://x"}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": {"status": 200}, "mount": "/a/"}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET"}, "response": {"status": 200}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": null}]}"#,
        #"{"mockapi": 2, "interactions": []}"#,
        #"{"mockapi": 1, "interactions": null}"#,
        #"{"mockapi": 1, "interactions": []} {}"#,
        #"{"mockapi": 1, "interactions": []"#,
        #"[{"mockapi": 1, "interactions": []}]"#,
        // Bodies simdjson's On-Demand API would skip without looking inside.
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": {"status": 200, "body": {"json": {"a": 1 "b": 2}}}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": {"status": 200, "body": {"json": [tru]}}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": {"status": 200, "body": {"json": [01]}}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": {"status": 200, "body": {"json": ["\x"]}}}]}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": {"status": 200, "body": {"json": {"a": }}}}]}"#,
        "{\"mockapi\": 1, \"interactions\": [{\"request\": {\"method\": \"GET\", \"path\": \"/\"}, \"response\": {\"status\": 200, \"body\": {\"json\": [\"a\u{01}b\"]}}}]}",
    ])
    func refusedTexts_areLeftToTheTreeReader(text: String) {
        let (fast, tree) = readBothWays(Array(text.utf8))
        #expect(fast == nil)
        #expect(throws: CassetteError.self) { try tree.get() }
    }

    @Test func invalidUTF8InsideABody_isLeftToTheTreeReader() {
        var bytes = cassette(responseBody: #"{"json": {"a": ["xy"]}}"#)
        let at = try! #require(bytes.firstIndex(of: UInt8(ascii: "x")))
        bytes[at] = 0xFF
        let (fast, tree) = readBothWays(bytes)
        #expect(fast == nil)
        #expect(throws: CassetteError.self) { try tree.get() }
    }

    @Test func byteOrderMark_isLeftToTheTreeReader() {
        let (fast, tree) = readBothWays([0xEF, 0xBB, 0xBF] + cassette(responseBody: "null"))
        #expect(fast == nil)
        #expect(throws: CassetteError.self) { try tree.get() }
    }

    @Test(arguments: [300, 600])
    func deepBody_isLeftToTheTreeReader(depth: Int) {
        let body = #"{"json": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        let (fast, tree) = readBothWays(cassette(responseBody: body))
        #expect(fast == nil)
        // The tree reader takes 512 levels.
        #expect((try? tree.get()) != nil || depth > 500)
    }

    /// Texts the tree reader takes but simdjson's reader leaves to it: the cassette is still read, by the tree.
    @Test(arguments: [
        #"{"mockapi": 1, "lint": {"allow": [{"rule": "secret-header", "reason": "invented"}]}, "interactions": []}"#,
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/", "headers": [["a", "caf\u00e9"]]}, "response": {"status": 200}}]}"#,
        "{\"mockapi\": 1,\u{0B}\"interactions\": []}",
        #"{"mockapi": 1, "interactions": [{"request": {"method": "GET", "path": "/"}, "response": {"status": 200, "body": {"json": 123456789012345678901234567890}}}]}"#,
    ])
    func declinedButValid_loadsThroughTheTree(text: String) throws {
        let bytes = Array(text.utf8)
        #expect(Cassette(simdjsonBytes: bytes) == nil)
        #expect(try Cassette(bytes: bytes, file: "x.json") == Cassette(treeOf: bytes, file: "x.json"))
    }

    // MARK: Generated cassettes

    private static func generated(_ round: Int, using generator: inout some RandomNumberGenerator) -> Cassette {
        let texts = ["", "plain", "with \"quotes\" and \\ back", "line\nbreak\ttab", "é ü 日本 😀",
                     String(repeating: "long text ", count: 20)]
        // Outside JSON bodies, control characters written as \u00xx are left to the tree reader.
        func text() -> String { texts.randomElement(using: &generator)! }
        func jsonText() -> String { (texts + ["ctl \u{01}\u{1F}\u{0}"]).randomElement(using: &generator)! }
        // Control characters are written as \u00xx, which simdjson's reader leaves to the tree (and \n is refused).
        func headerValue() -> String { String(text().unicodeScalars.filter { $0.value >= 0x20 }) }
        func json(_ depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth > 3 ? 4 : 7), using: &generator) {
            case 0: .null
            case 1: .bool(Bool.random(using: &generator))
            case 2: .number(["0", "-1", "1.50", "12345678901234567890", "1e-7", "-0.0"].randomElement(using: &generator)!)
            case 3: .string(jsonText())
            case 4: .array((0..<Int.random(in: 0..<4, using: &generator)).map { _ in json(depth + 1) })
            default: .object((0..<Int.random(in: 0..<4, using: &generator)).map { _ in JSONMember(jsonText(), json(depth + 1)) })
            }
        }
        func body() -> Body {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: .none
            case 1: .json(json(0))
            case 2: .text(text())
            default: .binary((0..<Int.random(in: 0..<9, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
            }
        }
        let headers: HTTPHeaders = HTTPHeaders((0..<Int.random(in: 0..<25, using: &generator)).map { index in
            .init(["content-type", "etag", "x-request-id-with-a-longer-name", "set-cookie"][index % 4],
                  ["application/json; charset=utf-8", #"W/"abc""#, "a value that is long enough to be shared", headerValue()][index % 4])
        })
        let interactions = (0..<(round % 7 == 0 ? 0 : Int.random(in: 1..<30, using: &generator))).map { index in
            Interaction(
                request: RecordedRequest(
                    method: ["GET", "POST", "DELETE"][index % 3], path: "/repos/\(index)/issues",
                    query: index % 2 == 0 ? nil : "page=\(index)&q=%20", headers: headers, body: body()),
                response: RecordedResponse(status: [200, 201, 404, 599][index % 4], headers: headers, body: body()),
                upstream: index % 3 == 0 ? nil : "https://api.github.com", mount: index % 5 == 0 ? "/qiita" : nil,
                recordedAt: index % 2 == 0 ? "2026-11-09T10:00:00Z" : nil, durationMs: index % 4 == 0 ? nil : 12.5)
        }
        return Cassette(source: round % 2 == 0 ? "generated" : nil, interactions: interactions)
    }

    /// The cassette's file as compact JSON (no layout at all).
    private static func compactFile(of cassette: Cassette) -> [UInt8] {
        guard let value = try? JSONValue.parse(cassette.fileBytes()) else { return [] }
        return value.compactBytes()
    }
}
