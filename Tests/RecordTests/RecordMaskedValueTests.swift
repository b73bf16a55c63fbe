import Foundation
import MockAPICore
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A value the API masked itself is the answer, not a credential: `mockapi record` keeps it as sent.
@Suite(.serialized) struct RecordMaskedValueTests {
    /// GitHub answers a webhook's secret as `"********"`: recorded as it came, while the real secret the client sent
    /// in the request is scrubbed.
    @Test func maskedSecretInAnswer_isKept_theRealOneScrubbed() async throws {
        let hook = #"{"id":1,"config":{"content_type":"json","url":"https://example.com/hook","secret":"********"},"api_key":"xxxxxxxxxxxx"}"#
        let upstream = try StandInUpstream(always: .json(status: 201, Array(hook.utf8), headers: [("X-Api-Key", "XXXXXXXX")]))
        let folder = TemporaryFolder()
        let cassette = folder.file("hooks.json")
        let child = try MockAPIProcess(
            ["record", "--upstream", upstream.url, "--cassette", cassette, "--port", "0", "--log-level", "error"])
        let base = try await child.listeningURL()
        let client = TestClient()
        let answer = try await client.send(
            "POST", base + "/repos/o/r/hooks", headers: [("Content-Type", "application/json")],
            body: Array(#"{"config":{"url":"https://example.com/hook","secret":"w3bh00k-s3cr3t-Vq8Lp2"}}"#.utf8))
        #expect(answer.status == 201)
        await client.shutdown()
        child.signal(SIGINT)
        #expect(await child.finish().status == 0)
        await upstream.stop()

        let recorded = try #require(try Cassette(bytes: try FileIO.read(cassette), file: cassette).interactions.first)
        #expect(recorded.response.body.bytes == Array(hook.utf8))
        #expect(recorded.response.headers["x-api-key"] == "XXXXXXXX")
        #expect(recorded.request.body.bytes == Array(#"{"config":{"url":"https://example.com/hook","secret":"<redacted>"}}"#.utf8))
    }
}
