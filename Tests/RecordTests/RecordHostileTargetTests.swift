import Foundation
import MockAPICore
import MockAPITesting
import Testing

/// What a raw client can put in a request target must never make the recorder write a cassette that does not load.
struct RecordHostileTargetTests {
    /// A target with a space or a control byte (which libmicrohttpd lets through) is refused with 400 by the server
    /// engine, before the recorder sees it: recorded, it made the whole cassette fail to load ("the path contains a
    /// space or control character").
    @Test(arguments: ["/a b", "/a?q=x y", "/a\u{1}b"])
    func targetWithASpaceOrControlByte_isRefusedAndNotRecorded(target: String) async throws {
        try await withRig(upstream: { _ in .response(.text(status: 200, "ok")) }) { rig, upstream in
            let port = try #require(rig.recorder.baseURL.port)
            #expect(try await RawTCP.get(port: port, target: target) == "HTTP/1.1 400 Bad Request")
            #expect(upstream.requests.isEmpty)
            await rig.recorder.writer.flush()
            #expect(try rig.cassette.interactions.isEmpty)
        }
    }

    /// `GET /a??b=1` reaches the upstream as sent, and the cassette it lands in loads and replays it (its query starts
    /// with ?; the loader once refused that, so one such request made the whole cassette unloadable).
    @Test func queryStartingWithQuestionMark_isRecordedLoadableAndReplayed() async throws {
        try await withRig(upstream: { _ in .response(.text(status: 200, "ok")) }) { rig, upstream in
            let port = try #require(rig.recorder.baseURL.port)
            #expect(try await RawTCP.get(port: port, target: "/a??b=1") == "HTTP/1.1 200 OK")
            #expect(upstream.requests.map(\.target) == ["/a??b=1"])
            await rig.recorder.writer.flush()
            #expect(try rig.cassette.interactions.map(\.request.query) == ["?b=1"])
            try await rig.replay { base in
                let port = try #require(URL(string: base)?.port)
                #expect(try await RawTCP.get(port: port, target: "/a??b=1") == "HTTP/1.1 200 OK")
            }
        }
    }
}
