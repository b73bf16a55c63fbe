/// What a responder gives back for one request.
package enum Reply: Sendable {
    /// An answer built for this request.
    case response(HTTPResponse)
    /// An answer built once and served many times; the engine may reuse its native form.
    case prepared(PreparedResponse)
    /// A status line and headers now, and a body as it arrives (a stream being recorded): the engine sends each piece
    /// of `body` as a separate write as soon as it is written. `producer`, when given, is run by the engine as
    /// deferred work (cancelled when the server stops) and must finish `body`.
    case live(HTTPResponse, body: LiveBody, producer: (@Sendable () async -> Void)?)
    /// The answer needs I/O or time (an upstream call, a delay). The engine parks the connection, without holding a
    /// thread, until the work finishes.
    case deferred(@Sendable () async -> Reply)
    /// No answer: the engine closes the connection at once with a TCP reset (the client sees "connection reset by
    /// peer"). For fault injection.
    case reset
    /// No answer, ever: the engine keeps the connection open and silent until the client gives up, or until the
    /// server's idle timeout (`--timeout`) passes, when it closes it (FIN). For fault injection.
    case hang
    /// The status line and headers with the `Content-Length` of the whole body, then only the first `sentBytes` bytes
    /// of the body, then the engine closes the connection. For fault injection.
    case truncated(HTTPResponse, sentBytes: Int)
    /// `101 Switching Protocols`, then a WebSocket conversation over the connection (``WebSocketUpgrade``).
    case webSocket(WebSocketUpgrade)
}

/// Which request headers the engine must collect before calling a responder. Collecting none is the fast path.
package enum HeaderNeeds: Sendable, Equatable {
    case all
    /// These names, lower-case.
    case only(Set<String>)

    package static let none = HeaderNeeds.only([])

    /// What two responders behind one entry point need together.
    package func union(_ other: HeaderNeeds) -> HeaderNeeds {
        switch (self, other) {
        case (.all, _), (_, .all): .all
        case (.only(let mine), .only(let theirs)): .only(mine.union(theirs))
        }
    }
}

/// Turns a request into a reply. The one seam between the server engine (sockets, libmicrohttpd) and everything
/// mockapi does with a request (replay, record, admin).
///
/// `reply(to:)` is called on an engine thread and must not block: anything slow goes in a `.deferred` reply.
package protocol Responder: Sendable {
    var headerNeeds: HeaderNeeds { get }
    func reply(to request: HTTPRequest) -> Reply
}

extension Reply {
    /// Runs deferred work to the end and returns the answer; for tests and in-process callers. A connection fault has
    /// no HTTP answer: `.reset` and `.hang` resolve to status 0 with an `X-Mockapi-Fault` header naming them, and
    /// `.truncated` to the response with its body cut where the engine would stop sending.
    package func resolved() async -> HTTPResponse {
        switch self {
        case .response(let response): response
        case .prepared(let prepared): prepared.response
        case .deferred(let work): await work().resolved()
        case .reset: HTTPResponse(status: 0, headers: [("X-Mockapi-Fault", "reset")])
        case .hang: HTTPResponse(status: 0, headers: [("X-Mockapi-Fault", "timeout")])
        case .live(let head, let body, let producer):
            await Reply.collect(head, body, producer)
        case .truncated(let response, let sentBytes):
            HTTPResponse(status: response.status, headers: response.headers, body: Array(response.body.prefix(max(sentBytes, 0))))
        case .webSocket(let upgrade):
            // In process there is no connection to switch: the 101 as the engine would send it, without the
            // conversation.
            HTTPResponse(status: 101, headers: upgrade.headers)
        }
    }
}

extension Reply {
    /// A live answer read to its end, in process.
    private static func collect(_ head: HTTPResponse, _ body: LiveBody, _ producer: (@Sendable () async -> Void)?) async -> HTTPResponse {
        if let producer { await producer() }
        var bytes: [UInt8] = []
        while case .bytes(let piece) = body.read(capacity: Int.max, park: {}, wake: {}) { bytes += piece }
        return HTTPResponse(status: head.status, headers: head.headers, body: bytes)
    }
}

extension Responder {
    /// The answer to a request, waiting for deferred work; for tests and in-process callers.
    package func respond(to request: HTTPRequest) async -> HTTPResponse {
        await reply(to: request).resolved()
    }
}
