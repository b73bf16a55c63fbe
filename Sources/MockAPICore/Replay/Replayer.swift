import MockAPIJSON

/// How replay matches and answers.
public struct ReplayOptions: Sendable {
    /// What is left out of matching, and the headers that must match too (`--ignore-body`, `--ignore-json-field`,
    /// `--null-matches-absent`, `--ignore-query`, `--match-header`); each cassette's own `match` rules add to these.
    public var matchRules: MatchRules
    /// Header names that must match too (`--match-header`).
    public var matchHeaders: [String] {
        get { matchRules.matchHeaders }
        set { matchRules.matchHeaders = newValue.map { $0.lowercased() } }
    }
    /// Whether a request whose recorded answers were all used is a miss (`--strict`) instead of repeating the last.
    public var strict: Bool
    /// Whether absolute upstream URLs are rewritten to the server's base URL (off with `--no-rewrite`).
    public var rewriteURLs: Bool
    /// The status of the answer to an unmatched request (`--unmatched-status`).
    public var unmatchedStatus: Int
    /// When the chunks of a streamed answer are sent (`--stream-timing`): at once by default.
    public var streamTiming: StreamTiming

    /// Options as their properties describe them; the defaults are `mockapi serve`'s.
    public init(matchHeaders: [String] = [], matchRules: MatchRules = .exact, strict: Bool = false, rewriteURLs: Bool = true,
                unmatchedStatus: Int = 404, streamTiming: StreamTiming = .none) {
        self.matchRules = matchRules.adding(MatchRules(matchHeaders: matchHeaders))
        self.strict = strict
        self.rewriteURLs = rewriteURLs
        self.unmatchedStatus = unmatchedStatus
        self.streamTiming = streamTiming
    }
}

