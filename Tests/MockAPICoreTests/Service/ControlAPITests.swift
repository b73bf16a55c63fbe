import Foundation
import MockAPICore
import MockAPIJSON
import Testing

/// The control API under `/__mockapi/` as docs/control-api.openapi.json describes it: the document the server serves
/// is that file, every answer has the shape it promises, cursors and reset do what a test runner needs, and bad input
/// gets a 4xx with a JSON error.
struct ControlAPITests {
    static let documentFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/control-api.openapi.json")

    private func router(_ cassettes: [LoadedCassette]) -> Router {
        let service = ReplayService.make(cassettes)
        return Router(admin: AdminResponder(journal: service.journal, replay: service) { service.healthFacts }, main: service)
    }

    private func post(_ target: String, _ body: String = "") -> HTTPRequest {
        HTTPRequest(method: "POST", target: target, body: Array(body.utf8))
    }

    private func next(_ answer: JSONValue?) throws -> Int {
        guard case .number(let text)? = answer?["next"], let next = Int(text) else {
            throw SchemaFailure("no next in \(String(describing: answer))")
        }
        return next
    }

    struct SchemaFailure: Error { let text: String; init(_ text: String) { self.text = text } }

    /// One source of truth: the served document is docs/control-api.openapi.json, byte for byte (Plugins/ControlAPIDocument
    /// embeds it at build time).
    @Test func servedDocument_isTheDocsFile() async throws {
        let file = try Data(contentsOf: Self.documentFile)
        let served = await router([]).respond(to: .get("/__mockapi/openapi.json"))
        #expect(served.status == 200)
        #expect(served.headers["content-type"] == "application/json; charset=utf-8")
        #expect(served.body == Array(file))
        #expect(try JSONValue.parse(served.body)["openapi"] == .string("3.1.0"))
    }

