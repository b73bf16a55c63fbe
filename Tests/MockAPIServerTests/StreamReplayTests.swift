import Foundation
#if canImport(Glibc)
import Glibc
#endif
import MockAPICore
import MockAPITesting
import TestSupport
import Testing

/// Replay sends a streamed answer as its recorded chunks, each a separate write, at once or with its recorded gaps,
/// and a stream waiting for its next chunk holds no thread.
@Suite(.timeLimit(.minutes(1)))
struct StreamReplayTests {
    private static let events = ["data: {\"delta\":\"Hel\"}\n\n", "data: {\"delta\":\"lo\"}\n\n", "data: [DONE]\n\n"]

    private func server(gapMs: Double, timing: StreamTiming, cut: ChunkedBody.Cut? = nil) throws -> ReplayServer {
        let chunks = Self.events.enumerated().map { ChunkedBody.Chunk(atMs: Double($0.offset) * gapMs, text: $0.element) }
        let interaction = Interaction(
            request: RecordedRequest(method: "GET", path: "/v1/stream"),
            response: RecordedResponse(
                status: 200, headers: [("content-type", "text/event-stream"), ("cache-control", "no-cache")],
                body: .chunks(ChunkedBody(chunks: chunks, cut: cut))))
        return try ReplayServer(
            cassettes: [LoadedCassette(name: "llm", file: "llm.json", cassette: Cassette(interactions: [interaction]))],
            options: ReplayOptions(streamTiming: timing))
    }

