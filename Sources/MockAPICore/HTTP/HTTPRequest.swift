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

    package init(method: String, path: String, query: String? = nil, headers: HTTPHeaders = [], body: [UInt8] = [],
                peerIsLoopback: Bool = true) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.peerIsLoopback = peerIsLoopback
    }

    /// A request from a raw request target such as `/search/issues?q=a%20b`.
    package init(method: String, target: String, headers: HTTPHeaders = [], body: [UInt8] = [], peerIsLoopback: Bool = true) {
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
        if target.utf8.first == UInt8(ascii: "h"), let split = splitAbsoluteForm(target) { return split }
        let utf8 = target.utf8
        let end = target.utf8FirstOffset { $0 == UInt8(ascii: "#") } ?? utf8.count
        let mark = target.utf8FirstOffset { $0 == UInt8(ascii: "?") }.flatMap { $0 < end ? $0 : nil }
        let pathEnd = mark ?? end
        if pathEnd == utf8.count { return (pathEnd == 0 ? "/" : target, nil) }
        let path = pathEnd == 0 ? "/" : String(target[..<utf8.index(utf8.startIndex, offsetBy: pathEnd)])
        guard let mark else { return (path, nil) }
        let query = target[utf8.index(utf8.startIndex, offsetBy: mark + 1)..<utf8.index(utf8.startIndex, offsetBy: end)]
        return (path, String(query))
    }

    /// The path and query of an absolute-form target (`http://host/path?query`); nil for any other.
    private static func splitAbsoluteForm(_ target: String) -> (path: String, query: String?)? {
        let utf8 = target.utf8
        guard let authority = absoluteFormAuthority(utf8) else { return nil }
        let start = utf8[authority...].firstIndex(of: UInt8(ascii: "/")) ?? utf8.endIndex
        let end = utf8[start...].firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        guard let mark = utf8[start..<end].firstIndex(of: UInt8(ascii: "?")) else {
            return (start == end ? "/" : String(target[start..<end]), nil)
        }
        let path = start == mark ? "/" : String(target[start..<mark])
        return (path, String(target[utf8.index(after: mark)..<end]))
    }

    /// Where the authority starts when the target begins with `http://` or `https://`.
    private static func absoluteFormAuthority(_ utf8: String.UTF8View) -> String.Index? {
        for scheme in ["http://", "https://"] where utf8.starts(with: scheme.utf8) {
            return utf8.index(utf8.startIndex, offsetBy: scheme.utf8.count)
        }
        return nil
    }
}
