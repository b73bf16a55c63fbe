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
}
