import Foundation
import MockAPICore
import MockAPITesting
import TestSupport
import Testing

/// Through the recorder, a streamed answer reaches the client as it flows, and the cassette keeps every chunk with
/// its time, on disk before the client gets the end.
@Suite(.timeLimit(.minutes(1)))
struct RecordStreamTests {
    private static let head = HTTPResponse(status: 200, headers: [("content-type", "text/event-stream"), ("cache-control", "no-cache")])

    /// The stand-in upstream sends its second event only after the client has received the first: a recorder that
    /// buffered the stream would leave the client waiting (its read times out) and fail the test.
    @Test func firstEvent_reachesTheClient_beforeTheUpstreamSendsTheSecond() async throws {
        let upstreamBody = LiveBody()
        try await withRig(upstream: { _ in .live(Self.head, body: upstreamBody, producer: nil) }) { rig, _ in
            let port = rig.recorder.baseURL.port ?? 0
            let (head, first, second, end) = try await offThread { () throws -> (String?, String?, String?, [UInt8]?) in
                let client = try RawConnection(port: port, readTimeout: 20)
                client.send("GET /v1/chat/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                upstreamBody.write(Array("data: {\"delta\":\"Hel\"}\n\n".utf8))
                let head = client.readHead()
                // The upstream holds the second event until the client has the first.
                guard let first = client.readChunk() else { return (head, nil, nil, nil) }
                upstreamBody.write(Array("data: {\"delta\":\"lo\"}\n\n".utf8))
                let second = client.readChunk()
                upstreamBody.finish(cut: false)
                return (head, String(decoding: first, as: UTF8.self), second.map { String(decoding: $0, as: UTF8.self) }, client.readChunk())
            }
            #expect(head?.hasPrefix("HTTP/1.1 200") == true)
            #expect(head?.lowercased().contains("content-type: text/event-stream") == true)
            #expect(first == "data: {\"delta\":\"Hel\"}\n\n", "the first event did not reach the client while the upstream held the second")
            #expect(second == "data: {\"delta\":\"lo\"}\n\n")
            #expect(end == nil)

            // The client has the end: the interaction is on disk already.
            let cassette = try rig.cassette
            #expect(cassette.interactions.count == 1)
            guard case .chunks(let chunked) = cassette.interactions.first?.response.body else {
                Issue.record("not recorded as chunks: \(String(describing: cassette.interactions.first?.response.body))")
                return
            }
            #expect(chunked.chunks.map { String(decoding: $0.bytes, as: UTF8.self) }
                == ["data: {\"delta\":\"Hel\"}\n\n", "data: {\"delta\":\"lo\"}\n\n"])
            #expect(chunked.chunks[0].atMs <= chunked.chunks[1].atMs)
            #expect(chunked.cut == nil)
            #expect(cassette.interactions[0].response.headers["content-type"] == "text/event-stream")
            // The journal shows the stream: its chunks and the time of the last one.
            let stream = try #require(rig.recorder.requests.last?.stream)
            #expect(stream.chunks == 2)
            #expect(stream.durationMs == Int(chunked.chunks[1].atMs.rounded()))
            #expect(stream.clientWentAway == nil)
        }
    }

    /// A client that leaves mid-stream: the recorder finds it gone at the next piece it forwards, stops the upstream
    /// call, records the stream as cut by the client, and the journal notes it. The test waits (bounded) for the note.
    @Test func clientLeavingMidStream_isRecordedAsCut_andNotedInTheJournal() async throws {
        let upstreamBody = LiveBody()
        try await withRig(upstream: { _ in .live(Self.head, body: upstreamBody, producer: nil) }) { rig, _ in
            let port = rig.recorder.baseURL.port ?? 0
            let first = try await offThread { () throws -> [UInt8]? in
                let client = try RawConnection(port: port, readTimeout: 20)
                client.send("GET /v1/chat/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                upstreamBody.write(Array("data: one\n\n".utf8))
                guard client.readHead() != nil else { return nil }
                return client.readChunk()
            }
            #expect(first == Array("data: one\n\n".utf8))
            // The client is gone; the upstream goes on until a forwarded piece finds it gone.
            let deadline = ContinuousClock.now + .seconds(20)
            var written = 0
            while rig.recorder.requests.last?.stream == nil, ContinuousClock.now < deadline {
                written += 1
                upstreamBody.write(Array("data: more \(written)\n\n".utf8))
                try await Task.sleep(for: .milliseconds(20))
            }
            // The stand-in upstream's own connection waits for the end of its body: end it, so it can stop.
            upstreamBody.finish(cut: false)
            let stream = try #require(rig.recorder.requests.last?.stream, "the stream was not journaled")
            let away = try #require(stream.clientWentAway, "the client's leaving was not noted")
            #expect(away.afterChunks == stream.chunks)
            #expect(stream.chunks >= 1)
            let cassette = try rig.cassette
            guard case .chunks(let chunked) = cassette.interactions.first?.response.body else {
                Issue.record("not recorded as chunks")
                return
            }
            #expect(chunked.cut == .client)
            #expect(chunked.chunks.count == stream.chunks)
        }
    }

    /// An upstream that breaks off mid-stream: the client sees the stream cut (no final chunk), and the cassette keeps
    /// what came, marked as cut by the upstream.
    @Test func streamCutByTheUpstream_isRecordedAsCut() async throws {
        let upstreamBody = LiveBody()
        try await withRig(upstream: { _ in .live(Self.head, body: upstreamBody, producer: nil) }) { rig, _ in
            let port = rig.recorder.baseURL.port ?? 0
            let (first, end, closed) = try await offThread { () throws -> (String?, [UInt8]?, Bool) in
                let client = try RawConnection(port: port, readTimeout: 20)
                client.send("GET /v1/chat/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                upstreamBody.write(Array("data: one\n\n".utf8))
                guard client.readHead() != nil, let first = client.readChunk() else { return (nil, nil, false) }
                upstreamBody.finish(cut: true)
                return (String(decoding: first, as: UTF8.self), client.readChunk(), client.closes(within: 20))
            }
            #expect(first == "data: one\n\n")
            #expect(end == nil)
            #expect(closed)
            let cassette = try rig.cassette
            guard case .chunks(let chunked) = cassette.interactions.first?.response.body else {
                Issue.record("not recorded as chunks")
                return
            }
            #expect(chunked.chunks.map(\.bytes) == [Array("data: one\n\n".utf8)])
            #expect(chunked.cut == .upstream)
        }
    }

    /// A recorded stream replays as the chunks it was recorded in.
    @Test func recordedStream_replaysChunkByChunk() async throws {
        let upstreamBody = LiveBody()
        try await withRig(upstream: { _ in .live(Self.head, body: upstreamBody, producer: nil) }) { rig, _ in
            let events = ["data: a\n\n", "event: done\ndata: b\n\n"]
            for event in events { upstreamBody.write(Array(event.utf8)) }
            upstreamBody.finish(cut: false)
            let recorded = try await rig.record("GET", "/v1/stream")
            #expect(String(decoding: recorded.body, as: UTF8.self) == events.joined())
            try await rig.replay { base in
                let port = URL(string: base)?.port ?? 0
                let received = try await offThread { () throws -> [UInt8] in
                    let client = try RawConnection(port: port)
                    client.send("GET /v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    guard client.readHead() != nil else { return [] }
                    var received: [UInt8] = []
                    while let chunk = client.readChunk() { received += chunk }
                    return received
                }
                #expect(String(decoding: received, as: UTF8.self) == events.joined())
            }
        }
    }
}
