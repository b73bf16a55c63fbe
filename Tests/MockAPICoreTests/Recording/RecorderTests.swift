import Logging
import MockAPICompression
import MockAPICore
import MockAPIJSON
import Synchronization
import TestSupport
import Testing

/// An upstream that answers from a closure and remembers what it was asked.
final class ScriptedUpstream: Upstream {
    let received = Mutex<[UpstreamRequest]>([])
    private let answer: @Sendable (UpstreamRequest) -> Result<UpstreamResponse, UpstreamError>

    init(_ answer: @escaping @Sendable (UpstreamRequest) -> Result<UpstreamResponse, UpstreamError>) {
        self.answer = answer
    }

    func send(_ request: UpstreamRequest) async throws(UpstreamError) -> UpstreamResponse {
        received.withLock { $0.append(request) }
        return try answer(request).get()
    }
}

/// A recorder over a stub upstream and a cassette in a temporary folder.
struct RecorderFixture {
    let folder = TemporaryFolder()
    let upstream: ScriptedUpstream
    let recorder: Recorder

    init(routes: [UpstreamRoute] = [UpstreamRoute(mount: "/", upstream: "https://api.github.com")],
         rules: RedactionRules = .standard,
         answer: @escaping @Sendable (UpstreamRequest) -> Result<UpstreamResponse, UpstreamError>) throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        upstream = ScriptedUpstream(answer)
        recorder = Recorder(
            routes: try UpstreamRoutes(routes), upstream: upstream, redactor: Redactor(rules: rules),
            writer: try CassetteWriter(file: folder.file("s.json"), forbidding: rules.literals), cassetteName: "s", logger: logger)
    }

    var cassette: Cassette {
        get throws { try Cassette.load(file: folder.file("s.json")) }
    }
}

