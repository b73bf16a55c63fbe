import MockAPICore
import MockAPIJSON
import Testing

/// Scoped base URLs: `/@<cassette>` answers from that cassette alone, with its own queues.
struct ScopeTests {
    /// Two tests sharing a server, each on its own cassette, interleave identical requests and still get their own
    /// recorded order; the plain base URL keeps a third order of its own.
    @Test func scopedViews_keepTheirOwnOrder_whenIdenticalRequestsInterleave() async {
        let service = ReplayService.make([followingCassette("team/a", [204, 404, 204]), followingCassette("team/b", [404, 404, 204])])
        var a: [Int] = [], b: [Int] = []
        for _ in 0..<3 {
            a.append(await service.respond(to: .get("/@team/a/user/following/x")).status)
            b.append(await service.respond(to: .get("/@team/b/user/following/x")).status)
        }
        #expect(a == [204, 404, 204])
        #expect(b == [404, 404, 204])
        // The plain base URL has not moved: its first answer is still the first recorded (team/a's, loaded first).
        #expect(await service.respond(to: .get("/user/following/x")).status == 204)
    }

    /// Cassette names contain `/`: the longest loaded name wins, and a name ends only at a `/` or the end.
    @Test func longestLoadedName_wins_atSegmentBoundaries() {
        let service = ReplayService.make([.make("github", [.get("/x")]), .make("github/x", [.get("/y")])])
        let catalog = service.catalog
        #expect(catalog.scope(for: "/@github/x/y").map { [$0.view.scope ?? "", $0.path] } == ["github/x", "/y"])
        #expect(catalog.scope(for: "/@github/x").map { [$0.view.scope ?? "", $0.path] } == ["github/x", "/"])
        #expect(catalog.scope(for: "/@github/xyz").map { [$0.view.scope ?? "", $0.path] } == ["github", "/xyz"])
        #expect(catalog.scope(for: "/@gith/x") == nil)
        #expect(catalog.scope(for: "/@github%2Fx/y").map { $0.view.scope } == nil, "%2F is not a /")
        #expect(catalog.scope(for: "/@git%68ub/x/y").map { $0.view.scope } == "github/x", "other escapes are decoded")
    }

    /// Names with spaces or other bytes are percent-encoded in the URL, and found again.
    @Test func encodedNames_roundTrip() async {
        let service = ReplayService.make([.make("my cassette+1", [.get("/x", status: 201)])])
        #expect(ScopeName.path(for: "my cassette+1") == "/@my%20cassette%2B1")
        #expect(await service.respond(to: .get("/@my%20cassette%2B1/x")).status == 201)
    }

    /// A name that is not loaded is a clear miss, whatever it looks like: only loaded names are ever looked up.
    @Test(arguments: ["/@../../etc/passwd", "/@..%2F..%2Fetc%2Fpasswd", "/@%2e%2e/%2e%2e/etc/passwd", "/@/etc/passwd", "/@"])
    func unknownScope_isAClear404(path: String) async throws {
        let service = ReplayService.make([.make("github/x", [.get("/etc/passwd")])])
        let response = await service.respond(to: .get(path))
        #expect(response.status == 404)
        #expect(response.headers[Replayer.unmatchedHeader] == "1")
        let error = try #require(response.json?["error"]?.stringValue)
        #expect(error.hasPrefix("mockapi: no loaded cassette is named by the path after /@"))
        #expect(error.hasSuffix("GET \(path)"))
        #expect(service.journal.counts.unmatched == 1)
    }

    /// A recorded path that happens to start with `/@` (a Mastodon profile) is still answered from the plain URL.
    @Test func recordedPathStartingWithAt_isServedFromThePlainURL() async {
        let service = ReplayService.make([.make("mastodon", [.get("/@alice", status: 200)])])
        #expect(await service.respond(to: .get("/@alice")).status == 200)
    }

    /// Answers in a scope point at the scoped base URL, so a client following `next` links stays in its scope.
    @Test func scopedAnswers_rewriteURLsToTheScopedBaseURL() async {
        let page = Interaction.make(
            "GET", "/issues?page=1", headers: [("Link", #"<https://api.github.com/issues?page=2>; rel="next""#)],
            upstream: "https://api.github.com", mount: "/api")
        let service = ReplayService.make([.make("github/paged", [page])])
        let scoped = await service.respond(to: .get("/@github/paged/api/issues?page=1"))
        #expect(scoped.headers["link"] == #"<http://127.0.0.1:9999/@github/paged/api/issues?page=2>; rel="next""#)
        let plain = await service.respond(to: .get("/api/issues?page=1"))
        #expect(plain.headers["link"] == #"<http://127.0.0.1:9999/api/issues?page=2>; rel="next""#)
        // Prepared once per view: two requests get the very same prepared answer.
        let first = service.catalog.view(named: "github/paged")?.replayer.reply(to: .get("/api/issues?page=1"))
        let second = service.catalog.view(named: "github/paged")?.replayer.reply(to: .get("/api/issues?page=1"))
        if case .prepared(let x)? = first, case .prepared(let y)? = second { #expect(x === y) } else { Issue.record("not prepared") }
    }

    /// The journal names the scope; the path is the one within it.
    @Test func journal_namesTheScope() async {
        let service = ReplayService.make([followingCassette("team/a", [204])])
        _ = await service.respond(to: .get("/@team/a/user/following/x"))
        _ = await service.respond(to: .get("/@team/a/nope"))
        let entries = service.journal.entries()
        #expect(entries.map(\.scope) == ["team/a", "team/a"])
        #expect(entries.map(\.path) == ["/user/following/x", "/nope"])
        #expect(entries.map(\.outcomeName) == ["matched", "unmatched"])
    }

    /// Resetting one cassette restarts its scoped queues only; resetting all restarts every view.
    @Test func reset_oneCassetteOrAll() async throws {
        let service = ReplayService.make([followingCassette("a", [204, 404]), followingCassette("b", [404, 204])])
        _ = await service.respond(to: .get("/@a/user/following/x"))
        _ = await service.respond(to: .get("/@b/user/following/x"))
        try service.reset(.cassette("a"))
        #expect(await service.respond(to: .get("/@a/user/following/x")).status == 204)
        #expect(await service.respond(to: .get("/@b/user/following/x")).status == 204, "b was not reset: its second answer")
        try service.reset(.all)
        #expect(await service.respond(to: .get("/@b/user/following/x")).status == 404)
        #expect(throws: ReplayService.UnknownCassette.self) { try service.reset(.cassette("c")) }
    }

    /// An interaction counts as used through the plain URL or through its cassette's scoped URL.
    @Test func unused_countsEveryView() async throws {
        let service = ReplayService.make([.make("a", [.get("/1"), .get("/2")]), .make("b", [.get("/3")])])
        _ = await service.respond(to: .get("/@a/1"))
        _ = await service.respond(to: .get("/3"))
        #expect(try service.unused(.all) == [InteractionReference(cassette: "a", index: 1)])
        #expect(try service.unused(.cassette("b")).isEmpty)
        #expect(service.describe(InteractionReference(cassette: "a", index: 1)) == "GET /2")
    }
}
