/// One recorded interaction after `mockapi drift` looked at it.
package struct DriftResult: Sendable {
    package enum Outcome: Sendable, Equatable {
        /// Sent and compared (the findings may be empty).
        case checked
        /// Not sent, and why.
        case skipped(SkipReason)
        /// Could not be checked, and why (the upstream is unreachable).
        case failed(String)
    }

    /// Why a recorded request is not sent again.
    package enum SkipReason: Sendable, Equatable, CustomStringConvertible {
        /// Its method may change data upstream (anything but GET and HEAD), and `--unsafe` was not given.
        case unsafeMethod(String)
        /// Its answer was a 304: whether it still is depends on the ETag the client had, a value.
        case notModified
        /// A WebSocket handshake: drift compares HTTP answers, and the conversation after the `101` is not one.
        case webSocket

        package var description: String {
            switch self {
            case .unsafeMethod(let method): "\(method) is not a safe method"
            case .notModified: "a 304 answers a conditional request; there is no body to compare"
            case .webSocket: "a WebSocket conversation; drift compares HTTP answers (re-record it to check it)"
            }
        }
    }

    /// The cassette's name (`github/repo`) and file.
    package let cassette: String
    package let file: String
    /// Its position in the cassette.
    package let index: Int
    package let method: String
    /// The path and query sent (`/repos/o/r?per_page=2`).
    package let target: String
    package var outcome: Outcome
    /// What changed, and (with a maximum age) that it is too old.
    package var findings: [DriftFinding]
    /// The interaction as the live answer would record it, not yet scrubbed; nil unless checked.
    package var live: Interaction?
    /// Whether `--update` wrote ``live`` into the cassette.
    package var updated = false

    package init(cassette: String, file: String, index: Int, interaction: Interaction, outcome: Outcome,
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
    package var isBreaking: Bool { findings.contains { $0.breaking } }

    /// Whether the live answer's structure differs from the recording's (age aside).
    var hasDrifted: Bool { findings.contains { $0.kind != .stale } }

    var isStale: Bool { findings.contains { $0.kind == .stale } }

    /// `github/repo[0] GET /repos/o/r`
    package var label: String { "\(cassette)[\(index)] \(method) \(target)" }
}
