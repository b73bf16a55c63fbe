/// What a ``Redactor`` changed. It names places and rules, never the secret values (those are in ``secrets`` only, for
/// checking the bytes about to be written, and print as their names).
package struct RedactionReport: Sendable, Equatable {
    package struct Change: Sendable, Equatable, CustomStringConvertible {
        /// Where: `request header authorization`, `request query access_token`, `response body $.token`; prefixed with
        /// `interactions[3] ` when a whole cassette was scrubbed.
        package let location: String
        /// Which rule: `header authorization`, `query access_token`, `json $..token`, `env GITHUB_TOKEN`, or
        /// `echo of request header authorization` for a scrubbed value found again elsewhere.
        package let rule: String
        /// How many values were replaced there.
        package let count: Int

        package init(location: String, rule: String, count: Int = 1) {
            self.location = location
            self.rule = rule
            self.count = count
        }

        package var description: String {
            "\(location): \(rule)" + (count > 1 ? " (×\(count))" : "")
        }
    }

    package var changes: [Change] = []
    /// Every value replaced, with its placeholder: what must not be found in the bytes written.
    package var secrets: [SecretLiteral] = []
    /// Requests of one cassette that differed only in values scrubbed, and so now match the same requests.
    package var merges: [RedactionMerge] = []
    /// Where credentials were found by shape, as paths into the cassette file: what lint reports as `secret-shape`.
    var shapeSites: [ShapeSite] = []

    struct ShapeSite: Sendable, Equatable {
        /// `interactions[2].response.headers[4]`
        let at: String
        /// `github-token`
        let kind: String
    }

    package init(changes: [Change] = [], secrets: [SecretLiteral] = [], merges: [RedactionMerge] = []) {
        self.changes = changes
        self.secrets = secrets
        self.merges = merges
    }

    package var isEmpty: Bool { changes.isEmpty }

    /// Values replaced in all.
    package var total: Int { changes.reduce(0) { $0 + $1.count } }

    /// Values replaced per rule, in the order the rules first applied.
    package var countsByRule: [(rule: String, count: Int)] {
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

    package mutating func merge(_ other: RedactionReport) {
        changes += other.changes
        for secret in other.secrets { remember(secret) }
        merges += other.merges
        shapeSites += other.shapeSites
    }

    /// The places changed in the request of `interactions[index]` (`request query access_token`), each once, for a
    /// report of a whole cassette; or of the one interaction reported, when `index` is nil.
    func requestPlaces(ofInteraction index: Int?) -> [String] {
        let prefix = index.map { "interactions[\($0)] " } ?? ""
        var places: [String] = []
        for change in changes where change.location.hasPrefix(prefix + "request") {
            let place = String(change.location.dropFirst(prefix.count))
            if !places.contains(place) { places.append(place) }
        }
        return places
    }
}
