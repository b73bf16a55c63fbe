import MockAPICore
import MockAPIJSON
import Testing

/// A re-recording writes back the interaction it replaces when the answer is the same in meaning, and the new one
/// otherwise.
struct KeptRecordingTests {
    private static let earlier: Interaction = {
        var interaction = Interaction.make(
            "GET", "/repos/o/r", body: Body(bytes: Array(#"{"id":1,"name":"r"}"#.utf8)),
            headers: [("Content-Type", "application/json"), ("Date", "Fri, 20 Nov 2026 10:00:00 GMT"),
                      ("X-GitHub-Request-Id", "AAAA:1"), ("X-RateLimit-Remaining", "4999"), ("ETag", #"W/"abc""#)])
        interaction.recordedAt = "2026-11-20T10:00:00.000Z"
        interaction.durationMs = 84
        return interaction
    }()

    /// The same request answered again a week later: new date, request id, rate-limit count, time and duration.
    private static func again(body: String = #"{"id":1,"name":"r"}"#, status: Int = 200, etag: String = #"W/"abc""#,
                              extra: [(String, String)] = []) -> Interaction {
        var interaction = Interaction.make(
            "GET", "/repos/o/r", status: status, body: Body(bytes: Array(body.utf8)),
            headers: HTTPHeaders([("Content-Type", "application/json"), ("Date", "Fri, 27 Nov 2026 09:00:00 GMT"),
                                  ("X-GitHub-Request-Id", "BBBB:2"), ("X-RateLimit-Remaining", "4211"), ("ETag", etag)]
                                 .map { HTTPHeaders.Field($0.0, $0.1) } + extra.map { HTTPHeaders.Field($0.0, $0.1) }))
        interaction.recordedAt = "2026-11-27T09:00:00.000Z"
        interaction.durationMs = 120
        interaction.recordedWith = "0.1.0"
        return interaction
    }

    @Test func answerChangedOnlyInVolatileHeaders_keepsTheEarlierInteractionWhole() {
        let chosen = KeptRecording.choose(existing: Self.earlier, recorded: Self.again(), volatile: .builtIn)
        #expect(chosen == Self.earlier)
        #expect(chosen.recordedAt == "2026-11-20T10:00:00.000Z" && chosen.durationMs == 84)
    }

    @Test func jsonEqualByValue_inAnotherLayout_isTheSameAnswer() {
        let chosen = KeptRecording.choose(existing: Self.earlier, recorded: Self.again(body: #"{"name": "r", "id": 1.0}"#), volatile: .builtIn)
        #expect(chosen == Self.earlier)
    }

    @Test func changedBody_status_orStableHeader_takesTheNewRecording() {
        for recorded in [Self.again(body: #"{"id":"1","name":"r"}"#), Self.again(status: 201), Self.again(etag: #"W/"def""#),
                         Self.again(extra: [("X-New", "1")])] {
            #expect(KeptRecording.choose(existing: Self.earlier, recorded: recorded, volatile: .builtIn) == recorded)
        }
        #expect(KeptRecording.choose(existing: nil, recorded: Self.again(), volatile: .builtIn) == Self.again())
    }

    @Test func volatileHeaders_addedByCassetteOrRun_areIgnored() {
        let recorded = Self.again(etag: #"W/"def""#)
        #expect(KeptRecording.choose(existing: Self.earlier, recorded: recorded, volatile: VolatileHeaders(adding: ["etag"])) == Self.earlier)
    }

    @Test func builtInList_coversRequestIdsAndRateLimitFamilies_notETag() {
        let volatile = VolatileHeaders.builtIn
        for name in ["Date", "Age", "X-Request-Id", "request-id", "CF-Ray", "X-RateLimit-Reset", "RateLimit-Policy",
                     "Rate-Remaining", "Server-Timing", "X-Runtime"] {
            #expect(volatile.contains(name), "\(name)")
        }
        for name in ["ETag", "Last-Modified", "Content-Type", "Link", "Location"] { #expect(!volatile.contains(name), "\(name)") }
    }

    @Test func streams_compareByChunkTexts_notTheirTimes() {
        func stream(_ texts: [String], step: Double) -> Interaction {
            Interaction.make("GET", "/events", body: .chunks(ChunkedBody(chunks: texts.enumerated().map {
                ChunkedBody.Chunk(atMs: Double($0.offset) * step, text: $0.element)
            })))
        }
        let earlier = stream(["data: a\n\n", "data: b\n\n"], step: 10)
        #expect(KeptRecording.choose(existing: earlier, recorded: stream(["data: a\n\n", "data: b\n\n"], step: 35), volatile: .builtIn) == earlier)
        let changed = stream(["data: a\n\n", "data: c\n\n"], step: 10)
        #expect(KeptRecording.choose(existing: earlier, recorded: changed, volatile: .builtIn) == changed)
    }

    /// Identical requests pair with the recorded ones in order, as replay answers them.
    @Test func previousRecording_pairsRepeatsInOrder() {
        let first = Interaction.make("GET", "/user/following/nvie", status: 204)
        let second = Interaction.make("GET", "/user/following/nvie", status: 404)
        let previous = PreviousRecording(Cassette(interactions: [first, second]))
        var recorded = [Interaction.make("GET", "/user/following/nvie", status: 204),
                        Interaction.make("GET", "/user/following/nvie", status: 404),
                        Interaction.make("GET", "/user/following/nvie", status: 204)]
        for index in recorded.indices { recorded[index].recordedAt = "2026-11-27T09:00:00.000Z" }
        let written = recorded.map(previous.interactionToWrite(for:))
        #expect(written == [first, second, recorded[2]])
        #expect(previous.kept == 2)
    }
}
