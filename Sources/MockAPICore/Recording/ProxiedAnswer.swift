/// What a recording proxy hands its client: the upstream's answer unchanged but for framing, except that absolute
/// upstream URLs (in `Link`, `Location` and text bodies) point back at the proxy, as replay does. Otherwise a client
/// that follows a `next` link would leave the proxy for the upstream, and the page it fetched would never be recorded.
/// The cassette keeps the upstream's own URLs; only what the client receives is rewritten.
enum ProxiedAnswer {
    /// - Parameters:
    ///   - headers: the answer's fields that go to the client (``ProxyHeaders/toClient(_:)``).
    ///   - decoded: the body without its content coding, as recorded.
    ///   - rewriter: maps each upstream to the proxy's URL for its mount; nil leaves the answer as the upstream sent it.
    static func make(_ answer: UpstreamResponse, headers: HTTPHeaders, decoded: [UInt8], recorded body: Body,
                     rewriter: URLRewriter?) -> HTTPResponse {
        guard let rewriter else { return HTTPResponse(status: answer.status, headers: headers, body: answer.body) }
        let rewrittenHeaders = HTTPHeaders(headers.fields.map { field in
            ResponsePreparer.isURLHeader(field.name) ? HTTPHeaders.Field(field.name, rewriter.rewrite(field.value)) : field
        })
        let rewrittenBody: [UInt8]
        switch body {
        case .json, .text: rewrittenBody = rewriter.rewrite(decoded)
        case .none, .binary, .chunks: rewrittenBody = decoded
        }
        guard rewrittenBody != decoded else {
            return HTTPResponse(status: answer.status, headers: rewrittenHeaders, body: answer.body)
        }
        // The body changed, so it goes out decoded: its content coding no longer describes it.
        let uncoded = rewrittenHeaders.keeping { !$0.name.equalsIgnoringASCIICase("content-encoding") }
        return HTTPResponse(status: answer.status, headers: uncoded, body: rewrittenBody)
    }

    /// Each upstream mapped to the proxy's base URL followed by the path it is mounted under.
    static func rewriter(routes: UpstreamRoutes, clientBaseURL: String?) -> URLRewriter? {
        guard let clientBaseURL else { return nil }
        var base = clientBaseURL
        while base.hasSuffix("/") { base.removeLast() }
        return URLRewriter(mapping: routes.routes.map { route in
            (upstream: route.upstream, local: route.mount == "/" ? base : base + route.mount)
        })
    }
}
