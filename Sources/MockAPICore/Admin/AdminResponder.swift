import MockAPIJSON

/// The endpoints under `/__mockapi/` that let tests and people inspect a running server. All answer JSON, except the
/// page.
///
/// - `GET /__mockapi/`: a page showing the cassettes, the live journal and a near-miss diff for a selected miss.
/// - `GET /__mockapi/health`: `{"status": "ok", "mode": …, …}` once the server answers.
/// - `GET /__mockapi/journal[?since=N][&cassette=NAME][&outcome=matched|unmatched|fault|failed|admin][&limit=N]`:
///   counts, and each kept request with what happened to it (the newest `limit` of them, or with `since` the oldest
///   `limit` after it; `after` is the old name of `since`).
/// - `GET /__mockapi/openapi.json`: the OpenAPI document of these endpoints (`docs/control-api.openapi.json`).
///
/// In replay mode also (see `AdminResponder+Replay.swift`): `GET cassettes`, `GET unmatched[?since=N][&cassette=]`,
/// `GET unused[?cassette=]`, `POST reset[?cassette=][&scope=…]`, `POST reload`.
///
/// Every JSON answer is an object with `apiVersion` (``apiVersion``); the health, journal, unmatched and reset answers
/// carry `next`, the cursor to pass as `since` to see only what came after. Bad input gets 4xx and `{"error": …}`.
///
/// Read-only calls are counted but not kept in the journal, so a page polling it does not push requests out of the
/// ring; calls that change state (reset, reload) are kept.
package struct AdminResponder: Responder {
    package static let prefix = "/__mockapi"

    /// The version of the control API's JSON shapes, in every answer as `apiVersion`; it changes only when a shape
    /// changes incompatibly (a member added is not such a change).
    package static let apiVersion = 1

    /// The header that carries the admin token.
    package static let tokenHeader = "X-Mockapi-Admin-Token"

    package let journal: Journal
    /// Replay's state, for the replay endpoints; nil in record mode.
    package let replay: ReplayService?
    /// When set, clients from other machines may use the admin endpoints by sending it in ``tokenHeader``; when nil,
    /// only clients on this machine may. (A loopback client needs no token: whoever can reach 127.0.0.1 can read the
    /// cassettes from disk too.)
    package let accessToken: String?
    /// Facts about the mode for the health answer (`mode`, `cassettes`, `interactions`, …).
    private let describe: @Sendable () -> [JSONMember]

    package init(journal: Journal, replay: ReplayService? = nil, accessToken: String? = nil,
                describe: @escaping @Sendable () -> [JSONMember]) {
        self.journal = journal
        self.replay = replay
        self.accessToken = accessToken
        self.describe = describe
    }

    package var headerNeeds: HeaderNeeds { accessToken == nil ? .none : .only([AdminResponder.tokenHeader.lowercased()]) }

    /// Whether the request may use the admin endpoints: a client on this machine, or one that sends the token.
    func admits(_ request: HTTPRequest) -> Bool {
        if request.peerIsLoopback { return true }
        guard let accessToken, let sent = request.headers[AdminResponder.tokenHeader] else { return false }
        // Compared in constant time, so response timing does not reveal how much of a guess was right.
        let expected = Array(accessToken.utf8), given = Array(sent.utf8)
        var difference = UInt8(expected.count == given.count ? 0 : 1)
        for index in 0..<min(expected.count, given.count) { difference |= expected[index] ^ given[index] }
        return difference == 0
    }

    package static func handles(_ path: String) -> Bool {
        // The byte test first: it turns away every replayed request cheaply.
        path.utf8HasPrefix(prefix) && (path == prefix || path.hasPrefix(prefix + "/"))
    }

    static let readEndpoints: Set<String> = ["", "/", "/health", "/journal", "/cassettes", "/unmatched", "/unused", "/openapi.json"]
    static let writeEndpoints: Set<String> = ["/reset", "/reload"]

    package func reply(to request: HTTPRequest) -> Reply {
        guard admits(request) else {
            let response = AdminResponder.error(
                403, accessToken == nil
                    ? "the admin endpoints answer clients on this machine only (start the server with --admin-token to "
                        + "let other machines in with the \(AdminResponder.tokenHeader) header)"
                    : "the admin endpoints need the \(AdminResponder.tokenHeader) header from other machines")
            journal.record(request, status: 403, outcome: .admin)
            return .response(response)
        }
        let endpoint = String(request.path.dropFirst(AdminResponder.prefix.count))
        let parameters = QueryParameter.parse(request.query ?? "")
        let response: HTTPResponse
        switch (request.method, endpoint) {
        case ("GET", ""), ("GET", "/"), ("HEAD", ""), ("HEAD", "/"):
            journal.countAdmin()
            return .prepared(AdminPage.prepared)
        case ("GET", "/openapi.json"), ("HEAD", "/openapi.json"):
            journal.countAdmin()
            return .prepared(ControlAPIDocument.prepared)
        case ("GET", "/health"), ("HEAD", "/health"):
            response = AdminResponder.json(200, .object(
                [JSONMember("status", .string("ok"))] + describe() + [JSONMember("next", .integer(journal.lastSequence))]))
        case ("GET", "/journal"), ("HEAD", "/journal"):
            do { response = try journalAnswer(parameters) } catch { response = error.response }
        case (_, let name) where AdminResponder.readEndpoints.contains(name) && ["GET", "HEAD"].contains(request.method):
            response = replayAnswer(request.method, name, parameters)
        case ("POST", let name) where AdminResponder.writeEndpoints.contains(name):
            response = replayAnswer(request.method, name, parameters, body: request.body)
            journal.record(request, status: response.status, outcome: .admin)
            return .response(response)
        case (_, let name) where AdminResponder.readEndpoints.contains(name):
            response = AdminResponder.error(405, "\(request.method) is not allowed on \(request.path); use GET",
                                            headers: [("Allow", "GET, HEAD")])
        case (_, let name) where AdminResponder.writeEndpoints.contains(name):
            response = AdminResponder.error(405, "\(request.method) is not allowed on \(request.path); use POST",
                                            headers: [("Allow", "POST")])
        default:
            response = AdminResponder.error(
                404, "no admin endpoint \(request.method) \(request.path); there are GET \(AdminResponder.prefix)/ (a page), "
                    + "/health, /journal, /cassettes, /unmatched, /unused, /openapi.json, and POST /reset, /reload")
        }
        journal.countAdmin()
        return .response(response)
    }

    /// With `since`, `limit` takes the oldest entries after it, so a reader pages forward (`since` = the `next` it
    /// was given) without skipping any; without `since`, the newest `limit`. `next` is the last sequence number handed
    /// out, or, when `limit` cut a forward page short, the last entry's.
    private func journalAnswer(_ parameters: [QueryParameter]) throws(BadAdminRequest) -> HTTPResponse {
        let legacy = try AdminQuery.count(parameters, "after")
        let since = try AdminQuery.count(parameters, "since") ?? legacy
        var (entries, next) = journal.entriesAndLast(after: since ?? 0)
        if let cassette = parameters.last(where: { $0.name == "cassette" })?.value {
            try checkLoaded(cassette)
            entries = entries.filter { $0.concerns(cassette: cassette) }
        }
        if let outcome = parameters.last(where: { $0.name == "outcome" })?.value {
            guard JournalEntry.outcomeNames.contains(outcome) else {
                throw BadAdminRequest(400, "outcome=\(outcome) is not an outcome; use one of "
                    + JournalEntry.outcomeNames.joined(separator: ", "))
            }
            entries = entries.filter { $0.outcomeName == outcome }
        }
        if let limit = try AdminQuery.count(parameters, "limit"), entries.count > limit {
            if since == nil {
                entries = Array(entries.suffix(limit))
            } else {
                entries = Array(entries.prefix(limit))
                next = entries.last?.sequence ?? since ?? 0
            }
        }
        return AdminResponder.json(200, .object([
            JSONMember("counts", journal.counts.jsonValue),
            JSONMember("dropped", .integer(journal.dropped)),
            JSONMember("requests", .array(entries.map(\.jsonValue))),
            JSONMember("next", .integer(next)),
        ]))
    }

    /// Throws 404 naming `cassette` when the server replays and no cassette of that name is loaded.
    func checkLoaded(_ cassette: String) throws(BadAdminRequest) {
        if let replay, !replay.catalog.hasScope(cassette) {
            throw BadAdminRequest(
                404, "\(replay.unknownCassette(cassette)) (GET \(AdminResponder.prefix)/cassettes lists the loaded ones)")
        }
    }

    /// A JSON answer; an object gets `apiVersion` as its first member.
    static func json(_ status: Int, _ value: JSONValue, headers: HTTPHeaders = []) -> HTTPResponse {
        var value = value
        if case .object(let members) = value {
            value = .object([JSONMember("apiVersion", .integer(apiVersion))] + members)
        }
        var body = value.prettyBytes()
        body.append(UInt8(ascii: "\n"))
        return .json(status: status, body, headers: headers)
    }

    /// `{"apiVersion": 1, "error": "mockapi: …"}`; a 405 names the allowed methods in `Allow`.
    static func error(_ status: Int, _ message: String, headers: HTTPHeaders = []) -> HTTPResponse {
        json(status, .object([JSONMember("error", .string("mockapi: " + message))]), headers: headers)
    }
}

/// Sends `/__mockapi/…` to the admin endpoints and everything else to the mode's responder (replay or record).
package struct Router: Responder {
    package let admin: AdminResponder
    package let main: any Responder

    package init(admin: AdminResponder, main: any Responder) {
        self.admin = admin
        self.main = main
    }

    package var headerNeeds: HeaderNeeds { main.headerNeeds.union(admin.headerNeeds) }

    package func reply(to request: HTTPRequest) -> Reply {
        // Every admin path starts `/_`: one byte tells a replayed request from them.
        request.path.utf8ByteAfterSlash == UInt8(ascii: "_") && AdminResponder.handles(request.path)
            ? admin.reply(to: request) : main.reply(to: request)
    }
}
