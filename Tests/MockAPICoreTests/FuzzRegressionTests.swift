import MockAPICore
import Testing

/// Bugs found by the fuzz targets (Tests/Fuzz/, scripts/fuzz). Each input that found one is kept in Tests/Fuzz/regressions/TARGET/
/// too, and the fuzz smoke run replays it.
struct FuzzRegressionTests {
    /// Tests/Fuzz/regressions/cassette/duration-1e400.json: `1e400` read as an infinite duration, which the cassette was then
    /// saved with as `inf`, not JSON: a cassette that loaded could not be loaded again once saved.
    @Test func durationBeyondADouble_isRefusedWhereItIs() {
        let text = #"{"mockapi":1,"interactions":[{"request":{"method":"GET","path":"/"},"response":{"status":200},"durationMs":1e400}]}"#
        #expect(throws: CassetteError.invalid(file: "x.json", at: "interactions[0].durationMs", reason: "too large for a number of milliseconds")) {
            _ = try Cassette(bytes: Array(text.utf8), file: "x.json")
        }
    }

    @Test func infiniteDuration_isLeftOutWhenSaved() throws {
        let cassette = Cassette(interactions: [
            Interaction(request: RecordedRequest(method: "GET", path: "/"), response: RecordedResponse(status: 200), durationMs: .infinity)
        ])
        let reloaded = try Cassette(bytes: cassette.fileBytes(), file: "saved.json")
        #expect(reloaded.interactions.first?.durationMs == nil)
    }

    /// Tests/Fuzz/regressions/cassette/value-then-unclosed-string: yajl accepts a value followed by a string that is
    /// never closed (`9"`), and the one-pass compact check did not look for the open string: such an answer was
    /// stored as the JSON value alone and replayed without what followed it.
    @Test(arguments: [#"9""#, #"{"a":1}"tail"#, #"[1] "x\""#])
    func valueThenUnclosedString_keepsItsBytes(text: String) throws {
        let body = Body(bytes: Array(text.utf8))
        #expect(body == .text(text))
        let cassette = Cassette(interactions: [
            Interaction(request: RecordedRequest(method: "GET", path: "/"), response: RecordedResponse(status: 200, body: body))
        ])
        let reloaded = try Cassette(bytes: cassette.fileBytes(), file: "saved.json")
        #expect(reloaded.interactions.first?.response.body.bytes == Array(text.utf8))
    }

    /// Tests/Fuzz/regressions/redaction/secret-at-start-of-path: a `--redact-env` value at the start of a path (`/internal…`)
    /// was replaced with the slash that starts it: the recorder wrote a path without its leading /, and the cassette no
    /// longer loaded (nor could `mockapi record` add to it).
    @Test func secretAtTheStartOfAPath_leavesAPathThatLoads() throws {
        var cassette = Cassette(interactions: [
            Interaction(request: RecordedRequest(method: "GET", path: "/internal-7f3a/items", query: "next=/internal-7f3a/x"),
                        response: RecordedResponse(status: 200, body: .text("see /internal-7f3a/items")))
        ])
        Redactor(rules: RedactionRules(literals: [.environment("PREFIX", value: "/internal-7f3a")])).redact(&cassette)
        let reloaded = try Cassette(bytes: cassette.fileBytes(), file: "redacted.json")
        #expect(reloaded.interactions.first?.request.path == "/<PREFIX>/items")
        #expect(reloaded.interactions.first?.request.query == "next=<PREFIX>/x")
        #expect(reloaded.interactions.first?.response.body == .text("see <PREFIX>/items"))
    }
}
