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
            let client = try RawConnection(port: rig.recorder.baseURL.port ?? 0, readTimeout: 20)
            client.send("GET /v1/chat/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            upstreamBody.write(Array("data: {\"delta\":\"Hel\"}\n\n".utf8))
            let head = try #require(client.readHead())
            #expect(head.hasPrefix("HTTP/1.1 200"))
            #expect(head.lowercased().contains("content-type: text/event-stream"))
            let first = try #require(client.readChunk(), "the first event did not reach the client while the upstream held the second")
            #expect(String(decoding: first, as: UTF8.self) == "data: {\"delta\":\"Hel\"}\n\n")

            upstreamBody.write(Array("data: {\"delta\":\"lo\"}\n\n".utf8))
            let second = try #require(client.readChunk())
            #expect(String(decoding: second, as: UTF8.self) == "data: {\"delta\":\"lo\"}\n\n")
            upstreamBody.finish(cut: false)
            #expect(client.readChunk() == nil)

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
        }
    }

    /// An upstream that breaks off mid-stream: the client sees the stream cut (no final chunk), and the cassette keeps
    /// what came, marked as cut by the upstream.
    @Test func streamCutByTheUpstream_isRecordedAsCut() async throws {
        let upstreamBody = LiveBody()
        try await withRig(upstream: { _ in .live(Self.head, body: upstreamBody, producer: nil) }) { rig, _ in
            let client = try RawConnection(port: rig.recorder.baseURL.port ?? 0, readTimeout: 20)
            client.send("GET /v1/chat/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            upstreamBody.write(Array("data: one\n\n".utf8))
            _ = try #require(client.readHead())
            #expect(client.readChunk().map { String(decoding: $0, as: UTF8.self) } == "data: one\n\n")
            upstreamBody.finish(cut: true)
            #expect(client.readChunk() == nil)
            #expect(client.closes(within: 20))
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
                let client = try RawConnection(port: URL(string: base)?.port ?? 0)
                client.send("GET /v1/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                _ = try #require(client.readHead())
                var received: [UInt8] = []
                while let chunk = client.readChunk() { received += chunk }
                #expect(String(decoding: received, as: UTF8.self) == events.joined())
            }
        }
    }
}