    private static func open(_ port: Int) throws -> RawConnection {
        let connection = try RawConnection(port: port)
        connection.send("GET /v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        return connection
    }

    /// `none`: every chunk at once, each its own HTTP chunk, with the recorded headers and no Content-Length.
    @Test func streamTimingNone_sendsEachChunkAsItsOwnWrite() async throws {
        let server = try server(gapMs: 60_000, timing: .none)
        let port = server.baseURL.port ?? 0
        let (head, received) = try await offThread { () throws -> (String?, [String]) in
            let connection = try Self.open(port)
            let head = connection.readHead()
            var received: [String] = []
            while let chunk = connection.readChunk() { received.append(String(decoding: chunk, as: UTF8.self)) }
            return (head, received)
        }
        let text = try #require(head)
        #expect(text.hasPrefix("HTTP/1.1 200"))
        #expect(text.lowercased().contains("content-type: text/event-stream"))
        #expect(text.lowercased().contains("transfer-encoding: chunked"))
        #expect(!text.lowercased().contains("content-length"))
        #expect(received == Self.events)
        await server.stop()
    }

    /// A streamed answer goes out with its recorded headers and the framing only, for GET and HEAD alike: no `Date`
    /// it was not recorded with (libmicrohttpd adds one unless told not to).
    @Test func streamedAnswer_carriesOnlyItsRecordedHeaders() async throws {
        let server = try server(gapMs: 0, timing: .none)
        let port = server.baseURL.port ?? 0
        let heads = try await offThread { () throws -> [String?] in
            try ["GET", "HEAD"].map { method in
                let connection = try RawConnection(port: port)
                connection.send("\(method) /v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                return connection.readHead()
            }
        }
        for (method, head) in zip(["GET", "HEAD"], heads) {
            let lines = try #require(head, "no head for \(method)").split(separator: "\r\n").dropFirst()
            let names = Set(lines.compactMap { $0.split(separator: ":").first?.lowercased() })
            #expect(names.subtracting(["transfer-encoding", "content-length"]) == ["content-type", "cache-control"], "\(method)")
        }
        await server.stop()
    }

    /// `recorded`: no chunk comes before its recorded time after the headers.
    @Test func streamTimingRecorded_sendsNoChunkBeforeItsTime() async throws {
        let server = try server(gapMs: 150, timing: .recorded)
        let port = server.baseURL.port ?? 0
        let (arrivals, received) = try await offThread { () throws -> ([ContinuousClock.Instant], [String]) in
            let connection = try Self.open(port)
            guard connection.readHead() != nil else { return ([], []) }
            var arrivals: [ContinuousClock.Instant] = []
            var received: [String] = []
            while let chunk = connection.readChunk() {
                arrivals.append(.now)
                received.append(String(decoding: chunk, as: UTF8.self))
            }
            return (arrivals, received)
        }
        #expect(received == Self.events)
        #expect(arrivals.count == 3)
        if arrivals.count == 3 {
            #expect(arrivals[1] - arrivals[0] >= .milliseconds(140))
            #expect(arrivals[2] - arrivals[0] >= .milliseconds(290))
        }
        await server.stop()
    }

    /// A stream recorded as cut ends the same way: its chunks, then the connection closes without the last chunk.
    @Test func streamRecordedAsCut_endsWithoutItsEnd() async throws {
        let server = try server(gapMs: 0, timing: .none, cut: .upstream)
        let port = server.baseURL.port ?? 0
        let (received, closed) = try await offThread { () throws -> ([String], Bool) in
            let connection = try Self.open(port)
            guard connection.readHead() != nil else { return ([], false) }
            var received: [String] = []
            while let chunk = connection.readChunk() { received.append(String(decoding: chunk, as: UTF8.self)) }
            return (received, connection.closes(within: 10))
        }
        #expect(received == Self.events)
        #expect(closed)
        await server.stop()
    }

    /// The `cut:N` fault sends the first N chunks, then closes the connection without the end of the stream.
    @Test func cutFault_endsTheStreamAfterNChunks() async throws {
        let server = try server(gapMs: 0, timing: .none)
        let port = server.baseURL.port ?? 0
        let (head, received, closed) = try await offThread { () throws -> (String?, [String], Bool) in
            let connection = try RawConnection(port: port)
            connection.send("GET /v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Mockapi-Fault: cut:1\r\n\r\n")
            let head = connection.readHead()
            var received: [String] = []
            while let chunk = connection.readChunk() { received.append(String(decoding: chunk, as: UTF8.self)) }
            return (head, received, connection.closes(within: 10))
        }
        #expect(head?.lowercased().contains("x-mockapi-fault: cut:1") == true)
        #expect(received == [Self.events[0]])
        #expect(closed)
        await server.stop()
    }

    /// The journal shows a streamed answer's chunks and its duration as replayed; a `cut:N` fault's, the N it sends.
    @Test func journal_showsTheChunksAndDurationOfAStream() async throws {
        let server = try server(gapMs: 20, timing: .recorded)
        let port = server.baseURL.port ?? 0
        let counts = try await offThread { () throws -> [Int] in
            try [nil, "cut:1"].map { fault -> Int in
                let connection = try RawConnection(port: port)
                connection.send("GET /v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (fault.map { "X-Mockapi-Fault: \($0)\r\n" } ?? "") + "\r\n")
                guard connection.readHead() != nil else { return 0 }
                var count = 0
                while connection.readChunk() != nil { count += 1 }
                return count
            }
        }
        #expect(counts == [3, 1])
        #expect(server.requests.map(\.stream) == [
            StreamSummary(chunks: 3, durationMs: 40), StreamSummary(chunks: 1, durationMs: 0),
        ])
        await server.stop()
    }

    /// A HEAD request answered from a stream gets the head alone: nothing after it (libmicrohttpd would write the end
    /// of a chunked body there), so the next answer on the same connection reads whole; and no client "went away"
    /// from it: its entry carries the stream's summary alone.
    @Test func headRequest_isNotAClientThatWentAway() async throws {
        let server = try server(gapMs: 20, timing: .recorded)
        let port = server.baseURL.port ?? 0
        let count = try await offThread { () throws -> Int in
            let connection = try RawConnection(port: port)
            connection.send("HEAD /v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            guard connection.readHead() != nil else { return -1 }
            connection.send("GET /v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            guard connection.readHead() != nil else { return -1 }
            var count = 0
            while connection.readChunk() != nil { count += 1 }
            return count
        }
        #expect(count == 3)
        #expect(server.requests.map(\.method) == ["HEAD", "GET"])
        #expect(server.requests.map(\.stream) == [StreamSummary(chunks: 3, durationMs: 40), StreamSummary(chunks: 3, durationMs: 40)])
        await server.stop()
    }

    /// A client that goes away mid-stream is noted on its journal entry: how many chunks it had been sent and when.
    /// The server finds it gone at the next write, so the test waits (bounded) for the note.
    @Test func clientLeavingMidStream_isNotedInTheJournal() async throws {
        let chunks = (0..<40).map { ChunkedBody.Chunk(atMs: Double($0) * 50, text: "data: \($0)\n\n") }
        let interaction = Interaction(
            request: RecordedRequest(method: "GET", path: "/v1/stream"),
            response: RecordedResponse(
                status: 200, headers: [("content-type", "text/event-stream")], body: .chunks(ChunkedBody(chunks: chunks))))
        let server = try ReplayServer(
            cassettes: [LoadedCassette(name: "llm", file: "llm.json", cassette: Cassette(interactions: [interaction]))],
            options: ReplayOptions(streamTiming: .recorded))
        let port = server.baseURL.port ?? 0
        let first = try await offThread { () throws -> [UInt8]? in
            let connection = try Self.open(port)
            guard connection.readHead() != nil else { return nil }
            return connection.readChunk()
        }
        #expect(first == Array("data: 0\n\n".utf8))
        let deadline = ContinuousClock.now + .seconds(20)
        while server.requests.first?.stream?.clientWentAway == nil, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let stream = try #require(server.requests.first?.stream)
        #expect(stream.chunks == 40)
        #expect(stream.durationMs == 1950)
        let away = try #require(stream.clientWentAway, "the client's leaving was not noted")
        #expect((1..<40).contains(away.afterChunks))
        await server.stop()
    }

    /// 1,000 streams at once, each waiting 3 s for each of its later chunks, run on libmicrohttpd's pool of two
    /// worker threads: while every stream is open (each has sent its head and first chunk and waits for its second),
    /// the server process has exactly its two `MHD-worker` threads and no thread per stream; and all of them finish
    /// in about the length of one stream (6 s), not serialised on two threads (6,000 s). The server runs as its own
    /// process, so that its threads are counted alone (`/proc/PID/task`); the test raises its soft descriptor limit
    /// (inherited by the server) when it is below what 1,000 connections on each side need.
    @Test func thousandTimedStreams_keepTheWorkerThreadsAtThePoolSize() async throws {
        let streams = 1_000
        try DescriptorLimit.raise(atLeast: streams + 200)
        let folder = TemporaryFolder()
        let chunks = Self.events.enumerated().map { ChunkedBody.Chunk(atMs: Double($0.offset) * 3000, text: $0.element) }
        try Cassette(interactions: [Interaction(
            request: RecordedRequest(method: "GET", path: "/v1/stream"),
            response: RecordedResponse(
                status: 200, headers: [("content-type", "text/event-stream")], body: .chunks(ChunkedBody(chunks: chunks))))
        ]).save(to: folder.file("llm.json"))
        let serve = try MockAPIProcess(["serve", folder.file("llm.json"), "--port", "0", "--stream-timing", "recorded"])
        let port = URL(string: try await serve.listeningURL())?.port ?? 0
        let pid = serve.pid
        let clock = ContinuousClock()
        let start = clock.now
        // All requested first; then each one's head and first chunk read (every stream is now open and waiting), the
        // threads counted, and the rest read one connection after the other: the streams run side by side on the
        // server, so by the time the first has ended the others have sent everything.
        let (threads, counts) = try await offThread { () throws -> ([String], [Int]) in
            let connections = try (0..<streams).map { _ in try RawConnection(port: port, readTimeout: 60) }
            for connection in connections { connection.send("GET /v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") }
            let opened = connections.map { $0.readHead() != nil && $0.readChunk() == Array(Self.events[0].utf8) }
            let threads = ServerThreads.names(of: pid)
            let counts = zip(connections, opened).map { connection, opened -> Int in
                guard opened else { return 0 }
                var count = 1
                while connection.readChunk() != nil { count += 1 }
                return count
            }
            return (threads, counts)
        }
        let elapsed = clock.now - start
        serve.signal(SIGTERM)
        _ = await serve.finish()
        #expect(counts == Array(repeating: 3, count: streams))
        // Two workers; a thread a worker starts (the pacing thread, a Dispatch worker) carries the worker's name until
        // it names itself, so one more may be seen: a thread per stream would be a thousand.
        let workerNamed = threads.filter { $0.hasPrefix("MHD-") }
        #expect(workerNamed.allSatisfy { $0 == "MHD-worker" } && (2...3).contains(workerNamed.count), "threads: \(threads)")
        #expect(threads.count < 24, "\(threads.count) threads with \(streams) streams open: \(threads)")
        #expect(elapsed < .seconds(60), "\(streams) timed streams took \(elapsed)")
    }

    /// Stopping the server while streams wait for their next chunk cuts them and returns (no connection is left
    /// suspended).
    @Test func stoppingWhileStreamsWait_cutsThem() async throws {
        let server = try server(gapMs: 60_000, timing: .recorded)
        let port = server.baseURL.port ?? 0
        let firstChunkRead = DispatchSemaphore(value: 0)
        async let closed = offThread { () throws -> Bool in
            let connection = try Self.open(port)
            let gotFirst = connection.readHead() != nil && connection.readChunk() == Array(Self.events[0].utf8)
            firstChunkRead.signal()
            return gotFirst && connection.closes(within: 10)
        }
        try await offThread { firstChunkRead.wait() }
        await server.stop()
        #expect(try await closed)
    }

    /// Stopping the server while many streams wait a minute for their next chunk cuts every one of them: each
    /// connection closes after its first chunk, with nothing more sent (no second chunk, no end of the stream).
    @Test func stoppingWhileManyStreamsWait_cutsEveryOne() async throws {
        let server = try server(gapMs: 60_000, timing: .recorded)
        let cut = try await Self.cutsOf(streams: 50, port: server.baseURL.port ?? 0) { await server.stop() }
        #expect(cut == Array(repeating: true, count: 50))
    }

    /// A server dropped without `stop()` (a test that throws) while streams wait for their next chunk cuts them too,
    /// rather than leave their connections suspended (which would abort the process when libmicrohttpd stops).
    @Test func droppingAServer_whileStreamsWait_cutsThem() async throws {
        var server: ReplayServer? = try server(gapMs: 60_000, timing: .recorded)
        let port = server?.baseURL.port ?? 0
        let cut = try await Self.cutsOf(streams: 10, port: port) { server = nil }
        #expect(cut == Array(repeating: true, count: 10))
        #expect(server == nil)
    }

    /// Opens `streams` streams, reads each one's head and first chunk, then runs `stopping`; for each stream, whether
    /// its connection then closed within 10 s with nothing more sent.
    private static func cutsOf(streams: Int, port: Int, stopping: () async -> Void) async throws -> [Bool] {
        let allOpen = DispatchSemaphore(value: 0)
        async let cut = offThread { () throws -> [Bool] in
            let connections = try (0..<streams).map { _ in try Self.open(port) }
            let opened = connections.map { $0.readHead() != nil && $0.readChunk() == Array(Self.events[0].utf8) }
            allOpen.signal()
            return zip(connections, opened).map { connection, opened in
                opened && connection.closes(within: 10) && connection.unread.isEmpty
            }
        }
        try await offThread { allOpen.wait() }
        await stopping()
        return try await cut
    }
}

/// The names of a process's threads (`/proc/PID/task/*/comm`), sorted.
enum ServerThreads {
    static func names(of pid: Int32) -> [String] {
        let folder = "/proc/\(pid)/task"
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return tasks.compactMap { task in
            (try? String(contentsOfFile: folder + "/" + task + "/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }.sorted()
    }
}

/// The soft limit on open descriptors of the test process (which child processes inherit).
enum DescriptorLimit {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Raises the soft limit to `count` when it is lower, up to the hard limit; throws when the hard limit is lower.
    static func raise(atLeast count: Int) throws {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            throw Failure(description: "getrlimit(RLIMIT_NOFILE) failed: errno \(errno)")
        }
        guard limit.rlim_cur < rlim_t(count) else { return }
        guard limit.rlim_max >= rlim_t(count) else {
            throw Failure(description: "the hard limit on open files is \(limit.rlim_max); this test needs \(count)")
        }
        limit.rlim_cur = rlim_t(count)
        guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            throw Failure(description: "setrlimit(RLIMIT_NOFILE, \(count)) failed: errno \(errno)")
        }
    }
}
