import MockAPICore
import MockAPIJSON
import Testing

/// Match rules leave parts of a request out of the comparison; given in the cassette (`match`) or by the run, they
/// combine, and an unmatched report says which were in force.
struct MatchRulesTests {
    /// An LLM SDK that stopped sending `n` and `"previous_response_id": null` (the issue's case).
    static let recordedBody = #"{"model":"m","messages":[{"role":"user","content":"hi"}],"n":1,"previous_response_id":null}"#
    static let newBody = #"{"model":"m","messages":[{"role":"user","content":"hi"}]}"#

    static func cassette(_ rules: MatchRules = .exact, bodies: [String] = [recordedBody]) -> LoadedCassette {
        let interactions = bodies.enumerated().map { offset, body in
            Interaction.make("POST", "/v1/chat/completions", status: 200 + offset,
                             requestBody: .json(try! JSONValue.parse(body)),
                             requestHeaders: [("Content-Type", "application/json")])
        }
        return LoadedCassette(name: "llm", file: "llm.json", cassette: Cassette(matchRules: rules, interactions: interactions))
    }

    static func rules(_ patterns: [String], nullMatchesAbsent: Bool = false) -> MatchRules {
        MatchRules(ignoreJSONFields: patterns.map { try! JSONPathPattern(parsing: $0) }, nullMatchesAbsent: nullMatchesAbsent)
    }

