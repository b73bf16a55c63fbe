import Dispatch
import Foundation
import Logging
import MockAPICore
import MockAPIJSON
import MockAPIServer
import Synchronization
import TestSupport
import Testing

/// The recorder's disk work runs on its writer's own thread: a slow disk delays only the answers that wait for their
/// interaction to be on disk, never health or replay; a write the disk refuses is answered 502 and said in health.
@Suite(.serialized) struct RecordWriterTests {
    private static let logger: Logger = {
        var logger = Logger(label: "record-writer-tests")
        logger.logLevel = .critical
        return logger
    }()

    private static let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, maxBodyBytes: 1 << 20)

    /// `serve --record-missing` with its writer's first sync held (a disk that does not answer): health and a replayed
    /// request are answered meanwhile; the recorded request is answered once the sync is let go, and is in the cassette.
    @Test func heldSync_delaysNeitherHealthNorReplay() async throws {
        let folder = TemporaryFolder()
        let replayed = folder.file("known.json")
        try Cassette(interactions: [
            Interaction(request: RecordedRequest(method: "GET", path: "/known"), response: RecordedResponse(status: 200, body: .text("known")))
        ]).save(to: replayed)
        let gate = DispatchSemaphore(value: 0)
        let (held, holding) = AsyncStream<Void>.makeStream()
        let firstSync = Atomic<Bool>(true)
        let upstream = try StandInUpstream(always: .text(status: 200, "fresh"))
        let session = try RecordingSession(
            routes: UpstreamRoutes([UpstreamRoute(mount: "/", upstream: upstream.url)]), cassette: folder.file("Fixtures/new.json"),
            beforeSync: {
                guard firstSync.exchange(false, ordering: .relaxed) else { return }
                holding.yield()
                // Bounded, so that a test that fails before letting it go ends instead of hanging.
                _ = gate.wait(timeout: .now() + 30)
            })
        let app = try MockAPIApp.replay(
            cassettes: [LoadedCassette(name: "known", file: replayed, cassette: try Cassette.load(file: replayed))],
            recordingMissing: session, configuration: Self.configuration, logger: Self.logger)
        let client = TestClient()
        do {
            let base = app.baseURL
            async let recorded = client.send("GET", base + "/missing")
            var events = held.makeAsyncIterator()
            _ = await events.next()

            let health = try await client.send("GET", base + "/__mockapi/health")
            #expect(health.status == 200)
            #expect(try JSONValue.parse(health.body)["writer"]?["lastSyncMs"] != nil)
            let known = try await client.send("GET", base + "/known")
            #expect(known.status == 200)
            #expect(known.text == "known")

            gate.signal()
            #expect(try await recorded.text == "fresh")
        } catch {
            gate.signal()
            Issue.record(error)
        }
        try await app.stop()
        await client.shutdown()
        await upstream.stop()
        #expect(try Cassette.load(file: folder.file("Fixtures/new.json")).interactions.map(\.request.path) == ["/missing"])
    }

    /// A write-ahead log that cannot be written: the client gets 502 marked `write-failed`, nothing is recorded, and
    /// health says why.
    @Test func unwritableLog_is502WriteFailed_andHealthSaysWhy() async throws {
        let folder = TemporaryFolder()
        let file = folder.file("Fixtures/session.json")
        let upstream = try StandInUpstream(always: .text(status: 200, "fresh"))
        let session = try RecordingSession(routes: UpstreamRoutes([UpstreamRoute(mount: "/", upstream: upstream.url)]), cassette: file)
        // A folder where the write-ahead log goes: the file system refuses to open it for writing.
        #expect(mkdir(WriteAheadLog.path(for: file), 0o755) == 0)
        let app = try MockAPIApp.record(session, configuration: Self.configuration, logger: Self.logger)
        let client = TestClient()
        do {
            let answer = try await client.send("GET", app.baseURL + "/x")
            #expect(answer.status == 502)
            #expect(answer.headers["x-mockapi-error"] == "write-failed")
            let health = try JSONValue.parse(try await client.send("GET", app.baseURL + "/__mockapi/health").body)
            #expect(health["writer"]?["lastFailure"]?.stringValue?.contains(".session.json.wal: cannot write") == true)
            #expect(health["recorded"]?.intValue == 0)
        } catch {
            Issue.record(error)
        }
        try await app.stop()
        await client.shutdown()
        await upstream.stop()
        #expect(try Cassette(bytes: FileIO.read(file), file: file).interactions.isEmpty)
    }
}
