/// What a ``Redactor`` changed. It names places and rules, never the secret values (those are in ``secrets`` only, for
/// checking the bytes about to be written, and print as their names).
public struct RedactionReport: Sendable, Equatable {
    public struct Change: Sendable, Equatable, CustomStringConvertible {
        /// Where: `request header authorization`, `request query access_token`, `response body $.token`; prefixed with
        /// `interactions[3] ` when a whole cassette was scrubbed.
        public let location: String
        /// Which rule: `header authorization`, `query access_token`, `json $..token`, `env GITHUB_TOKEN`, or
        /// `echo of request header authorization` for a scrubbed value found again elsewhere.
        public let rule: String
        /// How many values were replaced there.
        public let count: Int

        public init(location: String, rule: String, count: Int = 1) {
            self.location = location
            self.rule = rule
            self.count = count
        }

        public var description: String {
            "\(location): \(rule)" + (count > 1 ? " (×\(count))" : "")
        }
    }

    public var changes: [Change] = []
    /// Every value replaced, with its placeholder: what must not be found in the bytes written.
    public var secrets: [SecretLiteral] = []

    public init(changes: [Change] = [], secrets: [SecretLiteral] = []) {
        self.changes = changes
        self.secrets = secrets
    }

    public var isEmpty: Bool { changes.isEmpty }

    /// Values replaced in all.
    public var total: Int { changes.reduce(0) { $0 + $1.count } }

    /// Values replaced per rule, in the order the rules first applied.
    public var countsByRule: [(rule: String, count: Int)] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for change in changes {
            if counts[change.rule] == nil { order.append(change.rule) }
            counts[change.rule, default: 0] += change.count
        }
        return order.map { ($0, counts[$0] ?? 0) }
    }

    mutating func note(_ location: String, _ rule: String, count: Int = 1) {
        guard count > 0 else { return }
        changes.append(Change(location: location, rule: rule, count: count))
    }

    mutating func remember(_ secret: SecretLiteral) {
        if !secrets.contains(secret) { secrets.append(secret) }
    }

    public mutating func merge(_ other: RedactionReport) {
        changes += other.changes
        for secret in other.secrets { remember(secret) }
    }
}
