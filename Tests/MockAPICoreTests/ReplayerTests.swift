import MockAPICore
import MockAPIJSON
import Testing

struct ReplayerTests {
    /// Identical requests are answered in the order they were recorded; after the last, the last repeats.
    @Test func identicalRequests_areAnsweredInRecordedOrder() async {
        let replayer = Replayer.make([.make([
            .get("/user/following/nvie", status: 204), .get("/user/following/nvie", status: 404),
            .get("/user/following/nvie", status: 204),
        ])])
        var statuses: [Int] = []
        for _ in 0..<5 { statuses.append(await replayer.respond(to: .get("/user/following/nvie")).status) }
        #expect(statuses == [204, 404, 204, 204, 204])
    }

    /// Keys are filed by a hash of their bytes; decoded query values that are the same text in another Unicode form
    /// (é as one code point or as e and a combining accent) still find each other, as string equality says they match,
    /// and keys that differ only in a query value, a long path or a body find their own answers among many.
    @Test func lookup_findsEveryKey_andEquivalentUnicodeQueryValues() async {
        var interactions: [Interaction] = [.get("/search?q=caf%C3%A9", status: 201)]
        for page in 0..<300 { interactions.append(.get("/repos/octokit/octokit.rb/issues?page=\(page)", status: 200 + page % 2)) }
        let replayer = Replayer.make([.make(interactions)])
        #expect(await replayer.respond(to: .get("/search?q=cafe%CC%81")).status == 201)
        for page in [0, 1, 150, 299] {
            #expect(await replayer.respond(to: .get("/repos/octokit/octokit.rb/issues?page=\(page)")).status == 200 + page % 2)
        }
        #expect(await replayer.respond(to: .get("/repos/octokit/octokit.rb/issues?page=300")).status == 404)
    }

    @Test func strict_makesAnExhaustedQueueAMiss() async {
        let replayer = Replayer.make([.make([.get("/x", status: 200)])], options: ReplayOptions(strict: true))
        #expect(await replayer.respond(to: .get("/x")).status == 200)
        let second = await replayer.respond(to: .get("/x"))
        #expect(second.status == 404)
        #expect(second.headers[Replayer.unmatchedHeader] == "1")
        #expect(second.text.contains("all 1 recorded answer was used (strict mode)"))
    }

    /// A miss cannot be mistaken for a recording: its status, a marker header, and a body that names the nearest
    /// recorded requests and exactly what differs.
    @Test func unmatched_namesNearestAndDifferences() async throws {
        let replayer = Replayer.make([.make("github/issues", [
            .get("/repos/o/r/issues?per_page=3&page=2"), .get("/repos/o/r/pulls"), .get("/zen"),
        ])], options: ReplayOptions(unmatchedStatus: 418))
        let response = await replayer.respond(to: .get("/repos/o/r/issues?page=3&per_page=3"))
        #expect(response.status == 418)
        #expect(response.headers["x-mockapi-unmatched"] == "1")
        let body = try #require(response.json)
        #expect(body["request"]?["query"] == .string("page=3&per_page=3"))
        let nearest = try #require(body["nearest"]?.arrayValue)
        #expect(nearest.count == 3)
        #expect(nearest[0]["cassette"] == .string("github/issues"))
        #expect(nearest[0]["index"] == .number("0"))
        #expect(nearest[0]["differences"] == .array([.string(#"query parameter page: "3" (recorded "2")"#)]))
        #expect(replayer.journal.counts.unmatched == 1)
    }

    @Test func unmatched_bodyFieldDifferencesAreNamed() async throws {
        let replayer = Replayer.make([.make([
            .make("POST", "/repos/o/r/issues", status: 201, requestBody: .json(try JSONValue.parse(#"{"title":"Found a bug","labels":["bug"]}"#))),
        ])])
        let response = await replayer.respond(to: .post("/repos/o/r/issues", json: #"{"labels":["bug"],"title":"Found a bag"}"#))
        let differences = try #require(response.json?["nearest"]?.arrayValue?.first?["differences"])
        #expect(differences == .array([.string(#"body field $.title: "Found a bag" (recorded "Found a bug")"#)]))
    }

    /// JSON written with spaces (Python clients, imported HARs) is stored as text, and still compared field by field.
    @Test func unmatched_bodyFieldDifferencesAreNamed_whenTheRecordedJSONIsStoredAsText() async throws {
        let replayer = Replayer.make([.make([
            .make("POST", "/repos/o/r/issues", status: 201, requestBody: .text(#"{"title": "Found a bug", "labels": ["bug"]}"#)),
        ])])
        let response = await replayer.respond(to: .post("/repos/o/r/issues", json: #"{"labels":["bug"],"title":"Found a bag"}"#))
        let differences = try #require(response.json?["nearest"]?.arrayValue?.first?["differences"])
        #expect(differences == .array([.string(#"body field $.title: "Found a bag" (recorded "Found a bug")"#)]))
    }

    @Test func postWithReorderedJSONKeys_matches() async throws {
        let replayer = Replayer.make([.make([
            .make("POST", "/repos/o/r/issues", status: 201, body: .json(.object(["number": .integer(1)])),
                  requestBody: .json(try JSONValue.parse(#"{"title":"x","body":"y"}"#))),
        ])])
        #expect(await replayer.respond(to: .post("/repos/o/r/issues", json: #"{"body":"y","title":"x"}"#)).status == 201)
    }

    /// A request with nothing but a method and a path is matched in normal form, as any other: a lower-case method,
    /// an encoded unreserved character, an empty query, a canonically equivalent path.
    @Test func plainRequests_matchInNormalForm() async {
        let replayer = Replayer.make([.make([.get("/a-b", status: 201), .get("/caf\u{E9}", status: 202)])])
        #expect(await replayer.respond(to: HTTPRequest(method: "get", target: "/a%2Db")).status == 201)
        #expect(await replayer.respond(to: HTTPRequest(method: "GET", target: "/a-b?")).status == 201)
        #expect(await replayer.respond(to: HTTPRequest(method: "GET", path: "/cafe\u{301}")).status == 202)
        #expect(await replayer.respond(to: HTTPRequest(method: "GET", target: "/a-c")).status == 404)
    }

    @Test func head_isAnsweredLikeTheRecordedGet() async {
        let replayer = Replayer.make([.make([.get("/r", status: 200, json: #"{"a":1}"#)])])
        #expect(await replayer.respond(to: HTTPRequest(method: "HEAD", target: "/r")).status == 200)
    }

    /// Replayed bodies are the recorded bytes; framing headers are left to the engine.
    @Test func replay_sendsRecordedBytes_withoutFramingHeaders() async {
        let recorded = Interaction.make(
            "GET", "/text", body: .text("plain\n"),
            headers: [("Content-Length", "6"), ("Transfer-Encoding", "chunked"), ("Content-Encoding", "gzip"),
                      ("Connection", "keep-alive"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2"), ("Date", "Tue, 10 Oct 2017 16:00:00 GMT")])
        let response = await Replayer.make([.make([recorded])]).respond(to: .get("/text"))
        #expect(response.body == Array("plain\n".utf8))
        #expect(response.headers.fields.map(\.name) == ["Set-Cookie", "Set-Cookie", "Date"])
    }

    @Test func unusedInteractions_areListed() async {
        let replayer = Replayer.make([.make("c", [.get("/a"), .get("/b"), .get("/a", status: 500)])])
        _ = await replayer.respond(to: .get("/a"))
        #expect(replayer.unusedInteractions.map { "\($0.cassette)[\($0.index)]" } == ["c[1]", "c[2]"])
    }
}