struct RecorderTests {
    /// The request goes to the upstream of its mount, without the mount and the connection fields; the client gets
    /// the upstream's bytes as they came, and the cassette the decoded body with the upstream and mount.
    @Test func request_isForwardedAndRecordedDecoded() async throws {
        let json = Array(#"{"items":[1,2,3]}"#.utf8)
        let gzip = try #require(ContentEncoder.encode(json, coding: "gzip"))
        let fixture = try RecorderFixture(routes: [
            UpstreamRoute(mount: "/", upstream: "https://api.github.com"), UpstreamRoute(mount: "/qiita", upstream: "https://qiita.com"),
        ]) { _ in
            .success(UpstreamResponse(status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip"),
                                                             ("Content-Length", "\(gzip.count)")], body: gzip))
        }
        let answer = await fixture.recorder.respond(to: HTTPRequest(
            method: "GET", target: "/qiita/api/v2/items?page=2&per_page=20",
            headers: [("Host", "127.0.0.1:1"), ("Accept-Encoding", "gzip, zstd"), ("Connection", "keep-alive")]))
        #expect(answer == HTTPResponse(status: 200, headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: gzip))
        #expect(fixture.upstream.received.withLock { $0 } == [UpstreamRequest(
            method: "GET", url: "https://qiita.com/api/v2/items?page=2&per_page=20", headers: [("Accept-Encoding", "gzip")])])
        let recorded = try #require(try fixture.cassette.interactions.first)
        #expect(recorded.request.path == "/api/v2/items")
        #expect(recorded.localPath == "/qiita/api/v2/items")
        #expect(recorded.upstream == "https://qiita.com")
        #expect(recorded.mount == "/qiita")
        #expect(recorded.response.body == Body(bytes: json))
        #expect(recorded.response.headers == [("Content-Type", "application/json")])
        #expect(fixture.recorder.journal.counts.recorded == 1)
    }

    /// An upstream that does not answer gets the client a 504 or 502 saying what failed where; nothing is recorded.
    @Test func upstreamFailure_isAnsweredAndNotRecorded() async throws {
        let fixture = try RecorderFixture { request in
            .failure(UpstreamError(kind: .timeout, url: request.url, detail: "deadline exceeded"))
        }
        let answer = await fixture.recorder.respond(to: HTTPRequest(method: "GET", target: "/slow"))
        #expect(answer.status == 504)
        #expect(answer.headers[Recorder.errorHeader] == "timeout")
        let body = try JSONValue.parse(answer.body)
        #expect(body["error"]?.stringValue == "mockapi: upstream https://api.github.com failed for GET /slow: no answer in time "
            + "(deadline exceeded); nothing was recorded")
        #expect(body["upstream"]?.stringValue == "https://api.github.com/slow")
        #expect(try fixture.cassette.interactions.isEmpty)
        #expect(fixture.recorder.statistics.snapshot.failures.items.map(\.name) == ["upstream: no answer in time"])
    }

    /// Upstream error statuses are real answers: recorded like any other.
    @Test func upstreamErrorStatus_isRecorded() async throws {
        let fixture = try RecorderFixture { _ in .success(UpstreamResponse(status: 503, body: Array("down".utf8))) }
        #expect(await fixture.recorder.respond(to: HTTPRequest(method: "GET", target: "/x")).status == 503)
        #expect(try fixture.cassette.interactions.map(\.response.status) == [503])
    }

    /// A body that cannot be decoded is not recorded, and the client is told why rather than given it.
    @Test func undecodableBody_isRefused() async throws {
        let fixture = try RecorderFixture { _ in
            .success(UpstreamResponse(status: 200, headers: [("Content-Encoding", "gzip")], body: Array("plain".utf8)))
        }
        let answer = await fixture.recorder.respond(to: HTTPRequest(method: "GET", target: "/x"))
        #expect(answer.status == 502)
        #expect(answer.headers[Recorder.errorHeader] == "undecodable-body")
        #expect(try fixture.cassette.interactions.isEmpty)
    }

    /// A secret that survives scrubbing (here in a header name) stops the write: 502, and the file keeps its bytes.
    @Test func survivingSecret_stopsTheWrite() async throws {
        let rules = RedactionRules.standard.adding(RedactionRules(literals: [.environment("API_TOKEN", value: "tok_canary_123")]))
        let fixture = try RecorderFixture(rules: rules) { _ in
            .success(UpstreamResponse(status: 200, headers: [("X-tok_canary_123", "1")]))
        }
        let before = try FileIO.read(fixture.folder.file("s.json"))
        let answer = await fixture.recorder.respond(to: HTTPRequest(method: "GET", target: "/x"))
        #expect(answer.status == 502)
        #expect(answer.headers[Recorder.errorHeader] == "write-refused")
        #expect(!answer.body.contains(0) && !String(decoding: answer.body, as: UTF8.self).contains("tok_canary_123"))
        #expect(try FileIO.read(fixture.folder.file("s.json")) == before)
    }

    /// A path outside every mount is not forwarded anywhere.
    @Test func pathOutsideMounts_isNotForwarded() async throws {
        let fixture = try RecorderFixture(routes: [UpstreamRoute(mount: "/qiita", upstream: "https://qiita.com")]) { _ in
            .success(UpstreamResponse(status: 200))
        }
        let answer = await fixture.recorder.respond(to: HTTPRequest(method: "GET", target: "/user"))
        #expect(answer.status == 404)
        #expect(fixture.upstream.received.withLock { $0.isEmpty })
    }

    /// With a recorder as fallback, replay answers what it has and records the rest; nothing is journaled unmatched.
    @Test func replayerFallback_recordsOnlyWhatIsMissing() async throws {
        let fixture = try RecorderFixture { _ in .success(UpstreamResponse(status: 201, body: Array("new".utf8))) }
        let recorded = LoadedCassette(name: "old", file: "old.json", cassette: Cassette(interactions: [.recordedGet("/known", responseBody: "old")]))
        let replayer = Replayer(
            cassettes: [recorded], baseURL: "http://127.0.0.1:1", journal: fixture.recorder.journal, fallback: fixture.recorder)
        #expect(await replayer.respond(to: HTTPRequest(method: "GET", target: "/known")).body == Array("old".utf8))
        #expect(await replayer.respond(to: HTTPRequest(method: "GET", target: "/unknown")).status == 201)
        #expect(fixture.upstream.received.withLock { $0.map(\.url) } == ["https://api.github.com/unknown"])
        #expect(try fixture.cassette.interactions.map(\.request.path) == ["/unknown"])
        let counts = fixture.recorder.journal.counts
        #expect([counts.matched, counts.recorded, counts.unmatched] == [1, 1, 0])
        #expect(replayer.headerNeeds == .all)
    }
}
