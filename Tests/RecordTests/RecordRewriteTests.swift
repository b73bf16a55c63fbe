import Foundation
import MockAPICompression
import MockAPICore
import MockAPITesting
import MockAPIJSON
import TestSupport
import Testing

/// Recording follows the client: upstream URLs in what the client receives point back at the recorder, as replay
/// does, so the next page, the redirect and the `url` field a client follows are recorded too; the cassette keeps
/// the upstream's own URLs.
struct RecordRewriteTests {
    @Test func linkLocationAndBody_pointAtTheRecorder_whileTheCassetteKeepsTheUpstream() async throws {
        try await withRig(upstream: { request in
            let origin = "http://" + (request.headers.values("host").first ?? "")
            let body = "{\"next\":\"\(origin)/items?page=2\",\"elsewhere\":\"\(origin).evil.example/x\"}"
            return .response(HTTPResponse(status: 200, headers: [
                ("Content-Type", "application/json"), ("Link", "<\(origin)/items?page=2>; rel=\"next\""),
                ("Location", "\(origin)/items/1"),
            ], body: Array(body.utf8)))
        }) { rig, upstream in
            let answer = try await rig.record("GET", "/items")
            #expect(answer.values("link") == ["<\(rig.base)/items?page=2>; rel=\"next\""])
            #expect(answer.values("location") == ["\(rig.base)/items/1"])
            #expect(answer.text == "{\"next\":\"\(rig.base)/items?page=2\",\"elsewhere\":\"\(upstream.url).evil.example/x\"}")
            let recorded = try rig.cassette.interactions[0].response
            #expect(recorded.headers.values("link") == ["<\(upstream.url)/items?page=2>; rel=\"next\""])
            #expect(recorded.body.bytes == Array("{\"next\":\"\(upstream.url)/items?page=2\",\"elsewhere\":\"\(upstream.url).evil.example/x\"}".utf8))
        }
    }

    /// A compressed body that names the upstream reaches the client decoded and rewritten, without the coding that
    /// no longer describes it; one that names nothing to rewrite still arrives exactly as the upstream coded it.
    @Test func compressedBody_isDecodedForTheClientOnlyWhenItIsRewritten() async throws {
        try await withRig(upstream: { request in
            let origin = "http://" + (request.headers.values("host").first ?? "")
            let plain = request.path == "/named" ? "{\"url\":\"\(origin)/a\"}" : "{\"url\":null}"
            let coded = ContentEncoder.encode(Array(plain.utf8), coding: "gzip") ?? []
            return .response(HTTPResponse(status: 200, headers: [
                ("Content-Type", "application/json"), ("Content-Encoding", "gzip"),
            ], body: coded))
        }) { rig, _ in
            let named = try await rig.record("GET", "/named", headers: [("Accept-Encoding", "gzip")])
            #expect(named.values("content-encoding").isEmpty)
            #expect(named.text == "{\"url\":\"\(rig.base)/a\"}")
            let plain = try await rig.record("GET", "/plain", headers: [("Accept-Encoding", "gzip")])
            #expect(plain.values("content-encoding") == ["gzip"])
            #expect(plain.body == ContentEncoder.encode(Array("{\"url\":null}".utf8), coding: "gzip"))
        }
    }
}
