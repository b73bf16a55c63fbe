import MockAPICore
import Testing

/// Bugs found by the fuzz targets (Fuzz/, scripts/fuzz). Each input that found one is kept in Fuzz/regressions/TARGET/
/// too, and the fuzz smoke run replays it.
struct FuzzRegressionTests {
    /// Fuzz/regressions/cassette/duration-1e400.json: `1e400` read as an infinite duration, which the cassette was then
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
}