/// Answers requests from cassettes: a hash lookup of the request's key, then the next recorded answer for it.
/// Unmatched requests get an answer no recording could produce (``unmatchedHeader``, a JSON report of the nearest
/// recorded requests), and are journaled and reported to `onUnmatched`, unless a `fallback` responder is given: then
/// it answers them instead (`serve --record-missing` forwards them to a ``Recorder``, which journals them itself).
package final class Replayer: Responder {
    /// Marks answers that mockapi made up because nothing recorded matched.
    package static let unmatchedHeader = "X-Mockapi-Unmatched"

    package let index: ReplayIndex
    package let options: ReplayOptions
    package let journal: Journal
    package let headerNeeds: HeaderNeeds
    /// Answers what no recording matches (or, strict, what is used up), instead of the unmatched report.
    package let fallback: (any Responder)?
    /// The cassette a scoped base URL names, for the journal; nil for the plain base URL.
    package let scope: String?
    let onUnmatched: @Sendable (UnmatchedReport) -> Void

    /// - Parameter keysFrom: an index over these cassettes among others, whose request keys are reused when they
    ///   were made under the same matching rules (a scoped view borrows the plain view's).
    package convenience init(cassettes: [LoadedCassette], options: ReplayOptions = ReplayOptions(), baseURL: String,
                journal: Journal = Journal(), scope: String? = nil, fallback: (any Responder)? = nil,
                onUnmatched: @escaping @Sendable (UnmatchedReport) -> Void = { _ in }, keysFrom: ReplayIndex? = nil) {
        self.init(
            index: ReplayIndex(
                cassettes: cassettes, rules: options.matchRules, baseURL: options.rewriteURLs ? baseURL : nil,
                keysFrom: keysFrom, streamTiming: options.streamTiming),
            options: options, journal: journal, scope: scope, fallback: fallback, onUnmatched: onUnmatched)
    }

    init(index: ReplayIndex, options: ReplayOptions, journal: Journal, scope: String?, fallback: (any Responder)?,
         onUnmatched: @escaping @Sendable (UnmatchedReport) -> Void) {
        self.index = index
        self.options = options
        self.journal = journal
        self.headerNeeds = HeaderNeeds.only(index.normalizer.neededHeaders).union(fallback?.headerNeeds ?? .none)
        self.fallback = fallback
        self.scope = scope
        self.onUnmatched = onUnmatched
    }

    package func reply(to request: HTTPRequest) -> Reply {
        answerAndPosition(to: request).reply
    }

    /// The reply, and the recorded interaction that gives it (nil when none does), for layers that act on the
    /// recording (`--latency recorded`).
    package func answer(to request: HTTPRequest) -> (reply: Reply, entry: ReplayEntry?) {
        let (reply, position) = answerAndPosition(to: request)
        return (reply, position.map { ReplayEntry(owner: index, position: $0) })
    }

    private func answerAndPosition(to request: HTTPRequest) -> (reply: Reply, position: Int?) {
        let key = index.key(for: request)
        let operation = key.body.graphQLOperation
        if let queue = index.queueNumber(for: key) {
            return answer(fromQueue: queue, request: request, operation: operation)
        }
        // A HEAD nobody recorded is answered like the GET of the same resource (the engine sends no body).
        if key.method == "HEAD" {
            var get = key
            get.method = "GET"
            if let queue = index.queueNumber(for: get) { return answer(fromQueue: queue, request: request, operation: operation) }
        }
        // An introspection query another client version wrote: the endpoint's recorded introspection answers.
        if let queue = index.introspections.queue(for: key) {
            return answer(fromQueue: queue, request: request, operation: operation, matchedAs: .introspection)
        }
        let miss = unmatched(
            request, reason: "no recorded interaction matches" + (scopeHint(for: request.path).map { "; " + $0 } ?? ""),
            operation: operation, nearest: index.nearest(to: key, body: request.body))
        return (miss, nil)
    }

    /// Through the plain base URL, a path that starts with a cassette's name (`/github/issues/…`) was most likely meant
    /// for its scoped base URL, with the `@` left out: says so. Looked for only on a miss.
    func scopeHint(for path: String) -> String? {
        guard scope == nil else { return nil }
        let named = index.cassetteNames.filter { name in
            path == "/" + name || path.hasPrefix("/" + name + "/")
        }
        guard let name = named.max(by: { $0.utf8.count < $1.utf8.count }) else { return nil }
        let rest = path.dropFirst(name.utf8.count + 1)
        return "the path starts with the name of the cassette \(name); its scoped base URL takes an @: "
            + "\(ScopeName.path(for: name))\(rest.isEmpty ? "/" : rest)"
    }

    /// The recorded interaction the request would be answered with now, without using it up or journaling anything.
    package func peek(_ request: HTTPRequest) -> ReplayEntry? {
        var key = index.key(for: request)
        if let entry = index.queue(for: key)?.peek(strict: options.strict) { return entry }
        guard key.method == "HEAD" else { return nil }
        key.method = "GET"
        return index.queue(for: key)?.peek(strict: options.strict)
    }

    /// - Parameters:
    ///   - operation: the GraphQL operation the request asked for, for the journal.
    ///   - matchedAs: how the request was matched when its key is not the recording's, for the journal.
    private func answer(fromQueue queue: Int, request: HTTPRequest, operation: String?,
                        matchedAs: JournalEntry.MatchKind? = nil) -> (reply: Reply, position: Int?) {
        guard let position = index.take(fromQueue: queue, strict: options.strict) else {
            return (exhausted(ReplayQueue(owner: index, number: queue), request: request, operation: operation), nil)
        }
        let place = index.places[position]
        let prepared = index.prepared(position)
        if prepared.response.status == 101,
            let conversation = index.cassettes[place.cassette].cassette.interactions[place.index].webSocket {
            return (self.conversation(conversation, place: place, prepared: prepared, request: request), position)
        }
        let reply = Reply.prepared(prepared)
        let stream = prepared.response.stream.map(StreamSummary.init)
        let sequence = journal.record(
            request, status: prepared.response.status,
            outcome: .matched(cassette: index.cassetteNames[place.cassette], index: place.index), scope: scope,
            operation: operation, matchedAs: matchedAs, headersNotSent: prepared.unsentHeaders, stream: stream)
        guard stream != nil else { return (reply, position) }
        return (reply.watchingStream(journal: journal, sequence: sequence), position)
    }

    /// Strict mode, every recorded answer for the request used: a miss that lists them.
    private func exhausted(_ queue: ReplayQueue, request: HTTPRequest, operation: String?) -> Reply {
        let used = queue.entries.map { entry in
            NearMiss(
                cassette: index.cassettes[entry.cassette].name, index: entry.index,
                request: ReplayIndex.describe(index.interaction(entry)),
                differences: ["already answered (strict replay answers each recording once)"], distance: 0)
        }
        return unmatched(
            request, reason: "all \(queue.count) recorded answer\(queue.count == 1 ? " was" : "s were") used (strict mode)",
            operation: operation, nearest: Array(used.suffix(3)))
    }

    /// - Parameter nearest: found only when no `fallback` answers instead.
    private func unmatched(
        _ request: HTTPRequest, reason: String, operation: String? = nil, nearest: @autoclosure () -> [NearMiss]
    ) -> Reply {
        if let fallback { return fallback.reply(to: request) }
        let report = UnmatchedReport(
            method: request.method, path: request.path, query: request.query, operation: operation, reason: reason,
            nearest: nearest(), matchRules: index.normalizer.rules.descriptions)
        return Replayer.miss(request, report, options: options, journal: journal, scope: scope, onUnmatched: onUnmatched)
    }

    /// The answer to a request no recording answers (also one to an unknown `/@` scope): journalled, reported, and
    /// sent as JSON with ``unmatchedHeader``.
    static func miss(_ request: HTTPRequest, _ report: UnmatchedReport, options: ReplayOptions, journal: Journal,
                     scope: String?, onUnmatched: (UnmatchedReport) -> Void) -> Reply {
        journal.record(
            request, status: options.unmatchedStatus, outcome: .unmatched(report), scope: scope, operation: report.operation)
        onUnmatched(report)
        var body = report.jsonValue.prettyBytes()
        body.append(UInt8(ascii: "\n"))
        return .response(.json(status: options.unmatchedStatus, body, headers: [(Replayer.unmatchedHeader, "1")]))
    }

    /// Recorded interactions no request has used yet, in load order.
    package var unusedInteractions: [(cassette: String, index: Int)] {
        index.queues.flatMap { $0.entries.dropFirst($0.usedCount) }
            .sorted { ($0.cassette, $0.index) < ($1.cassette, $1.index) }
            .map { (index.cassettes[$0.cassette].name, $0.index) }
    }
}
