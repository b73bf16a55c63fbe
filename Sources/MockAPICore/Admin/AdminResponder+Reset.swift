import MockAPIJSON

/// What `POST /__mockapi/reset` is asked to forget: scopes and a cassette, from the query (`scope=journal,positions`,
/// repeatable; `cassette=NAME`) or a JSON body (`{"scopes": ["unmatched"], "cassette": "github/issues"}`). No scope
/// named means all of them.
struct ResetOrder {
    enum Scope: String, CaseIterable {
        /// Every kept journal entry.
        case journal
        /// The kept entries that matched nothing (what `GET unmatched` lists).
        case unmatched
        /// The replay queues: identical requests are answered from their first recording again.
        case positions
    }

    var scopes: [Scope]
    var target: ReplayService.Target

    init(_ parameters: [QueryParameter], body: [UInt8]) throws(BadAdminRequest) {
        // An empty name (`scope=`, `scope=a,,b`) is refused, not read as "every scope".
        var names = parameters.filter { $0.name == "scope" }.flatMap {
            $0.value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        var cassette = parameters.last { $0.name == "cassette" }?.value
        if !body.isEmpty {
            guard let json = try? JSONValue.parse(body), case .object = json else {
                throw BadAdminRequest(400, "the reset body is not a JSON object; send {\"scopes\": [\"journal\", "
                    + "\"unmatched\", \"positions\"], \"cassette\": \"NAME\"} (both optional), or no body")
            }
            if let scopes = json["scopes"] {
                guard let list = scopes.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                    throw BadAdminRequest(400, "the reset body's scopes is not an array of strings")
                }
                names += list.compactMap(\.stringValue)
            }
            if let name = json["cassette"] {
                guard let text = name.stringValue else {
                    throw BadAdminRequest(400, "the reset body's cassette is not a string")
                }
                cassette = text
            }
        }
        var scopes: [Scope] = []
        for name in names {
            guard let scope = Scope(rawValue: name) else {
                throw BadAdminRequest(400, "scope \"\(name.prefix(64))\" is not a reset scope; use journal, unmatched or positions")
            }
            if !scopes.contains(scope) { scopes.append(scope) }
        }
        self.scopes = scopes.isEmpty ? Scope.allCases : Scope.allCases.filter(scopes.contains)
        self.target = ReplayService.Target(cassette)
    }
}

extension AdminResponder {
    /// Carries out a reset order: journal entries first (of the cassette, when one is named), then queues.
    func reset(_ order: ResetOrder, _ replay: ReplayService) throws(ReplayService.UnknownCassette) -> JSONValue {
        let journalToo = order.scopes.contains(.journal), unmatchedToo = order.scopes.contains(.unmatched)
        var next = journal.lastSequence
        if journalToo || unmatchedToo {
            next = journal.remove { entry in
                if case .cassette(let name) = order.target, !entry.concerns(cassette: name) { return false }
                if journalToo { return true }
                if case .unmatched = entry.outcome { return true }
                return false
            }
        }
        if order.scopes.contains(.positions) { try replay.reset(order.target) }
        let name: String
        switch order.target {
        case .all: name = "all"
        case .cassette(let cassette): name = cassette
        }
        return .object([
            JSONMember("reset", .string(name)),
            JSONMember("scopes", .array(order.scopes.map { .string($0.rawValue) })),
            JSONMember("next", .integer(next)),
        ])
    }
}
