/// A request as the server engine hands it to a ``Responder``: method, the raw request target split into path and
/// query (still percent-encoded, exactly as the client sent them), the headers the responder asked for, and the body.
public struct HTTPRequest: Sendable {
    /// As sent, for example `GET`.
    public var method: String
    /// The path of the request target, percent-encoded as sent: `/repos/o/r`.
    public var path: String
    /// The query after `?`, percent-encoded as sent, or nil when the target has no `?`.
    public var query: String?
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// The peer's address, `127.0.0.1:53122`, when the engine knows it.
    public var peer: String?

    public init(method: String, path: String, query: String? = nil, headers: HTTPHeaders = [], body: [UInt8] = [],
                peer: String? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.peer = peer
    }

    /// A request from a raw request target such as `/search/issues?q=a%20b`.
    public init(method: String, target: String, headers: HTTPHeaders = [], body: [UInt8] = [], peer: String? = nil) {
        let (path, query) = HTTPRequest.split(target: target)
        self.init(method: method, path: path, query: query, headers: headers, body: body, peer: peer)
    }

    /// The request target as sent: path, then `?` and the query when there is one.
    public var target: String {
        guard let query else { return path }
        return path + "?" + query
    }

    /// Splits a request target at the first `?`; a fragment, which clients should not send, is dropped.
    public static func split(target: String) -> (path: String, query: String?) {
        var target = Substring(target)
        if let hash = target.firstIndex(of: "#") { target = target[..<hash] }
        guard let mark = target.firstIndex(of: "?") else { return (String(target), nil) }
        return (String(target[..<mark]), String(target[target.index(after: mark)...]))
    }
}
