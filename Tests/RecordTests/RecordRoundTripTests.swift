import Foundation
import MockAPICompression
import MockAPICore
import MockAPIJSON
import MockAPITesting
import TestSupport
import Testing

/// What a user records through `mockapi record` replays exactly: status, the headers that matter, every body byte.
@Suite(.serialized) struct RecordRoundTripTests {
    /// Records one exchange and replays it with the same request; returns both answers and what the upstream saw.
    private func roundTrip(_ answer: HTTPResponse, method: String = "GET", target: String, headers: [(String, String)] = [],
                           body: [UInt8]? = nil) async throws -> (recorded: ClientAnswer, replayed: ClientAnswer, seen: HTTPRequest, cassette: Cassette, upstream: String) {
        try await withRig(upstream: { _ in .response(answer) }) { rig, upstream in
            let recorded = try await rig.record(method, target, headers: headers, body: body)
            let replayed = try await rig.replay { try await rig.client.send(method, $0 + target, headers: headers, body: body) }
            let seen = try #require(upstream.requests.first)
            return (recorded, replayed, seen, try rig.cassette, upstream.url)
        }
    }

    /// Method, raw path and query, headers (minus connection fields) and body reach the upstream as sent; the answer
    /// comes back as it was and replays the same.
    @Test func getWithQueryAndHeaders_isForwardedAsSentAndReplayed() async throws {
        let target = "/search/issues?q=repo%3Aoctokit%2Frest.js+is%3Aopen&per_page=3&sort="
        let answer = HTTPResponse.json(status: 200, Array(#"{"total_count":2,"items":[{"id":1},{"id":2}]}"#.utf8),
                                       headers: [("X-RateLimit-Remaining", "59"), ("X-Multi", "a"), ("X-Multi", "b")])
        let result = try await roundTrip(answer, target: target, headers: [("Accept", "application/vnd.github+json"), ("X-Trace", "1"), ("X-Trace", "2")])
        #expect(result.seen.method == "GET")
        #expect(result.seen.target == target)
        #expect(result.seen.headers.values("x-trace") == ["1", "2"])
        #expect(result.seen.headers["accept"] == "application/vnd.github+json")
        #expect("http://" + (result.seen.headers["host"] ?? "") == result.upstream)
        #expect(result.recorded.status == 200)
        #expect(result.recorded.body == answer.body)
        #expect(result.recorded.headers.values("x-multi") == ["a", "b"])
        #expect(result.replayed.status == 200)
        #expect(result.replayed.meaningfulHeaders == result.recorded.meaningfulHeaders)
        #expect(result.replayed.body == result.recorded.body)
        #expect(result.cassette.interactions.first?.request.query == "q=repo%3Aoctokit%2Frest.js+is%3Aopen&per_page=3&sort=")
    }

    /// A pretty-printed answer (two-space indentation and a final newline, as `JSON.stringify(v, null, 2)` and many
    /// servers write) and a request body as Python's `json.dumps` writes it (`, ` and `: `, non-ASCII escaped) are kept
    /// in the cassette as JSON values with their layout, readable and diffable, and replay gives back every byte.
    @Test func prettyAnswerAndPythonBody_areStoredAsJSONWithTheirLayout_andReplayByteForByte() async throws {
        let pretty = Array("{\n  \"login\": \"octocat\",\n  \"plan\": {\n    \"name\": \"free\",\n    \"seats\": []\n  }\n}\n".utf8)
        let python = Array(#"{"model": "gpt-4o", "messages": [{"role": "user", "content": "caf\u00e9"}], "n": 1}"#.utf8)
        let result = try await roundTrip(.json(status: 200, pretty), method: "POST", target: "/v1/chat",
                                         headers: [("Content-Type", "application/json")], body: python)
        #expect(result.replayed.body == pretty)
        let interaction = try #require(result.cassette.interactions.first)
        guard case .json(let answer) = interaction.response.body, case .json(let request) = interaction.request.body else {
            Issue.record("bodies not stored as JSON: \(interaction.response.body), \(interaction.request.body)")
            return
        }
        #expect(answer.layout.name == "indent2+newline")
        #expect(request.layout.name == "spaced+ascii")
        #expect(request.bytes == python)
    }

    /// A target in RFC 3986 form (reserved characters, escapes such as %2F) reaches the upstream byte for byte.
    @Test func validTarget_isForwardedByteForByte() async throws {
        let target = "/repos/o/r/contents/a%2Fb%20c.md?ref=feature%2Fx&q=a+b&empty=&flag&x=%E3%81%82"
        try await withRig(upstream: { _ in .response(.text(status: 200, "ok")) }) { rig, upstream in
            let port = try #require(rig.recorder.baseURL.port)
            #expect(try await RawTCP.get(port: port, target: target) == "HTTP/1.1 200 OK")
            #expect(upstream.requests.map(\.target) == [target])
        }
    }

    /// Characters RFC 3986 does not allow raw (`[`, `|`, `{`, a lone `%`) are percent-encoded on the way upstream by
    /// the HTTP client, which keeps their meaning; the cassette keeps the target as the client sent it, so replay
    /// matches the same client.
    @Test func rawBrackets_keepTheirMeaningUpstreamAndTheirFormInTheCassette() async throws {
        let target = "/items?filter[name]=a|b&sort={x}"
        try await withRig(upstream: { _ in .response(.text(status: 200, "ok")) }) { rig, upstream in
            let port = try #require(rig.recorder.baseURL.port)
            #expect(try await RawTCP.get(port: port, target: target) == "HTTP/1.1 200 OK")
            let sent = try #require(upstream.requests.first)
            #expect(QueryParameter.parse(sent.query ?? "") == QueryParameter.parse("filter[name]=a|b&sort={x}"))
            #expect(try rig.cassette.interactions.first?.request.query == "filter[name]=a|b&sort={x}")
            let replayed = try await rig.replay { base in
                try await RawTCP.get(port: try #require(URL(string: base)?.port), target: target)
            }
            #expect(replayed == "HTTP/1.1 200 OK")
        }
    }

    /// A JSON POST body is forwarded byte for byte, stored as JSON, and replay matches it by meaning.
    @Test func postWithJSONBody_isRecordedAndMatchedByMeaning() async throws {
        let sent = Array(#"{"title":"Found a bug","labels":["bug"],"body":"ü"}"#.utf8)
        let answer = HTTPResponse.json(status: 201, Array(#"{"number":1347,"state":"open"}"#.utf8), headers: [("Location", "/repos/o/r/issues/1347")])
        try await withRig(upstream: { _ in .response(answer) }) { rig, upstream in
            let recorded = try await rig.record("POST", "/repos/o/r/issues", headers: [("Content-Type", "application/json")], body: sent)
            #expect(upstream.requests.first?.body == sent)
            #expect(try rig.cassette.interactions.first?.request.body == Body(bytes: sent))
            if case .json = try rig.cassette.interactions.first?.request.body {} else { Issue.record("request body not stored as JSON") }
            let reordered = Array(#"{"labels":["bug"],"body":"ü","title":"Found a bug"}"#.utf8)
            let replayed = try await rig.replay {
                try await rig.client.send("POST", $0 + "/repos/o/r/issues", headers: [("Content-Type", "application/json")], body: reordered)
            }
            #expect(replayed.status == 201)
            #expect(replayed.meaningfulHeaders == recorded.meaningfulHeaders)
            #expect(replayed.body == recorded.body)
        }
    }

    /// A compressed answer reaches the client as sent; the cassette holds it decoded (readable JSON) and replays the
    /// decoded bytes without Content-Encoding.
    @Test(arguments: ["gzip", "deflate", "br"])
    func compressedAnswer_isStoredDecoded(_ coding: String) async throws {
        let json = Array(String(repeating: #"{"login":"octocat","id":583231},"#, count: 100).dropLast().utf8)
        let plain = [UInt8(ascii: "[")] + json + [UInt8(ascii: "]")]
        let encoded = try #require(ContentEncoder.encode(plain, coding: coding))
        let answer = HTTPResponse(status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", coding), ("Vary", "Accept-Encoding")], body: encoded)
        let result = try await roundTrip(answer, target: "/users", headers: [("Accept-Encoding", "\(coding), zstd")])
        #expect(result.seen.headers["accept-encoding"] == coding)
        #expect(result.recorded.body == encoded)
        #expect(result.recorded.headers["content-encoding"] == coding)
        #expect(result.cassette.interactions.first?.response.body == .json(try JSONValue.parse(plain)))
        #expect(result.replayed.body == plain)
        #expect(result.replayed.headers["content-encoding"] == nil)
        #expect(result.replayed.headers["vary"] == "Accept-Encoding")
    }

    /// Binary bytes survive as base64.
    @Test func binaryAnswer_replaysByteForByte() async throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) } + [0xFF, 0xFE]
        let result = try await roundTrip(HTTPResponse(status: 200, headers: [("Content-Type", "application/octet-stream")], body: bytes), target: "/repos/o/r/tarball/main")
        if case .binary = result.cassette.interactions.first?.response.body {} else { Issue.record("not stored as base64") }
        #expect(result.recorded.body == bytes)
        #expect(result.replayed.body == bytes)
        #expect(result.replayed.meaningfulHeaders == result.recorded.meaningfulHeaders)
    }

    /// A 204 has no body, recorded and replayed.
    @Test func noContent_hasNoBody() async throws {
        let result = try await roundTrip(HTTPResponse(status: 204, headers: [("X-GitHub-Request-Id", "AB:CD")]), method: "PUT", target: "/user/following/octocat")
        #expect(result.recorded.status == 204)
        #expect(result.recorded.body.isEmpty)
        #expect(result.cassette.interactions.first?.response.body == Body.none)
        #expect(result.replayed.status == 204)
        #expect(result.replayed.body.isEmpty)
        #expect(result.replayed.meaningfulHeaders == result.recorded.meaningfulHeaders)
    }

    /// HEAD goes upstream as HEAD; its answer (headers, no body) is recorded and replayed.
    @Test func head_isForwardedAsHead() async throws {
        let answer = HTTPResponse(status: 200, headers: [("Content-Type", "application/json"), ("ETag", "\"abc\"")], body: Array("{}".utf8))
        let result = try await roundTrip(answer, method: "HEAD", target: "/repos/o/r")
        #expect(result.seen.method == "HEAD")
        #expect(result.recorded.status == 200)
        #expect(result.recorded.body.isEmpty)
        #expect(result.cassette.interactions.first?.request.method == "HEAD")
        #expect(result.replayed.status == 200)
        #expect(result.replayed.headers["etag"] == "\"abc\"")
    }

    /// A redirect is recorded as it came and never followed; the client is pointed at the recorder (so following it
    /// records the next request too), and so is replay's client at the mock.
    @Test func redirect_isNotFollowed() async throws {
        try await withRig(upstream: { request in
            .response(HTTPResponse(status: 301, headers: [("Location", "http://\(request.headers["host"] ?? "")/repositories/42")]))
        }) { rig, upstream in
            let recorded = try await rig.record("GET", "/repos/old/name")
            #expect(recorded.status == 301)
            #expect(recorded.headers["location"] == rig.base + "/repositories/42")
            #expect(try rig.cassette.interactions.first?.response.headers.values("location") == [upstream.url + "/repositories/42"])
            #expect(upstream.requests.map(\.path) == ["/repos/old/name"])
            let replayed = try await rig.replay { base in
                (base, try await rig.client.send("GET", base + "/repos/old/name"))
            }
            #expect(replayed.1.status == 301)
            #expect(replayed.1.headers["location"] == replayed.0 + "/repositories/42")
        }
    }

    /// A 10 MB answer is recorded whole and replays byte for byte.
    @Test func tenMegabyteAnswer_replaysWhole() async throws {
        let line = Array("commit 0123456789abcdef tree fedcba9876543210 author octocat\n".utf8)
        var body: [UInt8] = []
        body.reserveCapacity(10 << 20)
        while body.count < 10 << 20 { body += line }
        let result = try await roundTrip(HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: body), target: "/log")
        #expect(result.recorded.body.count == body.count)
        #expect(result.recorded.body == body)
        #expect(result.replayed.body == body)
    }

    /// Repeated Set-Cookie fields reach the client unchanged and stay separate, scrubbed, in the cassette and replay.
    @Test func repeatedSetCookie_staysSeparate() async throws {
        let answer = HTTPResponse(status: 200, headers: [
            ("Set-Cookie", "_gh_sess=abcdef0123456789; path=/; secure; HttpOnly"), ("Set-Cookie", "logged_in=no; domain=.github.com; path=/"),
            ("Content-Type", "text/html"),
        ], body: Array("<html></html>".utf8))
        let result = try await roundTrip(answer, target: "/login")
        #expect(result.recorded.headers.values("set-cookie") == answer.headers.values("set-cookie"))
        let stored = ["_gh_sess=<redacted>; path=/; secure; HttpOnly", "logged_in=<redacted>; domain=.github.com; path=/"]
        #expect(result.cassette.interactions.first?.response.headers.values("set-cookie") == stored)
        #expect(result.replayed.headers.values("set-cookie") == stored)
        #expect(result.replayed.body == answer.body)
    }

    /// Each upstream gets the requests under its prefix, without it; the cassette says which, and replay serves each
    /// under the same prefix with its absolute URLs pointing there.
    @Test func severalUpstreams_routeByPrefixAndReplayUnderIt() async throws {
        let github = try StandInUpstream { request in
            .response(.json(status: 200, Array(#"{"api":"github","path":"\#(request.path)"}"#.utf8)))
        }
        let qiita = try StandInUpstream { request in
            let me = "http://\(request.headers["host"] ?? "")"
            return .response(.json(status: 200, Array(#"{"api":"qiita","next":"\#(me)/api/v2/items?page=2"}"#.utf8),
                                   headers: [("Link", "<\(me)/api/v2/items?page=2>; rel=\"next\"")]))
        }
        let rig = try RecordRig([("/qiita", qiita.url), ("/", github.url)])
        do {
            let fromQiita = try await rig.record("GET", "/qiita/api/v2/items?page=1")
            let fromGitHub = try await rig.record("GET", "/qiitax/y")
            #expect(qiita.requests.map(\.target) == ["/api/v2/items?page=1"])
            #expect(github.requests.map(\.target) == ["/qiitax/y"])
            #expect(fromGitHub.text == #"{"api":"github","path":"/qiitax/y"}"#)
            let interactions = try rig.cassette.interactions
            #expect(interactions.map(\.upstream) == [qiita.url, github.url])
            #expect(interactions.map(\.mount) == ["/qiita", nil])
            try await rig.replay { base in
                let replayed = try await rig.client.send("GET", base + "/qiita/api/v2/items?page=1")
                #expect(replayed.status == 200)
                #expect(replayed.headers["link"] == "<\(base)/qiita/api/v2/items?page=2>; rel=\"next\"")
                #expect(replayed.text == #"{"api":"qiita","next":"\#(base)/qiita/api/v2/items?page=2"}"#)
                #expect(fromQiita.headers["link"] == "<\(rig.base)/qiita/api/v2/items?page=2>; rel=\"next\"")
                #expect(try await rig.client.send("GET", base + "/qiitax/y").body == fromGitHub.body)
            }
        } catch {
            Issue.record(error)
        }
        await rig.stop()
        await github.stop()
        await qiita.stop()
    }
}