    /// Each endpoint's answer, good and bad, has the schema the document gives for its path, method and status.
    @Test func answers_conformToTheDocument() async throws {
        let check = SchemaCheck(document: try JSONValue.parse(Array(try Data(contentsOf: Self.documentFile))))
        let stream = Interaction.make(
            "GET", "/v1/stream",
            body: .chunks(ChunkedBody(chunks: [.init(atMs: 0, text: "data: 1\n\n"), .init(atMs: 5, text: "data: 2\n\n")])),
            headers: [("content-type", "text/event-stream")])
        let router = router([.make("github/a", [.get("/x"), .get("/y")]), .make("b", [.get("/z"), stream])])
        _ = await router.respond(to: .get("/@github/a/x"))
        _ = await router.respond(to: .get("/x?page=2"))
        _ = await router.respond(to: HTTPRequest(method: "GET", target: "/z").with("X-Mockapi-Fault", "503"))
        // A streamed answer and a GraphQL request: entries with a stream summary and an operation.
        _ = await router.respond(to: .get("/v1/stream"))
        _ = await router.respond(to: post("/graphql", #"{"query": "query Viewer { viewer { login } }"}"#))
        let calls: [(String, String, String, String)] = [
            ("GET", "/__mockapi/health", "/__mockapi/health", ""),
            ("GET", "/__mockapi/journal", "/__mockapi/journal", ""),
            ("GET", "/__mockapi/journal?since=1&limit=1&cassette=github/a", "/__mockapi/journal", ""),
            ("GET", "/__mockapi/journal?outcome=unmatched", "/__mockapi/journal", ""),
            ("GET", "/__mockapi/unmatched?since=0", "/__mockapi/unmatched", ""),
            ("GET", "/__mockapi/unused?cassette=b", "/__mockapi/unused", ""),
            ("GET", "/__mockapi/cassettes", "/__mockapi/cassettes", ""),
            ("POST", "/__mockapi/reset?scope=unmatched", "/__mockapi/reset", ""),
            ("POST", "/__mockapi/reset", "/__mockapi/reset", #"{"scopes": ["positions"], "cassette": "b"}"#),
            ("POST", "/__mockapi/reload", "/__mockapi/reload", ""),
            ("GET", "/__mockapi/journal?since=x", "/__mockapi/journal", ""),
            ("GET", "/__mockapi/unmatched?cassette=nope", "/__mockapi/unmatched", ""),
            ("POST", "/__mockapi/reset?scope=everything", "/__mockapi/reset", ""),
            ("DELETE", "/__mockapi/journal", "/__mockapi/journal", ""),
        ]
        for (method, target, path, body) in calls {
            let answer = await router.respond(to: HTTPRequest(method: method, target: target, body: Array(body.utf8)))
            let documented = method == "DELETE" ? "get" : method
            let schema = try #require(check.responseSchema(path, documented, answer.status),
                                      "\(method) \(target) answered \(answer.status), which the document does not list")
            let json = try #require(answer.json, "\(method) \(target): not JSON")
            #expect(check.problems(json, schema) == [], "\(method) \(target) → \(answer.status)")
        }
    }

    /// The check fails a shape the document does not allow, so the test above can fail.
    @Test func schemaCheck_findsAWrongShape() throws {
        let check = SchemaCheck(document: try JSONValue.parse(Array(try Data(contentsOf: Self.documentFile))))
        let schema = try #require(check.responseSchema("/__mockapi/unmatched", "get", 200))
        let wrong = try JSONValue.parse(#"{"apiVersion": 2, "count": "1", "requests": [{"sequence": 1}]}"#)
        #expect(check.problems(wrong, schema).count >= 4)
    }

    /// A test takes the cursor before it runs and asks for misses after it: earlier misses are not its own.
    @Test func unmatched_since_seesOnlyLaterMisses() async throws {
        let router = router([.make("a", [.get("/x")])])
        _ = await router.respond(to: .get("/@a/earlier"))
        let cursor = try next(await router.respond(to: .get("/__mockapi/health")).json)
        _ = await router.respond(to: .get("/@a/x"))
        _ = await router.respond(to: .get("/@a/mine"))
        let mine = try #require(await router.respond(to: .get("/__mockapi/unmatched?since=\(cursor)")).json)
        #expect(mine["requests"]?.arrayValue?.map { $0["path"] } == [.string("/mine")])
        let after = try next(mine)
        let none = await router.respond(to: .get("/__mockapi/unmatched?since=\(after)")).json
        #expect(none?["count"] == .number("0"))
        #expect(try next(none) == after)
    }

    /// The largest cursor is a cursor like any other (schemathesis found `since=Int.max` overflowing `since + 1`).
    @Test func theLargestCursor_answersNothingNew() async throws {
        let router = router([.make("a", [.get("/x")])])
        _ = await router.respond(to: .get("/x"))
        for endpoint in ["journal", "unmatched"] {
            let answer = await router.respond(to: .get("/__mockapi/\(endpoint)?since=\(Int.max)&limit=\(Int.max)"))
            #expect(answer.status == 200)
            #expect(answer.json?["requests"] == .array([]))
        }
        #expect(await router.respond(to: .get("/__mockapi/journal?after=\(Int.max)")).status == 200)
    }

    @Test func journal_since_pagesWithNext() async throws {
        let router = router([.make("a", [.get("/x")])])
        for _ in 0..<5 { _ = await router.respond(to: .get("/x")) }
        var seen: [JSONValue?] = []
        var cursor = 0
        for _ in 0..<10 {
            let page = try #require(await router.respond(to: .get("/__mockapi/journal?since=\(cursor)&limit=2")).json)
            let requests = page["requests"]?.arrayValue ?? []
            if requests.isEmpty { break }
            seen += requests.map { $0["sequence"] }
            cursor = try next(page)
        }
        #expect(seen == (1...5).map { .number("\($0)") })
        #expect(cursor == 5)
    }

    /// `unmatched` forgets misses only; `positions` starts queues again; a cassette limits both to itself.
    @Test func reset_byScope_andCassette() async throws {
        let router = router([.make("a", [.get("/x"), .get("/x", status: 404)]), .make("b", [.get("/y")])])
        _ = await router.respond(to: .get("/@a/x"))
        _ = await router.respond(to: .get("/@a/nope"))
        _ = await router.respond(to: .get("/@b/nope"))
        _ = await router.respond(to: post("/__mockapi/reset?scope=unmatched&cassette=a"))
        let misses = await router.respond(to: .get("/__mockapi/unmatched")).json?["requests"]?.arrayValue
        #expect(misses?.map { $0["scope"] } == [.string("b")])
        let journal = await router.respond(to: .get("/__mockapi/journal?cassette=a")).json?["requests"]?.arrayValue
        #expect(journal?.map { $0["outcome"] } == [.string("matched")], "the matched entry stays")
        #expect(await router.respond(to: .get("/@a/x")).status == 404, "positions were not reset")

        let reset = await router.respond(to: post("/__mockapi/reset", #"{"scopes": ["positions"], "cassette": "a"}"#))
        #expect(reset.json?["scopes"] == .array([.string("positions")]))
        #expect(await router.respond(to: .get("/@a/x")).status == 200, "the queue starts again")

        _ = await router.respond(to: post("/__mockapi/reset"))
        let left = await router.respond(to: .get("/__mockapi/journal")).json?["requests"]?.arrayValue
        #expect(left?.compactMap { $0["outcome"]?.stringValue } == ["admin"], "only the reset call itself is kept")
    }

    /// Bad input is the caller's fault: 4xx with a JSON error naming what is wrong, never a 5xx.
    @Test func badInput_is4xxWithAJSONError() async throws {
        let router = router([.make("a", [.get("/x")])])
        let cases: [(HTTPRequest, Int, String)] = [
            (.get("/__mockapi/journal?since=abc"), 400, "since=abc is not a whole number"),
            (.get("/__mockapi/unmatched?since=-1"), 400, "since=-1"),
            (.get("/__mockapi/journal?limit=1e3"), 400, "limit=1e3"),
            (.get("/__mockapi/journal?after=99999999999999999999999"), 400, "after="),
            (.get("/__mockapi/journal?outcome=lost"), 400, "outcome=lost is not an outcome"),
            (post("/__mockapi/reset?scope=journal,queues"), 400, #"scope "queues" is not a reset scope"#),
            (post("/__mockapi/reset?scope="), 400, #"scope "" is not a reset scope"#),
            (post("/__mockapi/reset", "{"), 400, "the reset body is not a JSON object"),
            (post("/__mockapi/reset", #"{"scopes": "journal"}"#), 400, "scopes is not an array"),
            (post("/__mockapi/reset", #"{"cassette": 1}"#), 400, "cassette is not a string"),
            (post("/__mockapi/reset?cassette=nope"), 404, #"no loaded cassette is named "nope""#),
            (.get("/__mockapi/reset"), 405, "use POST"),
            (post("/__mockapi/openapi.json"), 405, "use GET"),
            (.get("/__mockapi/nothing"), 404, "no admin endpoint"),
        ]
        for (request, status, words) in cases {
            let answer = await router.respond(to: request)
            #expect(answer.status == status, "\(request.method) \(request.path)?\(request.query ?? "")")
            let error = answer.json?["error"]?.stringValue ?? ""
            #expect(error.contains(words), "\(error)")
            #expect(answer.json?["apiVersion"] == .number("1"))
        }
    }
}
