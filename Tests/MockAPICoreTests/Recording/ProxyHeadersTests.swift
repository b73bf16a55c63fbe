import MockAPICore
import Testing

struct ProxyHeadersTests {
    /// Connection-level fields stay on their own hop; everything else goes upstream in order.
    @Test func forwarded_dropsConnectionFields() {
        let headers: HTTPHeaders = [
            ("Host", "127.0.0.1:8080"), ("Connection", "keep-alive, X-Hop"), ("X-Hop", "1"), ("Accept", "application/json"),
            ("Content-Length", "12"), ("Transfer-Encoding", "chunked"), ("Authorization", "token x"), ("X-Custom", "a"),
            ("X-Custom", "b"),
        ]
        #expect(ProxyHeaders.forwarded(headers) == [
            ("Accept", "application/json"), ("Authorization", "token x"), ("X-Custom", "a"), ("X-Custom", "b"),
        ])
    }

    /// The client's Accept-Encoding is honoured for the codings mockapi can store decoded.
    @Test func acceptEncoding_keepsDecodableCodings() {
        #expect(ProxyHeaders.acceptEncoding("gzip, deflate, br, zstd") == "gzip, deflate, br")
        #expect(ProxyHeaders.acceptEncoding("br;q=1.0, gzip;q=0.8, *;q=0.1") == "br;q=1.0, gzip;q=0.8")
        #expect(ProxyHeaders.acceptEncoding("zstd") == nil)
        #expect(ProxyHeaders.forwarded([("Accept-Encoding", "zstd")]).isEmpty)
    }

    /// The narrowing is remembered for the value last seen, and a different value is narrowed afresh.
    @Test func forwarded_narrowsEachAcceptEncodingItGets() {
        for value in ["gzip, zstd", "zstd", "gzip, zstd", "br, gzip", "br, gzip", "identity"] {
            #expect(ProxyHeaders.forwarded([("Accept-Encoding", value)]).values("accept-encoding")
                == ProxyHeaders.acceptEncoding(value).map { [$0] } ?? [])
        }
        #expect(ProxyHeaders.forwarded([("Accept-Encoding", "gzip, zstd")]) == [("Accept-Encoding", "gzip")])
    }

    /// The client gets the coded body with its Content-Encoding; the cassette stores it decoded, without it.
    @Test func answerHeaders_keepOrDropContentEncoding() {
        let upstream: HTTPHeaders = [
            ("Content-Type", "application/json"), ("Content-Encoding", "gzip"), ("Content-Length", "99"),
            ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2"), ("Connection", "keep-alive"), ("Keep-Alive", "timeout=5"),
        ]
        #expect(ProxyHeaders.toClient(upstream) == [
            ("Content-Type", "application/json"), ("Content-Encoding", "gzip"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2"),
        ])
        #expect(ProxyHeaders.storedResponse(upstream) == [("Content-Type", "application/json"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")])
    }
}
