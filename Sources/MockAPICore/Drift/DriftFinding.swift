/// One way a live answer no longer looks like its recording, or a recording that is too old.
package struct DriftFinding: Sendable, Equatable, CustomStringConvertible {
    package enum Kind: String, Sendable, Equatable {
        /// The status code changed (`200 → 404`).
        case status
        /// The media type changed (`application/json → text/html`); parameters such as `charset` are ignored.
        case contentType = "content-type"
        /// The body stopped being JSON, or became empty.
        case body
        /// A member of a JSON object is gone.
        case removed
        /// A member of a JSON object is new.
        case added
        /// A JSON value has a kind the recording never had there (`number → string`).
        case type
        /// A JSON value became null where the recording had a value, or the other way round.
        case nullability
        /// The recording is older than `--max-age`.
        case stale
    }

    package let kind: Kind
    /// The JSON path (`$.owner.login`, `$[*].labels[*].name`) for findings in a JSON body; nil otherwise.
    package let path: String?
    /// What the recording has, in words (`number`, `200`, `application/json`); nil for an added member.
    package let recorded: String?
    /// What the live answer has; nil for a removed member.
    package let live: String?
    /// Whether a client written against the recording may fail on the live answer. An added member, a content type
    /// the recording did not have, and age are not breaking.
    package let breaking: Bool

    package init(kind: Kind, path: String? = nil, recorded: String?, live: String?, breaking: Bool) {
        self.kind = kind
        self.path = path
        self.recorded = recorded
        self.live = live
        self.breaking = breaking
    }

    /// `$.owner.login removed`, `$.id: number → string`, `status 200 → 404`.
    package var description: String {
        let from = recorded ?? "none", to = live ?? "none"
        switch kind {
        case .status: return "status \(from) → \(to)"
        case .contentType: return "content type \(from) → \(to)"
        case .body: return "body \(from) → \(to)"
        case .removed: return "\(path ?? "$") removed"
        case .added: return "\(path ?? "$") added"
        case .type: return "\(path ?? "$"): \(from) → \(to)"
        case .nullability: return "\(path ?? "$"): \(from) → \(to) (nullability)"
        case .stale: return "recorded \(from), older than \(to)"
        }
    }
}
