import Foundation
@testable import MockAPICore
import MockAPIJSON
import Testing

/// The fast cassette reader (straight from bytes to a cassette, JSON bodies to their compact bytes) must give exactly
/// what the tree reader gives, or give up and leave the file to it: replay serves these bytes.
struct CassetteFastReaderTests {
    /// Both readers over `bytes`; fails the test when the fast one gives another cassette than the tree's.
    @discardableResult
    private func agree(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> (fast: Cassette?, tree: Cassette?) {
        let fast = bytes.withUnsafeBytes { CassetteFastReader.read($0) }
        let tree = try? Cassette(readingTree: bytes, file: "x.json")
        if let fast {
            #expect(fast == tree, "the fast reader read \(String(decoding: bytes.prefix(200), as: UTF8.self)) otherwise", sourceLocation: sourceLocation)
        }
        return (fast, tree)
    }

    private func errorText(_ read: () throws -> Cassette) -> String? {
        do {
            _ = try read()
            return nil
        } catch {
            return "\(error)"
        }
    }

    private func cassette(responseBody: String, requestBody: String = "null") -> [UInt8] {
        Array("""
            {
              "mockapi": 1,
              "interactions": [
                {
                  "request": {"method": "post", "path": "/a", "query": "x=1", "headers": [["accept", "*/*"]], "body": \(requestBody)},
                  "response": {
                    "status": 201,
                    "headers": [["content-type", "application/json"], ["x-a", "é"]],
                    "body": \(responseBody)
                  },
                  "upstream": "https://api.github.com/",
                  "mount": "/gh",
                  "recordedAt": "2026-01-01T00:00:00Z",
                  "durationMs": 12.5
                }
              ]
            }
            """.utf8)
    }

    /// JSON values whose compact form the fast reader must write byte for byte as `compactBytes()` does.
    static let trickyValues: [String] = [
        #""plain""#, #""a\/b\"c\\d\n\t\b\f\r""#, #""\/\/""#, "\"é😀 日本 \u{7F}\"", #""""#,
        "1.50", "1e400", "-0", "-0.0e-0", "12345678901234567890123456789", "1E+2", "0", "-12.5e-3",
        "true", "false", "null", "{}", "[]", "{ }", "[ ]", "[\n\t1 ,\r\n 2 ]",
        #"{"a":1,"a":2}"#, #"{"a" : {"b" : [1, {"c" : null}]}, "d\/e": "f"}"#,
        #"{"url": "https://api.github.com/repos/o/r", "n": [1.0, 2.50, -3e-7], "s": "tab\there"}"#,
        String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
    ]

    @Test(arguments: trickyValues)
    func jsonBody_compactBytesAreTheTreeWriters(value: String) throws {
        let (fast, tree) = agree(cassette(responseBody: #"{"json": \#(value)}"#, requestBody: #"{"json": \#(value)}"#))
        let fastBody = try #require(fast?.interactions.first?.response.body)
        let expected = try JSONValue.parse(value).compactBytes()
        #expect(fastBody.bytes == expected)
        #expect(fast?.interactions.first?.request.body.bytes == expected)
        #expect(tree?.interactions.first?.response.body.bytes == expected)
    }

    /// What the fast reader leaves to the tree reader still loads, the same (or fails, the same).
    static let leftToTheTree: [String] = [
        #"{"json": "\u00e9"}"#, #"{"json": "\u0000"}"#, #"{"json": "\ud83d\ude00"}"#, #"{"json": "\ud800"}"#,
        #"{"js\u006fn": 1}"#, "{\"json\": \u{0B}1}", #"{"json": 1, "text": "a"}"#, "{}", #"{"text": null}"#,
        #"{"base64": "!!"}"#, String(repeating: "[", count: 450) + String(repeating: "]", count: 450),
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ]

    @Test(arguments: leftToTheTree)
    func offThePath_theTreeReaderDecides(body: String) {
        let bytes = cassette(responseBody: body)
        let (fast, _) = agree(bytes)
        #expect(fast == nil)
        #expect((try? Cassette(bytes: bytes, file: "x.json")) == (try? Cassette(readingTree: bytes, file: "x.json")))
        #expect(errorText { try Cassette(bytes: bytes, file: "x.json") } == errorText { try Cassette(readingTree: bytes, file: "x.json") })
    }

    @Test func invalidUTF8_isLeftToTheTree() {
        for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF], [0x80]] {
            let body = Array(#"{"json": {"k": ""#.utf8) + bad + Array(#""}}"#.utf8)
            var bytes = cassette(responseBody: "@")
            let at = bytes.firstIndex(of: UInt8(ascii: "@"))!
            bytes.replaceSubrange(at...at, with: body)
            #expect(agree(bytes).fast == nil)
            #expect((try? Cassette(bytes: bytes, file: "x.json")) == (try? Cassette(readingTree: bytes, file: "x.json")))
        }
    }

    @Test func utf8Check_agreesWithSwift() {
        var generator = SplitMix(seed: 7)
        let pool: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
                             0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        for _ in 0..<200_000 {
            let bytes = (0..<Int.random(in: 1...5, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
            let swift = String(validating: bytes, as: UTF8.self) != nil
            #expect(CassetteFastReader.isUTF8(bytes[...]) == swift, "\(bytes)")
        }
    }

    @Test func everyFixture_readsTheSame_mostlyFast() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures").standardized.path
        let files = try #require(FileManager.default.enumerator(atPath: root)?.allObjects as? [String]).filter { $0.hasSuffix(".json") }
        var fast = 0
        for file in files {
            let bytes = try #require(FileManager.default.contents(atPath: root + "/" + file)).map { $0 }
            if agree(bytes).fast != nil { fast += 1 }
        }
        #expect(files.count > 20)
        #expect(fast * 10 >= files.count * 8, "only \(fast) of \(files.count) fixtures read fast")
    }

    /// Small damage to a real cassette, many times over: whatever the fast reader accepts, the tree reads the same.
    @Test func mutatedCassettes_readTheSame() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures").standardized.path
        let original = try #require(FileManager.default.contents(atPath: root + "/github/get-repository.json")).map { $0 }
        var generator = SplitMix(seed: 16)
        let inserts = Array(#"{}[],:" \/nu0.e-+9"#.utf8) + [0x0B, 0x00, 0xC3, 0xA9, 0xFF]
        var accepted = 0
        for _ in 0..<3000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(inserts.randomElement(using: &generator)!, at: at)
                default: bytes[at] = inserts.randomElement(using: &generator)!
                }
            }
            if agree(bytes).fast != nil { accepted += 1 }
        }
        #expect(accepted > 100)
    }

    @Test func theBenchmarkShape_readsFast() {
        #expect(agree(cassette(responseBody: #"{"json": {"id": 1, "body": "Fixes it.\nThanks"}}"#)).fast != nil)
    }
}

/// A small deterministic generator (SplitMix64), so that a failure reproduces.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
