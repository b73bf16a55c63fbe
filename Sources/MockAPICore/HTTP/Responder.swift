/// What a responder gives back for one request.
public enum Reply: Sendable {
    /// An answer built for this request.
    case response(HTTPResponse)
    /// An answer built once and served many times; the engine may reuse its native form.
    case prepared(PreparedResponse)
    /// The answer needs I/O or time (an upstream call, a delay). The engine parks the connection, without holding a
    /// thread, until the work finishes.
    case deferred(@Sendable () async -> Reply)
}

/// Which request headers the engine must collect before calling a responder. Collecting none is the fast path.
public enum HeaderNeeds: Sendable, Equatable {
    case all
    /// These names, lower-case.
    case only(Set<String>)

    public static let none = HeaderNeeds.only([])
}

/// Turns a request into a reply. The one seam between the server engine (sockets, libmicrohttpd) and everything
/// mockapi does with a request (replay, record, admin).
///
/// `reply(to:)` is called on an engine thread and must not block: anything slow goes in a `.deferred` reply.
public protocol Responder: Sendable {
    var headerNeeds: HeaderNeeds { get }
    func reply(to request: HTTPRequest) -> Reply
}

extension Reply {
    /// Runs deferred work to the end and returns the answer; for tests and in-process callers.
    public func resolved() async -> HTTPResponse {
        switch self {
        case .response(let response): response
        case .prepared(let prepared): prepared.response
        case .deferred(let work): await work().resolved()
        }
    }
}

extension Responder {
    /// The answer to a request, waiting for deferred work; for tests and in-process callers.
    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        await reply(to: request).resolved()
    }
}
