import MockAPIJSON

/// A recorded session: an ordered list of interactions, stored as one JSON file (format version 1).
package struct Cassette: Sendable, Equatable {
    /// The format version this build reads and writes.
    package static let formatVersion = 1
    package static let supportedVersions = 1...1

    /// One line of provenance: where the recording came from and what was changed.
    package var source: String?
    /// Lint findings the cassette's authors accept (the `"lint": {"allow": […]}` member); see ``LintAllowance``.
    package var lintAllowances: [LintAllowance]
    /// How replay compares requests with these recordings (the `"match": {…}` member); see ``MatchRules``.
    package var matchRules: MatchRules
    /// Response headers this cassette's API changes on every request, besides the built-in ones (the
    /// `"volatileHeaders": […]` member); see ``VolatileHeaders``.
    package var volatileHeaders: [String]
    package var interactions: [Interaction]

    package init(source: String? = nil, lintAllowances: [LintAllowance] = [], matchRules: MatchRules = .exact,
                 volatileHeaders: [String] = [], interactions: [Interaction] = []) {
        self.source = source
        self.lintAllowances = lintAllowances
        self.matchRules = matchRules
        self.volatileHeaders = volatileHeaders
        self.interactions = interactions
    }

    /// The cassette's top-level members without its interactions: what a new recording of it starts from.
    package var withoutInteractions: Cassette {
        Cassette(source: source, lintAllowances: lintAllowances, matchRules: matchRules, volatileHeaders: volatileHeaders)
    }
}

/// One request and the answer it got.
package struct Interaction: Sendable, Equatable {
    package var request: RecordedRequest
    package var response: RecordedResponse
    /// The origin the request went to, `https://api.github.com`. Absolute URLs starting with it are rewritten to the
    /// replay server's own base URL.
    package var upstream: String?
    /// The local path prefix this upstream was served under while recording (`/qiita`); nil means `/`. The client saw
    /// `mount + request.path`.
    package var mount: String?
    /// When it was recorded, ISO 8601.
    package var recordedAt: String?
    /// How long the upstream took to answer, in milliseconds.
    package var durationMs: Double?
    /// The mockapi release that recorded it (`0.1.0`); nil for recordings made before releases were noted, or
    /// imported.
    package var recordedWith: String?
    /// The WebSocket conversation that followed, when the request was a handshake answered `101`.
    package var webSocket: WebSocketConversation? {
        get { conversation?.value }
        set { conversation = newValue.map(ConversationBox.init) }
    }
    /// The conversation behind a reference: few interactions have one, and held in place its room (about 70 bytes)
    /// was in every interaction kept in memory, 7 MB of a 100,000-interaction set.
    private var conversation: ConversationBox?

    package init(request: RecordedRequest, response: RecordedResponse, upstream: String? = nil, mount: String? = nil,
                recordedAt: String? = nil, durationMs: Double? = nil, recordedWith: String? = nil,
                webSocket: WebSocketConversation? = nil) {
        self.request = request
        self.response = response
        self.conversation = webSocket.map(ConversationBox.init)
        self.upstream = upstream
        self.mount = mount
        self.recordedAt = recordedAt
        self.durationMs = durationMs
        self.recordedWith = recordedWith
    }

    /// The path the client used: the mount followed by the upstream path.
    package var localPath: String {
        guard let mount, mount != "/" else { return request.path }
        return mount + request.path
    }
}

/// A conversation kept by reference in an ``Interaction`` (copied when changed, as a value is).
private final class ConversationBox: Sendable, Equatable {
    let value: WebSocketConversation

    init(_ value: WebSocketConversation) {
        self.value = value
    }

    static func == (lhs: ConversationBox, rhs: ConversationBox) -> Bool { lhs.value == rhs.value }
}

package struct RecordedRequest: Sendable, Equatable {
    /// Upper-case, `GET`.
    package var method: String
    /// Percent-encoded as sent upstream, starting with `/`.
    package var path: String
    /// The raw query string after `?`, byte-for-byte as sent; nil when there was no `?`.
    package var query: String?
    package var headers: HTTPHeaders
    package var body: Body

    package init(method: String, path: String, query: String? = nil, headers: HTTPHeaders = [], body: Body = .none) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }
}

package struct RecordedResponse: Sendable, Equatable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: Body

    package init(status: Int, headers: HTTPHeaders = [], body: Body = .none) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
