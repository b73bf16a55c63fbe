import Foundation
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

    /// 200 streams, each waiting 1 s for each of its later chunks, on the default two worker threads, all finish in
    /// about the length of one stream (2 s), not serialised on two threads (200 s). The bound leaves room for a
    /// loaded machine and still fails any thread held while a stream waits.
    @Test func manyTimedStreams_doNotHoldWorkerThreads() async throws {
        let server = try server(gapMs: 1000, timing: .recorded)
        let port = server.baseURL.port ?? 0
        let clock = ContinuousClock()
        let start = clock.now
        // All requested first, then read one after the other on this thread: the streams run side by side on the
        // server, so by the time the first has ended the others have sent everything (blocking reads in a task group
        // would instead tie up the test's own small thread pool).
        let counts = try await offThread { () throws -> [Int] in
            let connections = try (0..<200).map { _ in try RawConnection(port: port, readTimeout: 30) }
            for connection in connections { connection.send("GET /v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") }
            return connections.map { connection -> Int in
                guard connection.readHead() != nil else { return 0 }
                var count = 0
                while connection.readChunk() != nil { count += 1 }
                return count
            }
        }
        let elapsed = clock.now - start
        #expect(counts == Array(repeating: 3, count: 200))
        #expect(elapsed < .seconds(12), "200 timed streams took \(elapsed)")
        await server.stop()
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
}
