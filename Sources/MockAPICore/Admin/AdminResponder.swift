import MockAPIJSON

/// The endpoints under `/__mockapi/` that let tests and people inspect a running server.
///
/// - `GET /__mockapi/health`: `{"status": "ok", "mode": …, …}` once the server answers.
/// - `GET /__mockapi/journal[?after=N]`: counts, and each kept request with what happened to it.
public struct AdminResponder: Responder {
    public static let prefix = "/__mockapi"

    public let journal: Journal
    /// Facts about the mode for the health answer (`mode`, `cassettes`, `interactions`, …).
    private let describe: @Sendable () -> [JSONMember]

    public init(journal: Journal, describe: @escaping @Sendable () -> [JSONMember]) {
        self.journal = journal
        self.describe = describe
    }

    public var headerNeeds: HeaderNeeds { .none }

    public static func handles(_ path: String) -> Bool {
        path == prefix || path.hasPrefix(prefix + "/")
    }

    public func reply(to request: HTTPRequest) -> Reply {
        let endpoint = String(request.path.dropFirst(AdminResponder.prefix.count))
        let response: HTTPResponse
        switch (request.method, endpoint) {
        case ("GET", "/health"), ("HEAD", "/health"):
            response = AdminResponder.json(200, .object([JSONMember("status", .string("ok"))] + describe()))
        case ("GET", "/journal"), ("HEAD", "/journal"):
            let after = QueryParameter.parse(request.query ?? "").first { $0.name == "after" }.flatMap { Int($0.value) } ?? 0
            response = AdminResponder.json(200, .object([
                JSONMember("counts", journal.counts.jsonValue),
                JSONMember("dropped", .integer(journal.dropped)),
                JSONMember("requests", .array(journal.entries(after: after).map(\.jsonValue))),
            ]))
        case (_, "/health"), (_, "/journal"):
            response = AdminResponder.error(405, "\(request.method) is not allowed on \(request.path); use GET")
        default:
            response = AdminResponder.error(
                404, "no admin endpoint \(request.method) \(request.path); there are GET \(AdminResponder.prefix)/health "
                    + "and GET \(AdminResponder.prefix)/journal")
        }
        journal.record(request, status: response.status, outcome: .admin)
        return .response(response)
    }

    static func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
        var body = value.prettyBytes()
        body.append(UInt8(ascii: "\n"))
        return .json(status: status, body)
    }

    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        json(status, .object([JSONMember("error", .string("mockapi: " + message))]))
    }
}

/// Sends `/__mockapi/…` to the admin endpoints and everything else to the mode's responder (replay or record).
public struct Router: Responder {
    public let admin: AdminResponder
    public let main: any Responder

    public init(admin: AdminResponder, main: any Responder) {
        self.admin = admin
        self.main = main
    }

    public var headerNeeds: HeaderNeeds { main.headerNeeds }

    public func reply(to request: HTTPRequest) -> Reply {
        AdminResponder.handles(request.path) ? admin.reply(to: request) : main.reply(to: request)
    }
}
