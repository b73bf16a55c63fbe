import MockAPIJSON

/// A recorded session: an ordered list of interactions, stored as one JSON file (format version 1).
public struct Cassette: Sendable, Equatable {
    /// The format version this build reads and writes.
    public static let formatVersion = 1
    public static let supportedVersions = 1...1

    /// One line of provenance: where the recording came from and what was changed.
    public var source: String?
    /// Lint findings the cassette's authors accept (the `"lint": {"allow": […]}` member); see ``LintAllowance``.
    public var lintAllowances: [LintAllowance]
    public var interactions: [Interaction]

    public init(source: String? = nil, lintAllowances: [LintAllowance] = [], interactions: [Interaction] = []) {
        self.source = source
        self.lintAllowances = lintAllowances
        self.interactions = interactions
    }
}

/// One request and the answer it got.
public struct Interaction: Sendable, Equatable {
    public var request: RecordedRequest
    public var response: RecordedResponse
    /// The origin the request went to, `https://api.github.com`. Absolute URLs starting with it are rewritten to the
    /// replay server's own base URL.
    public var upstream: String?
    /// The local path prefix this upstream was served under while recording (`/qiita`); nil means `/`. The client saw
    /// `mount + request.path`.
    public var mount: String?
    /// When it was recorded, ISO 8601.
    public var recordedAt: String?
    /// How long the upstream took to answer, in milliseconds.
    public var durationMs: Double?

    public init(request: RecordedRequest, response: RecordedResponse, upstream: String? = nil, mount: String? = nil,
                recordedAt: String? = nil, durationMs: Double? = nil) {
        self.request = request
        self.response = response
        self.upstream = upstream
        self.mount = mount
        self.recordedAt = recordedAt
        self.durationMs = durationMs
    }

    /// The path the client used: the mount followed by the upstream path.
    public var localPath: String {
        guard let mount, mount != "/" else { return request.path }
        return mount + request.path
    }
}

public struct RecordedRequest: Sendable, Equatable {
    /// Upper-case, `GET`.
    public var method: String
    /// Percent-encoded as sent upstream, starting with `/`.
    public var path: String
    /// The raw query string after `?`, byte-for-byte as sent; nil when there was no `?`.
    public var query: String?
    public var headers: HTTPHeaders
    public var body: Body

    public init(method: String, path: String, query: String? = nil, headers: HTTPHeaders = [], body: Body = .none) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }
}

public struct RecordedResponse: Sendable, Equatable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Body

    public init(status: Int, headers: HTTPHeaders = [], body: Body = .none) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
