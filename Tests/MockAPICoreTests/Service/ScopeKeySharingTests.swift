import MockAPICore
import MockAPIJSON
import Testing

/// A scoped view reuses the plain view's request keys only when both make keys under the same rules.
struct ScopeKeySharingTests {
    /// A placeholder in one cassette makes that query parameter match anything through the plain base URL, whose
    /// rules come from every cassette; a cassette without the placeholder still matches the parameter exactly through
    /// its own scope.
    @Test func scopedRules_differingFromThePlainView_keepTheirOwnKeys() async {
        let service = ReplayService.make([
            .make("scrubbed", [.get("/search?token=\(RedactionMarker.generic)", status: 201)]),
            .make("exact", [.get("/search?token=abc", status: 202)]),
        ])
        #expect(await service.respond(to: .get("/search?token=zzz")).status == 201)
        #expect(await service.respond(to: .get("/@exact/search?token=abc")).status == 202)
        #expect(await service.respond(to: .get("/@exact/search?token=zzz")).status == 404)
        #expect(await service.respond(to: .get("/@scrubbed/search?token=zzz")).status == 201)
    }

    /// Under equal rules the scope reuses the plain view's keys: every recorded request still finds its own answer, in
    /// recorded order, through the scope.
    @Test func scopedView_sharingKeys_answersEveryRecordedRequest() async {
        var interactions: [Interaction] = []
        for number in 0..<300 { interactions.append(.get("/items/\(number % 100)?page=\(number / 100)", status: 200 + number % 3)) }
        let service = ReplayService.make([
            .make("other", [.get("/items/0?page=0", status: 500), .get("/only-other", status: 201)]), .make("big", interactions),
        ])
        for (number, interaction) in interactions.enumerated() {
            let target = "/@big" + interaction.request.path + "?" + (interaction.request.query ?? "")
            #expect(await service.respond(to: .get(target)).status == 200 + number % 3)
        }
        // A request only another cassette recorded is a miss through this scope, though the plain view has it.
        #expect(await service.respond(to: .get("/@big/only-other")).status == 404)
        #expect(await service.respond(to: .get("/only-other")).status == 201)
    }

    /// Answers are prepared on first use: what is sent is exactly the recorded status, headers (but framing) and body,
    /// rewritten for the view's base URL; asking again gives the same prepared answer.
    @Test func lazilyPreparedAnswer_isTheRecordedOne() async throws {
        let body = try JSONValue.parse(#"{"zeta":1.50,"alpha":12345678901234567890,"url":"https://api.example.com/x"}"#)
        let interaction = Interaction.make(
            "GET", "/x", status: 203, body: .json(body),
            headers: [("Content-Type", "application/json"), ("Content-Length", "99"), ("X-Empty", "")])
        let service = ReplayService.make([.make("c", [interaction])])
        let plain = await service.respond(to: .get("/x"))
        #expect(plain.status == 203)
        #expect(plain.headers.fields == [.init("Content-Type", "application/json"), .init("X-Empty", "")])
        #expect(String(decoding: plain.body, as: UTF8.self)
            == #"{"zeta":1.50,"alpha":12345678901234567890,"url":"http://127.0.0.1:9999/x"}"#)
        let scoped = await service.respond(to: .get("/@c/x"))
        #expect(String(decoding: scoped.body, as: UTF8.self)
            == #"{"zeta":1.50,"alpha":12345678901234567890,"url":"http://127.0.0.1:9999/@c/x"}"#)
        let entry = try #require(service.catalog.global.replayer.peek(.get("/x")))
        #expect(entry.prepared === entry.prepared)
    }
}
