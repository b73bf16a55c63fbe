import MockAPICore
import MockAPIJSON
import Synchronization
import Testing

/// Sending recordings again: which go out, how many at once, how rate limits hold them back, and what is found.
struct DriftCheckerTests {
    private func checker(_ upstream: LiveAPIDouble, clock: SteppingClock = SteppingClock(), maximumWait: Double = 600,
                         options: DriftChecker.Options = .init()) -> DriftChecker {
        DriftChecker(upstream: upstream, gate: RateGate(clock: clock, maximumWait: maximumWait), options: options)
    }

    @Test func eachSafeRequest_isComparedWithItsRecording() async {
        let upstream = LiveAPIDouble { request, _ throws(UpstreamError) in
            request.url.hasSuffix("/repos/o/r") ? .json(#"{"id":2,"owner":{"id":3},"visibility":"public"}"#) : .json(#"{"login":"x"}"#)
        }
        let results = await checker(upstream).check([.make("github/repo", [
            .json("/repos/o/r", #"{"id":1,"owner":{"id":1,"login":"o"}}"#),
            .json("/user", #"{"login":"o"}"#),
        ])])
        #expect(results.map(\.outcome) == [.checked, .checked])
        #expect(results.map { $0.findings.map(\.description) } == [["$.owner.login removed", "$.visibility added"], []])
        #expect(results[0].label == "github/repo[0] GET /repos/o/r")
        #expect(results[0].isBreaking && !results[1].isBreaking)
        // The live answer, ready to be recorded in place of the old one; the request stays as recorded.
        #expect(results[0].live?.response.body == .json(try! JSONValue.parse(#"{"id":2,"owner":{"id":3},"visibility":"public"}"#)))
        #expect(results[0].live?.request.path == "/repos/o/r")
        #expect(results[0].live?.recordedAt == "2027-01-15T08:00:00.000Z")
    }

    @Test func unsafeMethods_areSkippedUnlessAsked() async {
        let upstream = LiveAPIDouble { _, _ throws(UpstreamError) in .json(#"{"id":1}"#) }
        let cassette = LoadedCassette.make([
            .json("/x", #"{"id":1}"#), .json("/x", #"{"id":1}"#, method: "POST"), .json("/x", #"{"id":1}"#, method: "HEAD"),
            .json("/x", #"{"id":1}"#, method: "delete"),
        ])
        let results = await checker(upstream).check([cassette])
        #expect(results.map(\.outcome) == [.checked, .skipped(.unsafeMethod("POST")), .checked, .skipped(.unsafeMethod("DELETE"))])
        // Sent up to four at once (the default concurrency): which arrives first is not fixed.
        #expect(upstream.requests.map(\.method).sorted() == ["GET", "HEAD"])
        let all = LiveAPIDouble { _, _ throws(UpstreamError) in .json(#"{"id":1}"#) }
        _ = await checker(all, options: .init(unsafe: true)).check([cassette])
        #expect(all.requests.map(\.method).sorted() == ["GET", "HEAD", "POST", "delete"])
    }

    /// Whether an answer is a 304 depends on the ETag the client sent, a value: such recordings are not sent.
    @Test func notModifiedRecordings_areSkipped() async {
        let upstream = LiveAPIDouble { _, _ throws(UpstreamError) in .json(#"{"id":1}"#) }
        let results = await checker(upstream).check([.make([.json("/x", #"{"id":1}"#), .make("GET", "/x", status: 304)])])
        #expect(results.map(\.outcome) == [.checked, .skipped(.notModified)])
        #expect(upstream.requests.count == 1)
        #expect(DriftReport(results: results, cassettes: 1).summary
            == "mockapi drift: 2 interactions in 1 cassette: 1 checked, no drift, 1 skipped (304 Not Modified)")
    }

    /// A WebSocket handshake is not sent: drift compares HTTP answers, and a conversation is not one.
    @Test func webSocketConversations_areSkipped() async {
        let upstream = LiveAPIDouble { _, _ throws(UpstreamError) in .json(#"{"id":1}"#) }
        var handshake = Interaction.make("GET", "/events", status: 101)
        handshake.webSocket = WebSocketConversation()
        let results = await checker(upstream).check([.make([.json("/x", #"{"id":1}"#), handshake])])
        #expect(results.map(\.outcome) == [.checked, .skipped(.webSocket)])
        #expect(upstream.requests.count == 1)
        #expect(DriftReport(results: results, cassettes: 1).summary
            == "mockapi drift: 2 interactions in 1 cassette: 1 checked, no drift, 1 skipped (WebSocket conversations)")
    }

    @Test func concurrency_isBounded_andProgressCountsToTheEnd() async {
        let upstream = LiveAPIDouble { _, _ throws(UpstreamError) in .json(#"{"id":1}"#) }
        let seen = Mutex<[String]>([])
        let results = await checker(upstream, options: .init(concurrency: 2))
            .check([.make((0..<12).map { .json("/items/\($0)", #"{"id":0}"#) })]) { done, total in
                seen.withLock { $0.append("\(done) of \(total)") }
            }
        #expect(results.count == 12)
        #expect(upstream.requests.count == 12)
        #expect(upstream.mostInFlight <= 2)
        #expect(seen.withLock { $0 } == (1...12).map { "\($0) of 12" })
    }

    /// A 429 is not the API's answer: the request waits as told and is sent again, then compared.
    @Test func refusedForTheRateLimit_waitsAndTriesAgain() async {
        let upstream = LiveAPIDouble { _, count throws(UpstreamError) in
            count == 0 ? .json(#"{"message":"slow down"}"#, status: 429, headers: [("Retry-After", "30")]) : .json(#"{"id":5}"#)
        }
        let clock = SteppingClock()
        let results = await checker(upstream, clock: clock).check([.make([.json("/x", #"{"id":1}"#)])])
        #expect(results.map(\.outcome) == [.checked])
        #expect(results[0].findings.isEmpty)
        #expect(upstream.requests.count == 2)
        #expect(clock.sleeps == [30])
    }

    /// GitHub's last allowed request is answered normally with remaining 0: the next one waits for the reset.
    @Test func exhaustedGitHubLimit_holdsTheNextRequestUntilTheReset() async {
        let clock = SteppingClock(now: 1_800_000_000)
        let upstream = LiveAPIDouble { _, _ throws(UpstreamError) in
            .json(#"{"id":1}"#, headers: [("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", "1800000060")])
        }
        let results = await checker(upstream, clock: clock, options: .init(concurrency: 1))
            .check([.make([.json("/a", #"{"id":1}"#), .json("/b", #"{"id":1}"#)])])
        #expect(results.map(\.outcome) == [.checked, .checked])
        #expect(clock.sleeps == [60])
    }

    @Test func aWaitLongerThanAllowed_leavesTheRequestUnchecked() async {
        let upstream = LiveAPIDouble { _, _ throws(UpstreamError) in
            .json("{}", status: 403, headers: [("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", "1800003600")])
        }
        let results = await checker(upstream, clock: SteppingClock(now: 1_800_000_000), maximumWait: 300)
            .check([.make([.json("/a", #"{"id":1}"#)])])
        #expect(results.map(\.outcome) == [.failed(
            "https://api.example.com is rate limited for 3600 s more, longer than the --max-wait of 300 s; run again later or raise --max-wait")])
    }

    /// A recording of the rate-limit refusal itself (a client's retry test) is compared, not sent again.
    @Test func aRecordedRefusal_isComparedNotRetried() async {
        let upstream = LiveAPIDouble { _, _ throws(UpstreamError) in
            .json(#"{"message":"API rate limit exceeded"}"#, status: 403, headers: [("x-ratelimit-remaining", "0"), ("x-ratelimit-reset", "1800000000")])
        }
        let results = await checker(upstream, clock: SteppingClock(now: 1_800_000_000))
            .check([.make([.json("/a", #"{"message":"rate limited","documentation_url":"u"}"#, status: 403)])])
        #expect(results.map(\.outcome) == [.checked])
        #expect(results[0].findings.map(\.description) == ["$.documentation_url removed"])
        #expect(upstream.requests.count == 1)
    }

    @Test func refusedEveryTime_givesUpAfterTheAttempts() async {
        let clock = SteppingClock()
        let upstream = LiveAPIDouble { _, _ throws(UpstreamError) in .json("{}", status: 429) }
        let results = await checker(upstream, clock: clock, options: .init(attempts: 3)).check([.make([.json("/a", #"{"id":1}"#)])])
        #expect(results.map(\.outcome) == [.failed("https://api.example.com refused it for its rate limit (status 429) 3 times")])
        #expect(upstream.requests.count == 3)
        #expect(clock.sleeps == [1, 2])
    }

    @Test func unreachableUpstream_isReportedPerInteraction() async {
        let upstream = LiveAPIDouble { request, _ throws(UpstreamError) in
            throw UpstreamError(kind: .refused, url: request.url, detail: "ECONNREFUSED")
        }
        let results = await checker(upstream).check([.make([.json("/a", "{}")])])
        #expect(results.map(\.outcome) == [.failed("upstream https://api.example.com failed: connection refused (ECONNREFUSED)")])
    }

    /// With a maximum age, old recordings (and those of unknown age) are reported, sent or not.
    @Test func maximumAge_reportsOldRecordings() async {
        let clock = SteppingClock(now: 1_800_000_000)  // 2027-01-15T08:00:00Z
        let upstream = LiveAPIDouble { _, _ throws(UpstreamError) in .json(#"{"id":1}"#) }
        let results = await checker(upstream, clock: clock, options: .init(maximumAge: 90 * 86_400, maximumAgeText: "90d")).check([.make([
            .json("/old", #"{"id":1}"#, recordedAt: "2026-01-01T00:00:00Z"),
            .json("/new", #"{"id":1}"#, recordedAt: "2027-01-01T00:00:00.000Z"),
            .json("/unknown", #"{"id":1}"#),
            .json("/old-post", #"{"id":1}"#, method: "POST", recordedAt: "2026-01-01T00:00:00Z"),
        ])])
        #expect(results.map { $0.findings.map(\.description) } == [
            ["recorded 2026-01-01T00:00:00Z (379 days ago), older than 90d"], [],
            ["recorded at an unknown time (no recordedAt), older than 90d"],
            ["recorded 2026-01-01T00:00:00Z (379 days ago), older than 90d"],
        ])
        #expect(results.allSatisfy { !$0.isBreaking })
    }
}
