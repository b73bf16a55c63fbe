/// One recorded interaction after `mockapi drift` looked at it.
public struct DriftResult: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// Sent and compared (the findings may be empty).
        case checked
        /// Not sent, and why.
        case skipped(SkipReason)
        /// Could not be checked, and why (the upstream is unreachable).
        case failed(String)
    }

    /// Why a recorded request is not sent again.
    public enum SkipReason: Sendable, Equatable, CustomStringConvertible {
        /// Its method may change data upstream (anything but GET and HEAD), and `--unsafe` was not given.
        case unsafeMethod(String)
        /// Its answer was a 304: whether it still is depends on the ETag the client had, a value.
        case notModified

        public var description: String {
            switch self {
            case .unsafeMethod(let method): "\(method) is not a safe method"
            case .notModified: "a 304 answers a conditional request; there is no body to compare"
            }
        }
    }

    /// The cassette's name (`github/repo`) and file.
    public let cassette: String
    public let file: String
    /// Its position in the cassette.
    public let index: Int
    public let method: String
    /// The path and query sent (`/repos/o/r?per_page=2`).
    public let target: String
    public var outcome: Outcome
    /// What changed, and (with a maximum age) that it is too old.
    public var findings: [DriftFinding]
    /// The interaction as the live answer would record it, not yet scrubbed; nil unless checked.
    public var live: Interaction?
    /// Whether `--update` wrote ``live`` into the cassette.
    public var updated = false

    public init(cassette: String, file: String, index: Int, interaction: Interaction, outcome: Outcome,
                findings: [DriftFinding] = [], live: Interaction? = nil) {
        self.cassette = cassette
        self.file = file
        self.index = index
        self.method = interaction.request.method
        self.target = interaction.request.path + (interaction.request.query.map { "?" + $0 } ?? "")
        self.outcome = outcome
        self.findings = findings
        self.live = live
    }

    /// Whether a finding may break a client written against the recording.
    public var isBreaking: Bool { findings.contains { $0.breaking } }

    /// Whether the live answer's structure differs from the recording's (age aside).
    public var hasDrifted: Bool { findings.contains { $0.kind != .stale } }

    public var isStale: Bool { findings.contains { $0.kind == .stale } }

    /// `github/repo[0] GET /repos/o/r`
    public var label: String { "\(cassette)[\(index)] \(method) \(target)" }
}
