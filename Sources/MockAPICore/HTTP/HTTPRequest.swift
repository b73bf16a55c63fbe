import Glibc

/// A request as the server engine hands it to a ``Responder``: method, the raw request target split into path and
/// query (still percent-encoded, exactly as the client sent them), the headers the responder asked for, and the body.
package struct HTTPRequest: Sendable {
    /// As sent, for example `GET`.
    package var method: String
    /// The path of the request target, percent-encoded as sent: `/repos/o/r`.
    package var path: String
    /// The query after `?`, percent-encoded as sent, or nil when the target has no `?`.
    ///
    /// A `let`: an optional `var` starts out nil before the initializer runs, and Swift 6.3 then built the request in
    /// a temporary and copied it out, with a retain of each string and the body, and a release of each after (about
    /// 290 instructions on every request).
    package let query: String?
    package var headers: HTTPHeaders
    package var body: [UInt8]
    /// Whether the client connected from this machine (127.0.0.0/8 or ::1). The admin endpoints answer other peers
    /// only with the admin token. Requests built in memory (tests, in-process callers) count as local.
    package var peerIsLoopback: Bool

    package init(method: String, path: String, query: String? = nil, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
                peerIsLoopback: Bool = true) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.peerIsLoopback = peerIsLoopback
    }

    /// A request from a raw request target such as `/search/issues?q=a%20b`.
    package init(method: String, target: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], peerIsLoopback: Bool = true) {
        let (path, query) = HTTPRequest.split(target: target)
        self.init(method: method, path: path, query: query, headers: headers, body: body, peerIsLoopback: peerIsLoopback)
    }

    /// The request target as sent: path, then `?` and the query when there is one.
    package var target: String {
        guard let query else { return path }
        return path + "?" + query
    }

    /// Splits a request target at the first `?`; a fragment, which clients should not send, is dropped, and an
    /// absolute-form target (`http://host/path`, as sent to proxies) is reduced to its path.
    package static func split(target: String) -> (path: String, query: String?) {
        var target = target
        return target.withUTF8 { split(targetBytes: UnsafeRawBufferPointer($0)) }
    }

    /// The same, over the target's bytes (libmicrohttpd's, before any String is made of them); bytes that are not
    /// UTF-8 are replaced as `String(decoding:as:)` replaces them.
    package static func split(targetBytes bytes: UnsafeRawBufferPointer) -> (path: String, query: String?) {
        let start = absoluteFormPathStart(bytes) ?? 0
        let end = firstOffset(of: UInt8(ascii: "#"), in: bytes, from: start, to: bytes.count) ?? bytes.count
        let mark = firstOffset(of: UInt8(ascii: "?"), in: bytes, from: start, to: end)
        let pathEnd = mark ?? end
        let path = pathEnd == start ? "/" : String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<pathEnd]), as: UTF8.self)
        guard let mark else { return (path, nil) }
        return (path, String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(mark + 1)..<end]), as: UTF8.self))
    }

    /// The offset of the first `byte` in `bytes[from..<to]`, found with libc's `memchr` (`firstIndex(of:)` over the
    /// raw buffer cost about 860 instructions a request in `scripts/bench instructions`).
    private static func firstOffset(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from: Int, to: Int) -> Int? {
        guard from < to, let base = bytes.baseAddress, let found = memchr(base + from, Int32(byte), to - from) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// Where the path starts (or the end, when there is none) in an absolute-form target, `http://host/path` or
    /// `https://host/path`; nil for any other target.
    private static func absoluteFormPathStart(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.first == UInt8(ascii: "h") else { return nil }
        for scheme in ["http://", "https://"] where bytes.starts(with: scheme.utf8) {
            var offset = scheme.utf8.count
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "/") { offset += 1 }
            return offset
        }
        return nil
    }
}
