import MockAPIJSON

/// One way the answer to a request differs between two recordings of it, as `mockapi diff` reports it.
package struct ReviewChange: Sendable, Equatable, CustomStringConvertible {
    package enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A member of the cassette itself changed (`match`, `volatileHeaders`, `source`, `lint`); `path` names it.
        case setting
        /// The upstream or the mount it was recorded through changed.
        case upstream
        /// The status code changed (`200 → 404`); breaking when its class changed.
        case status
        /// A header that is not volatile was added, removed or given another value; `path` names it.
        case header
        /// A member of a JSON object is new.
        case memberAdded = "member-added"
        /// A member of a JSON object is gone: breaking.
        case memberRemoved = "member-removed"
        /// A JSON value has another kind (`"5"` for `5`, null for a value): breaking.
        case typeChanged = "type-changed"
        /// A JSON value changed, of the same kind.
        case valueChanged = "value-changed"
        /// A JSON array has another number of elements.
        case arrayLength = "array-length"
        /// A body that is not JSON changed (or stopped or started being JSON), with its sizes.
        case body
        /// A streamed body's chunks changed: count, bytes and timing.
        case stream
    }

    package let kind: Kind
    /// The JSON path (`$.owner.login`) or the header name; nil for the status, a body or a stream.
    package let path: String?
    /// The earlier recording's side, in words or as an excerpt; nil for something added.
    package let old: String?
    /// The new recording's side; nil for something removed.
    package let new: String?
    /// Whether a client written against the earlier recording may fail on the new one.
    package let breaking: Bool

    package init(_ kind: Kind, path: String? = nil, old: String?, new: String?, breaking: Bool = false) {
        self.kind = kind
        self.path = path
        self.old = old
        self.new = new
        self.breaking = breaking
    }

    /// A value that changed, as near misses show one: two long strings as excerpts around their first difference,
    /// anything else shortened for one line; nil for a side that has none.
    static func value(_ kind: Kind, path: String?, from old: JSONValue?, to new: JSONValue?) -> ReviewChange {
        if case .string(let before)? = old, case .string(let after)? = new, let shown = RequestComparison.excerpts(before, after) {
            return ReviewChange(kind, path: path, old: shown.first, new: "\(shown.second) (from character \(shown.at))")
        }
        return ReviewChange(kind, path: path, old: old.map(RequestComparison.clip), new: new.map(RequestComparison.clip))
    }

    /// `$.id: number → string`, `header etag: "a" → "b"`, `status 200 → 404`.
    package var description: String {
        let from = old ?? "absent", to = new ?? "absent"
        switch kind {
        case .setting: return "cassette \(path ?? ""): \(from) → \(to)"
        case .upstream: return "upstream \(from) → \(to)"
        case .status: return "status \(from) → \(to)"
        case .header: return "header \(path ?? ""): \(from) → \(to)"
        case .memberAdded: return "\(path ?? "$") added: \(to)"
        case .memberRemoved: return "\(path ?? "$") removed (was \(from))"
        case .typeChanged: return "\(path ?? "$"): type \(from) → \(to)"
        case .valueChanged: return "\(path ?? "$"): \(from) → \(to)"
        case .arrayLength: return "\(path ?? "$"): \(from) → \(to) elements"
        case .body: return "body \(from) → \(to)"
        case .stream: return "stream \(from) → \(to)"
        }
    }
}
