import MockAPICompression
import Testing

struct ContentDecoderTests {
    static let text = Array(String(repeating: "{\"login\":\"octocat\",\"id\":1}\n", count: 500).utf8)

    /// Each supported coding round-trips, also when several are stacked.
    @Test(arguments: ["gzip", "x-gzip", "deflate", "br", "identity"])
    func coding_roundTrips(_ coding: String) throws {
        let encoded = try #require(ContentEncoder.encode(Self.text, coding: coding))
        #expect(try ContentDecoder.decode(encoded, contentEncoding: coding, limit: 1 << 20) == Self.text)
    }

    @Test func stackedCodings_areUndoneLastFirst() throws {
        let once = try #require(ContentEncoder.encode(Self.text, coding: "gzip"))
        let twice = try #require(ContentEncoder.encode(once, coding: "br"))
        #expect(try ContentDecoder.decode(twice, contentEncoding: "gzip, br", limit: 1 << 20) == Self.text)
    }

    /// Some servers send raw deflate for `deflate`; it is decoded too.
    @Test func rawDeflate_isAccepted() throws {
        #expect(try ContentDecoder.decode(ContentEncoder.rawDeflate(Self.text), contentEncoding: "deflate", limit: 1 << 20) == Self.text)
    }

    /// An empty body (a HEAD, a 204) decodes to nothing whatever the header says.
    @Test func emptyBody_staysEmpty() throws {
        #expect(try ContentDecoder.decode([], contentEncoding: "gzip", limit: 10).isEmpty)
    }

    /// Broken, cut and unknown bodies, and bombs, fail with a reason instead of being stored wrong.
    @Test func badBodies_fail() throws {
        let gzip = try #require(ContentEncoder.encode(Self.text, coding: "gzip"))
        #expect(throws: ContentDecodingError.truncated(coding: "gzip")) {
            try ContentDecoder.decode(Array(gzip.prefix(gzip.count / 2)), contentEncoding: "gzip", limit: 1 << 20)
        }
        #expect(throws: ContentDecodingError.self) {
            try ContentDecoder.decode(Array("not gzip at all".utf8), contentEncoding: "gzip", limit: 1 << 20)
        }
        #expect(throws: ContentDecodingError.unsupported(coding: "zstd")) {
            try ContentDecoder.decode([1, 2, 3], contentEncoding: "zstd", limit: 1 << 20)
        }
        #expect(throws: ContentDecodingError.tooLarge(coding: "gzip", limit: 100)) {
            try ContentDecoder.decode(gzip, contentEncoding: "gzip", limit: 100)
        }
    }
}
