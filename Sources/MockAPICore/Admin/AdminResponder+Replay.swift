import MockAPIJSON

/// The replay endpoints:
///
/// - `GET /__mockapi/cassettes`: each loaded cassette with its file, its interaction count, how many were used, and
///   its scoped base URL: `{"baseURL": …, "cassettes": [{"name": "github/get-root", "file": "Fixtures/github/get-root.json",
///   "interactions": 1, "used": 0, "baseURL": "http://127.0.0.1:8080/@github/get-root"}], "unloadable": [{"name": …,
///   "file": …, "problem": …}], "conditions": {…}}`; `unloadable` lists files that did not load (`serve --skip-broken`).
/// - `GET /__mockapi/unmatched[?since=N][&cassette=NAME]`: the kept journal entries (after `since`) that matched
///   nothing, each with its near-miss report, and the cursor for the next call:
///   `{"count": 1, "requests": [{…, "outcome": "unmatched", "unmatched": {"error": …, "nearest": […]}}], "next": 7}`.
/// - `GET /__mockapi/unused[?cassette=NAME]`: recorded interactions no request used:
///   `{"count": 1, "interactions": [{"cassette": "github/get-root", "index": 0, "request": "GET /"}]}`.
/// - `POST /__mockapi/reset[?cassette=NAME][&scope=journal,unmatched,positions]`: forgets the journal's entries, or
///   only its unmatched ones, and starts queues again from their first recorded answer (`positions`); every scope
///   unless some are named (in the query, or a JSON body `{"scopes": […], "cassette": …}`). With a cassette, only its
///   entries and queues: `{"reset": "all", "scopes": ["journal", "unmatched", "positions"], "next": 7}`.
/// - `POST /__mockapi/reload`: reads changed cassette files again (see ``ReplayService/reload()``); 200, or 422 when a
///   file could not be loaded (its previous version is kept): `{"reloaded": […], "added": […], "removed": […],
///   "problems": […], "cassettes": 2, "interactions": 14}`.
///
/// A `cassette` that is not loaded gets 404 naming it.
extension AdminResponder {
    func replayAnswer(_ method: String, _ endpoint: String, _ parameters: [QueryParameter], body: [UInt8] = []) -> HTTPResponse {
        guard let replay else {
            return AdminResponder.error(404, "\(AdminResponder.prefix)\(endpoint) is only available when replaying (mockapi serve)")
        }
        let target = ReplayService.Target(parameters.last { $0.name == "cassette" }?.value)
        do {
            switch endpoint {
            case "/cassettes":
                return AdminResponder.json(200, AdminResponder.cassettes(replay))
            case "/unmatched":
                if case .cassette(let name) = target, !replay.catalog.hasScope(name) {
                    throw replay.unknownCassette(name)
                }
                let since: Int?
                do { since = try AdminQuery.count(parameters, "since") } catch { return error.response }
                let (kept, next) = journal.entriesAndLast(after: since ?? 0)
                let entries = kept.filter { entry in
                    guard case .unmatched = entry.outcome else { return false }
                    if case .cassette(let name) = target { return entry.concerns(cassette: name) }
                    return true
                }
                return AdminResponder.json(200, .object([
                    JSONMember("count", .integer(entries.count)),
                    JSONMember("requests", .array(entries.map(\.jsonValue))),
                    JSONMember("next", .integer(next)),
                ]))
            case "/unused":
                let unused = try replay.unused(target)
                return AdminResponder.json(200, .object([
                    JSONMember("count", .integer(unused.count)),
                    JSONMember("interactions", .array(unused.map { reference in
                        .object([
                            JSONMember("cassette", .string(reference.cassette)), JSONMember("index", .integer(reference.index)),
                            JSONMember("request", .string(replay.describe(reference))),
                        ])
                    })),
                ]))
            case "/reset":
                let order: ResetOrder
                do { order = try ResetOrder(parameters, body: body) } catch { return error.response }
                if case .cassette(let name) = order.target, !replay.catalog.hasScope(name) {
                    throw replay.unknownCassette(name)
                }
                return AdminResponder.json(200, try reset(order, replay))
            default:
                let report = replay.reload()
                return AdminResponder.json(report.problems.isEmpty ? 200 : 422, report.jsonValue)
            }
        } catch {
            return AdminResponder.error(404, "\(error) (GET \(AdminResponder.prefix)/cassettes lists the loaded ones)")
        }
    }

    static func cassettes(_ replay: ReplayService) -> JSONValue {
        let catalog = replay.catalog
        let used = Set(catalog.views.flatMap(\.used))
        let conditions = replay.conditions
        return .object([
            JSONMember("baseURL", .string(replay.baseURL)),
            JSONMember("cassettes", .array(catalog.cassettes.map { loaded in
                let count = loaded.cassette.interactions.count
                let usedCount = (0..<count).filter { used.contains(InteractionReference(cassette: loaded.name, index: $0)) }.count
                return .object([
                    JSONMember("name", .string(loaded.name)), JSONMember("file", .string(loaded.file)),
                    JSONMember("interactions", .integer(count)), JSONMember("used", .integer(usedCount)),
                    JSONMember("baseURL", .string(replay.baseURL + ScopeName.path(for: loaded.name))),
                ])
            })),
            JSONMember("unloadable", .array(replay.unloadable.map { broken in
                .object([
                    JSONMember("name", .string(broken.name)), JSONMember("file", .string(broken.file)),
                    JSONMember("problem", .string(broken.problem)),
                ])
            })),
            JSONMember("conditions", .object([
                JSONMember("latency", .string(conditions.latency.description)),
                JSONMember("faultRate", .number(String(conditions.faultRate))),
                JSONMember("faults", .array(conditions.faults.map { .string($0.description) })),
                JSONMember("seed", .string(String(conditions.seed))),
            ])),
        ])
    }
}
