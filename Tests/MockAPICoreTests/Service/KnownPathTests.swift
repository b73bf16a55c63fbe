import MockAPICore
import Testing

/// The engine asks the replay service for the string it already holds for a request's path, so that a recorded path
/// costs no new string. Only a path whose bytes are a recorded key's path is known: anything else gets nil, and the
/// engine makes the string as before.
struct KnownPathTests {
    private func known(_ service: ReplayService, _ path: String) -> String? {
        var path = path
        return path.withUTF8 { service.knownPath($0) }
    }

    @Test func recordedPaths_areKnown_byTheirExactBytes() {
        let service = ReplayService.make([.make([
            .get("/repos/o/r"), .get("/repos/o/r/issues?page=2"), .make("POST", "/markdown"),
        ])])
        #expect(known(service, "/repos/o/r") == "/repos/o/r")
        #expect(known(service, "/repos/o/r/issues") == "/repos/o/r/issues")
        #expect(known(service, "/markdown") == "/markdown")
        // The engine looks up the path alone; a spelling that only matches once normalised is not the same bytes.
        #expect(known(service, "/repos/o/r/issues?page=2") == nil)
        #expect(known(service, "/repos/%6F/r") == nil)
        #expect(known(service, "/repos/o") == nil)
        #expect(known(service, "/repos/o/r/") == nil)
        #expect(known(service, "") == nil)
    }

    /// A request made with the known string is answered as one made with a new string.
    @Test func aKnownPath_matchesAsAnyOther() async {
        let service = ReplayService.make([.make([.get("/repos/o/r", json: #"{"id":1}"#)])])
        let path = known(service, "/repos/o/r") ?? "missing"
        let response = await service.respond(to: HTTPRequest(method: "GET", path: path))
        #expect(response.status == 200)
        #expect(response.text == #"{"id":1}"#)
    }
}