    @Test func ignoredFieldAndNullMatchesAbsent_inTheCassette_answerTheNewBody() async {
        let exact = Replayer.make([Self.cassette()])
        let miss = await exact.respond(to: .post("/v1/chat/completions", json: Self.newBody))
        #expect(miss.status == 404)
        #expect(!miss.text.contains("matchRules"))

        let loose = Replayer.make([Self.cassette(Self.rules(["$.n"], nullMatchesAbsent: true))])
        #expect(await loose.respond(to: .post("/v1/chat/completions", json: Self.newBody)).status == 200)
        // Only what the rules name is left out: another model is still another request.
        let other = await loose.respond(to: .post("/v1/chat/completions", json: #"{"model":"m2","messages":[{"role":"user","content":"hi"}]}"#))
        #expect(other.status == 404)
        #expect(other.text.contains(#""matchRules" : ["#) || other.text.contains(#""matchRules": ["#))
        #expect(other.text.contains("ignore json $.n") && other.text.contains("null matches absent"))
        #expect(other.text.contains("body field $.model"))
        #expect(!other.text.contains("$.n:"), "an ignored field is no difference")
    }

    /// Either rule alone is not enough; the run's rules and the cassette's combine.
    @Test func runRulesAndCassetteRules_combine() async {
        let onlyN = Replayer.make([Self.cassette(Self.rules(["$.n"]))])
        #expect(await onlyN.respond(to: .post("/v1/chat/completions", json: Self.newBody)).status == 404)
        let onlyNull = Replayer.make([Self.cassette(Self.rules([], nullMatchesAbsent: true))])
        #expect(await onlyNull.respond(to: .post("/v1/chat/completions", json: Self.newBody)).status == 404)
        let both = Replayer.make(
            [Self.cassette(Self.rules(["$.n"]))], options: ReplayOptions(matchRules: Self.rules([], nullMatchesAbsent: true)))
        #expect(await both.respond(to: .post("/v1/chat/completions", json: Self.newBody)).status == 200)
    }

    /// `[*]` and `..` reach into arrays and any depth: fresh tool-call ids each run.
    @Test func wildcardPaths_ignoreFreshIds() async {
        let recorded = #"{"messages":[{"role":"tool","tool_call_id":"call_A1","content":"4"}],"meta":{"trace":{"id":"t1"}}}"#
        let sent = #"{"messages":[{"role":"tool","tool_call_id":"call_Z9","content":"4"}],"meta":{"trace":{"id":"t2"}}}"#
        let replayer = Replayer.make([Self.cassette(Self.rules(["$.messages[*].tool_call_id", "$..id"]), bodies: [recorded])])
        #expect(await replayer.respond(to: .post("/v1/chat/completions", json: sent)).status == 200)
        let changed = #"{"messages":[{"role":"tool","tool_call_id":"call_Z9","content":"5"}],"meta":{"trace":{"id":"t2"}}}"#
        #expect(await replayer.respond(to: .post("/v1/chat/completions", json: changed)).status == 404)
    }

    /// `--ignore-body`: any body on the recorded method, path and query, answered in recorded order.
    @Test func ignoreBody_answersAnyBodyInRecordedOrder() async {
        let replayer = Replayer.make(
            [Self.cassette(bodies: [#"{"a":1}"#, #"{"a":2}"#])], options: ReplayOptions(matchRules: MatchRules(ignoreBody: true)))
        #expect(await replayer.respond(to: .post("/v1/chat/completions", json: #"{"b":9}"#)).status == 200)
        #expect(await replayer.respond(to: .post("/v1/chat/completions", json: "not json")).status == 201)
        #expect(await replayer.respond(to: .post("/v1/chat/completions?x=1", json: #"{"a":1}"#)).status == 404)
        #expect(await replayer.respond(to: HTTPRequest(method: "PUT", target: "/v1/chat/completions")).status == 404)
    }

    /// `--ignore-query`: named parameters are left out, the others still compared.
    @Test func ignoreQuery_leavesOutNamedParameters() async {
        let replayer = Replayer.make(
            [.make([.get("/search?q=swift&ts=1700000000", status: 200)])],
            options: ReplayOptions(matchRules: MatchRules(ignoreQuery: ["ts"])))
        #expect(await replayer.respond(to: .get("/search?ts=1800000000&q=swift")).status == 200)
        #expect(await replayer.respond(to: .get("/search?q=swift")).status == 200)
        #expect(await replayer.respond(to: .get("/search?q=rust&ts=1700000000")).status == 404)
    }

    /// GraphQL variables take the same paths as the body they are in.
    @Test func ignoredPaths_applyToGraphQLVariables() async {
        let recorded = #"{"query":"mutation Add($input: AddInput!) { add(input: $input) { id } }","variables":{"input":{"clientMutationId":"a1","n":2}}}"#
        let sent = #"{"query":"mutation Add($input: AddInput!) { add(input: $input) { id } }","variables":{"input":{"clientMutationId":"b7","n":2}}}"#
        let other = #"{"query":"mutation Add($input: AddInput!) { add(input: $input) { id } }","variables":{"input":{"clientMutationId":"b7","n":3}}}"#
        let replayer = Replayer.make([Self.cassette(Self.rules(["$.variables.input.clientMutationId"]), bodies: [recorded])])
        #expect(await replayer.respond(to: .post("/v1/chat/completions", json: sent)).status == 200)
        #expect(await replayer.respond(to: .post("/v1/chat/completions", json: other)).status == 404)
    }

    /// The `match` member is read and written with the cassette; a wrong one is named.
    @Test func cassetteMatchMember_roundTrips_andBadOnesAreNamed() throws {
        let rules = MatchRules(
            ignoreBody: true, ignoreJSONFields: [try JSONPathPattern(parsing: "$..id")], nullMatchesAbsent: true,
            ignoreQuery: ["ts"], matchHeaders: ["X-Tenant"])
        let cassette = Cassette(matchRules: rules, interactions: [.get("/x")])
        let read = try Cassette(bytes: cassette.fileBytes(), file: "c.json")
        #expect(read.matchRules == rules)
        #expect(String(decoding: cassette.fileBytes(), as: UTF8.self).contains(#""match": {"#))

        let bad = #"{"mockapi": 1, "match": {"ignoreJSONFields": ["n"]}, "interactions": []}"#
        #expect(throws: CassetteError.self) { try Cassette(bytes: Array(bad.utf8), file: "bad.json") }
        do { _ = try Cassette(bytes: Array(bad.utf8), file: "bad.json") } catch {
            #expect("\(error)".contains("match.ignoreJSONFields[0]") && "\(error)".contains("starts with $"))
        }
        let unknown = #"{"mockapi": 1, "match": {"ignoreHeaders": true}, "interactions": []}"#
        do { _ = try Cassette(bytes: Array(unknown.utf8), file: "u.json") } catch {
            #expect("\(error)".contains("match.ignoreHeaders") && "\(error)".contains("unknown field"))
        }
    }

    /// A cassette's rules hold in its scoped view only; the plain view, serving all cassettes, has all their rules.
    @Test func scopedViews_keepEachCassettesRules() async {
        let loose = Self.cassette(Self.rules(["$.n"], nullMatchesAbsent: true))
        let exact = LoadedCassette(name: "strict", file: "strict.json", cassette: Self.cassette().cassette)
        let service = ReplayService(cassettes: [loose, exact], baseURL: "http://127.0.0.1:9999")
        #expect(await service.respond(to: .post("/@llm/v1/chat/completions", json: Self.newBody)).status == 200)
        #expect(await service.respond(to: .post("/@strict/v1/chat/completions", json: Self.newBody)).status == 404)
        #expect(await service.respond(to: .post("/v1/chat/completions", json: Self.newBody)).status == 200)
    }
}
