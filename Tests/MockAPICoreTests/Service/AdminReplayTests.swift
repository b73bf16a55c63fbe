import MockAPICore
import MockAPIJSON
import Testing

/// The replay endpoints under `/__mockapi/`, as JSON.
struct AdminReplayTests {
    private func router(_ cassettes: [LoadedCassette]) -> (Router, ReplayService) {
        let service = ReplayService.make(cassettes)
        return (Router(admin: AdminResponder(journal: service.journal, replay: service) { service.healthFacts }, main: service), service)
    }

    @Test func journal_filtersByCassette_andOutcome() async throws {
        let (router, _) = router([.make("a", [.get("/x")]), .make("b", [.get("/y")])])
        _ = await router.respond(to: .get("/@a/x"))
        _ = await router.respond(to: .get("/y"))
        _ = await router.respond(to: .get("/@a/nope"))
        let all = try #require(await router.respond(to: .get("/__mockapi/journal")).json?["requests"]?.arrayValue)
        #expect(all.count == 3)
        let a = try #require(await router.respond(to: .get("/__mockapi/journal?cassette=a")).json?["requests"]?.arrayValue)
        #expect(a.map { $0["path"] } == [.string("/x"), .string("/nope")])
        #expect(a.map { $0["scope"] } == [.string("a"), .string("a")])
        let b = try #require(await router.respond(to: .get("/__mockapi/journal?cassette=b")).json?["requests"]?.arrayValue)
        #expect(b.map { $0["path"] } == [.string("/y")], "answered from b through the plain URL")
        let misses = try #require(await router.respond(to: .get("/__mockapi/journal?outcome=unmatched")).json?["requests"]?.arrayValue)
        #expect(misses.count == 1)
        let newest = try #require(await router.respond(to: .get("/__mockapi/journal?limit=1")).json?["requests"]?.arrayValue)
        #expect(newest.map { $0["sequence"] } == [.number("3")])
    }

    /// `after` with `limit` pages forward: the oldest entries after the last one seen, none skipped.
    @Test func journal_afterWithLimit_pagesForward() async throws {
        let (router, _) = router([.make("a", [.get("/x")])])
        for _ in 0..<5 { _ = await router.respond(to: .get("/x")) }
        var seen: [JSONValue?] = []
        var after = 0
        while true {
            let page = try #require(await router.respond(to: .get("/__mockapi/journal?after=\(after)&limit=2")).json?["requests"]?.arrayValue)
            guard let last = page.last?["sequence"], case .number(let text) = last, let sequence = Int(text) else { break }
            seen += page.map { $0["sequence"] }
            after = sequence
        }
        #expect(seen == (1...5).map { .number("\($0)") })
    }

    /// A cassette that is not loaded is a 404 naming it, as for unmatched, unused and reset: not an empty list.
    @Test func journal_unknownCassette_is404() async throws {
        let (router, _) = router([.make("a", [.get("/x")])])
        let answer = await router.respond(to: .get("/__mockapi/journal?cassette=nope"))
        #expect(answer.status == 404)
        #expect(answer.json?["error"] == .string(
            "mockapi: no loaded cassette is named \"nope\" (GET /__mockapi/cassettes lists the loaded ones)"))
    }

    @Test func unmatched_unused_cassettes_reset() async throws {
        let (router, _) = router([.make("github/a", [.get("/x"), .get("/x", status: 404)]), .make("b", [.get("/y")])])
        _ = await router.respond(to: .get("/@github/a/x"))
        _ = await router.respond(to: .get("/@github/a/x?page=2"))

        let unmatched = try #require(await router.respond(to: .get("/__mockapi/unmatched?cassette=github/a")).json)
        #expect(unmatched["count"] == .number("1"))
        let report = try #require(unmatched["requests"]?.arrayValue?.first?["unmatched"])
        #expect(report["nearest"]?.arrayValue?.first?["differences"] == .array([.string(#"query parameter page: "2" (not recorded)"#)]))

        let unused = try #require(await router.respond(to: .get("/__mockapi/unused")).json)
        #expect(unused == .object([
            "apiVersion": .number("1"), "count": .number("2"),
            "interactions": .array([
                .object(["cassette": .string("github/a"), "index": .number("1"), "request": .string("GET /x")]),
                .object(["cassette": .string("b"), "index": .number("0"), "request": .string("GET /y")]),
            ]),
        ]))

        let cassettes = try #require(await router.respond(to: .get("/__mockapi/cassettes")).json?["cassettes"]?.arrayValue)
        #expect(cassettes.first == .object([
            "name": .string("github/a"), "file": .string("github/a.json"), "interactions": .number("2"), "used": .number("1"),
            "baseURL": .string("http://127.0.0.1:9999/@github/a"),
        ]))

        let reset = await router.respond(to: HTTPRequest(method: "POST", target: "/__mockapi/reset?cassette=github/a"))
        #expect(reset.json == .object([
            "apiVersion": .number("1"), "reset": .string("github/a"),
            "scopes": .array([.string("journal"), .string("unmatched"), .string("positions")]), "next": .number("2"),
        ]))
        #expect(await router.respond(to: .get("/@github/a/x")).status == 200)

        let unknown = await router.respond(to: .get("/__mockapi/unused?cassette=nope"))
        #expect(unknown.status == 404)
        #expect(unknown.json?["error"] == .string(
            #"mockapi: no loaded cassette is named "nope" (GET /__mockapi/cassettes lists the loaded ones)"#))
        #expect(await router.respond(to: .get("/__mockapi/reset")).status == 405)
        #expect(await router.respond(to: HTTPRequest(method: "POST", target: "/__mockapi/reload")).status == 422)
    }

    /// The page is one HTML document with no external assets.
    @Test func page_isSelfContained() async {
        let (router, _) = router([.make("a", [.get("/x")])])
        let page = await router.respond(to: .get("/__mockapi/"))
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.hasPrefix("<!doctype html>"))
        for external in ["src=", "href=\"http", "href=\"/", "@import", "url("] { #expect(!page.text.contains(external)) }
    }
}
