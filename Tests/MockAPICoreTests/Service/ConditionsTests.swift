import MockAPICore
import MockAPIJSON
import Testing

/// Latency and faults: parsing, what each fault replies, and the seeded sequences.
struct ConditionsTests {
    @Test(arguments: [
        ("recorded", Latency.recorded), ("200ms", .fixed(milliseconds: 200)), ("1.5s", .fixed(milliseconds: 1500)),
        ("250", .fixed(milliseconds: 250)), ("0", Latency.none), ("50ms..300ms", .random(milliseconds: 50...300)),
        ("0.5s..1.5s", .random(milliseconds: 500...1500)),
    ])
    func latency_parses(text: String, expected: Latency) {
        #expect(Latency(parsing: text) == expected)
    }

    @Test(arguments: ["", "fast", "-5ms", "300ms..50ms", "10m", "..5ms"])
    func latency_refusesNonsense(text: String) {
        #expect(Latency(parsing: text) == nil)
    }

    @Test func faults_parse() {
        #expect(["503", "429", "500", "reset", "timeout", "truncate", "TIMEOUT"].compactMap(Fault.init(parsing:))
            == [.status(503), .status(429), .status(500), .reset, .timeout, .truncate, .timeout])
        #expect(["200", "600", "slow", ""].compactMap(Fault.init(parsing:)).isEmpty)
    }

    /// `X-Mockapi-Fault` picks the fault for one request; the fault does not use up the recorded answer, so a
    /// retry gets the answer the failed attempt would have got.
    @Test func headerFault_doesNotUseUpTheRecording() async throws {
        let service = ReplayService.make([followingCassette("c", [204, 404])])
        let failed = await service.respond(to: HTTPRequest.get("/user/following/x").with(Fault.header, "503"))
        #expect(failed.status == 503)
        #expect(failed.headers[Fault.header] == "503")
        #expect(failed.json?["error"] == .string("mockapi: injected fault 503 (X-Mockapi-Fault header)"))
        #expect(await service.respond(to: .get("/user/following/x")).status == 204)
        #expect(service.journal.entries().map(\.outcomeName) == ["fault", "matched"])
        #expect(service.journal.counts.faults == 1)
    }

    @Test func headerFaults_replyAsDocumented() async throws {
        let service = ReplayService.make([.make("c", [.get("/x", status: 200, json: #"{"answer":42}"#)])])
        func reply(_ fault: String) -> Reply { service.reply(to: HTTPRequest.get("/x").with(Fault.header, fault)) }
        guard case .reset = reply("reset") else { Issue.record("reset"); return }
        guard case .hang = reply("timeout") else { Issue.record("timeout"); return }
        guard case .truncated(let response, let sent) = reply("truncate") else { Issue.record("truncate"); return }
        #expect(response.status == 200)
        #expect(response.body == Array(#"{"answer":42}"#.utf8))
        #expect(sent == 6)
        #expect(response.headers[Fault.header] == "truncate")
        let limited = await reply("429").resolved()
        #expect(limited.status == 429)
        #expect(limited.headers["retry-after"] == "0")
        let refused = await reply("slow").resolved()
        #expect(refused.status == 400)
        #expect(refused.json?["error"]?.stringValue?.contains("slow is not a fault") == true)
        #expect(service.journal.entries().map(\.status) == [0, 0, 200, 429, 400])
    }

    /// The n-th request in a view always draws the same fault for a seed, whatever other views do meanwhile.
    @Test func seededFaults_repeatPerView_whateverOtherViewsDo() async {
        let conditions = ReplayConditions(faultRate: 0.5, faults: [.status(503), .status(429)], seed: 42)
        func sequence(noiseEvery: Int?) async -> [Int] {
            let service = ReplayService.make([.make("a", [.get("/x")]), .make("b", [.get("/x")])], conditions: conditions)
            var statuses: [Int] = []
            for index in 0..<40 {
                if let noiseEvery, index % noiseEvery == 0 { _ = await service.respond(to: .get("/@b/x")) }
                statuses.append(await service.respond(to: .get("/@a/x")).status)
            }
            return statuses
        }
        let quiet = await sequence(noiseEvery: nil)
        #expect(await sequence(noiseEvery: 3) == quiet)
        #expect(Set(quiet) == [200, 503, 429])
        let other = ReplayConditions(faultRate: 0.5, faults: [.status(503), .status(429)], seed: 43)
        let service = ReplayService.make([.make("a", [.get("/x")]), .make("b", [.get("/x")])], conditions: other)
        var statuses: [Int] = []
        for _ in 0..<40 { statuses.append(await service.respond(to: .get("/@a/x")).status) }
        #expect(statuses != quiet, "another seed, another sequence")
    }

    /// The rate is honoured over many requests; `X-Mockapi-Fault: none` spares a request.
    @Test func faultRate_isHonoured_andNoneSpares() async {
        let service = ReplayService.make([.make("a", [.get("/x")])], conditions: ReplayConditions(faultRate: 0.1, faults: [.status(503)], seed: 7))
        var faults = 0
        for _ in 0..<2000 where await service.respond(to: .get("/x")).status == 503 { faults += 1 }
        #expect((120...280).contains(faults))
        for _ in 0..<200 { #expect(await service.respond(to: HTTPRequest.get("/x").with(Fault.header, "none")).status == 200) }
    }

    /// Latency turns the answer into deferred work; `recorded` uses the interaction's `durationMs`.
    @Test func latency_defersTheAnswer() async {
        var slow = Interaction.make("GET", "/slow")
        slow.durationMs = 40
        let recorded = ReplayService.make([.make("a", [slow, .get("/fast")])], conditions: ReplayConditions(latency: .recorded))
        guard case .deferred = recorded.reply(to: .get("/slow")) else { Issue.record("not deferred"); return }
        guard case .prepared = recorded.reply(to: .get("/fast")) else { Issue.record("no duration, no wait"); return }
        let clock = ContinuousClock()
        let start = clock.now
        #expect(await recorded.respond(to: .get("/slow")).status == 200)
        #expect(clock.now - start >= .milliseconds(40))
    }

    /// `--latency recorded` over cassettes without any durationMs (octokit fixtures, imports) would silently delay
    /// nothing: it says so; with one recorded duration, or another latency, it says nothing.
    @Test func recordedLatency_withoutDurations_isWarnedAbout() {
        var timed = Interaction.get("/slow")
        timed.durationMs = 40
        let recorded = ReplayConditions(latency: .recorded)
        #expect(recorded.warning(for: [.make([.get("/a"), .get("/b")])])?.hasPrefix("recorded: no loaded interaction has durationMs") == true)
        #expect(recorded.warning(for: [.make([.get("/a")]), .make("t", [timed])]) == nil)
        #expect(ReplayConditions(latency: .fixed(milliseconds: 5)).warning(for: [.make([.get("/a")])]) == nil)
    }
}
