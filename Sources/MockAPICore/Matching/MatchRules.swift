import MockAPIJSON

/// What replay leaves out when it compares a request with a recording, given in the cassette (its `match` object),
/// on the command line (`--ignore-body`, `--ignore-json-field`, `--null-matches-absent`, `--ignore-query`,
/// `--match-header`) or by the Swift test helpers; the three combine. Rules are applied when keys are built, to the
/// recordings once at load and to each request, so matching stays one hash lookup.
///
/// vcrpy compares no body unless `match_on` names `body`: that is ``ignoreBody``, as is Polly's
/// `matchRequestsBy: {body: false}`.
public struct MatchRules: Sendable, Hashable {
    /// Bodies are not compared (`--ignore-body`): a request matches on method, path, query and chosen headers, and
    /// the recordings that share them answer in recorded order.
    public var ignoreBody: Bool
    /// JSON values left out of the comparison, in request bodies and GraphQL variables (`$.n`,
    /// `$.messages[*].tool_call_id`, `$..id`).
    public var ignoreJSONFields: [JSONPathPattern]
    /// A member whose value is `null` compares as if it were absent (`--null-matches-absent`).
    public var nullMatchesAbsent: Bool
    /// Query parameters left out of the comparison, by exact name (`--ignore-query`).
    public var ignoreQuery: Set<String>
    /// Headers that must match too, lower-case (`--match-header`).
    public var matchHeaders: [String]
    /// How a GraphQL introspection query that matches no recording exactly is answered (`--introspection`).
    public var introspection: IntrospectionMatching

    public init(ignoreBody: Bool = false, ignoreJSONFields: [JSONPathPattern] = [], nullMatchesAbsent: Bool = false,
                ignoreQuery: Set<String> = [], matchHeaders: [String] = [], introspection: IntrospectionMatching = .nearest) {
        self.ignoreBody = ignoreBody
        self.ignoreJSONFields = ignoreJSONFields
        self.nullMatchesAbsent = nullMatchesAbsent
        self.ignoreQuery = ignoreQuery
        self.matchHeaders = matchHeaders.map { $0.lowercased() }
        self.introspection = introspection
    }

    /// Compares everything (the default).
    public static let exact = MatchRules()

    /// These rules and `other`'s together: everything either leaves out is left out, every header either names matches,
    /// and introspection is exact when either says so.
    public func adding(_ other: MatchRules) -> MatchRules {
        var merged = self
        merged.ignoreBody = ignoreBody || other.ignoreBody
        merged.ignoreJSONFields += other.ignoreJSONFields.filter { !ignoreJSONFields.contains($0) }
        merged.nullMatchesAbsent = nullMatchesAbsent || other.nullMatchesAbsent
        merged.ignoreQuery.formUnion(other.ignoreQuery)
        merged.matchHeaders += other.matchHeaders.filter { !matchHeaders.contains($0) }
        if other.introspection == .exact { merged.introspection = .exact }
        return merged
    }

    /// The rules replay applies to `cassettes`: `rules` and each cassette's own. Served together, cassettes share
    /// one index, so a rule one of them gives applies to all of them.
    package static func inForce(_ rules: MatchRules, cassettes: [LoadedCassette]) -> MatchRules {
        cassettes.reduce(rules) { $0.adding($1.cassette.matchRules) }
    }

    /// Whether JSON bodies are reshaped before they are compared.
    var reshapesJSON: Bool { !ignoreJSONFields.isEmpty || nullMatchesAbsent }

    /// The rules in force, one phrase each, for the journal and unmatched reports: `ignore body`,
    /// `ignore json $.n`, `null matches absent`, `ignore query ts`, `match header x-tenant`, `introspection exact`.
    /// Empty when exact.
    public var descriptions: [String] {
        var phrases: [String] = []
        if ignoreBody { phrases.append("ignore body") }
        phrases += ignoreJSONFields.map { "ignore json \($0.description)" }
        if nullMatchesAbsent { phrases.append("null matches absent") }
        phrases += ignoreQuery.sorted().map { "ignore query \($0)" }
        phrases += matchHeaders.map { "match header \($0)" }
        if introspection == .exact { phrases.append("introspection exact") }
        return phrases
    }

    /// `value` with the ignored JSON fields left out, and null members too when null matches absent. An ignored
    /// array element is left out as well, so `$.items[*].id` compares items by everything else.
    /// - Parameters:
    ///   - at: where `value` is in the body (`$.variables` of a GraphQL request: `[.member("variables")]`).
    ///   - ignored: ``ignoreJSONFields`` as a list (made once, by the ``RequestNormalizer``).
    func reshaped(_ value: JSONValue, at location: [JSONPathPattern.Location] = [], ignored: JSONPathPatternList) -> JSONValue {
        var path = location
        return reshaped(value, path: &path, ignored: ignored)
    }

    private func reshaped(_ value: JSONValue, path: inout [JSONPathPattern.Location], ignored: JSONPathPatternList) -> JSONValue {
        switch value {
        case .object(let members):
            var kept: [JSONMember] = []
            kept.reserveCapacity(members.count)
            for member in members {
                if nullMatchesAbsent, member.value.isNull { continue }
                path.append(.member(member.name))
                defer { path.removeLast() }
                if ignored.contains(matching: path) { continue }
                kept.append(JSONMember(member.name, reshaped(member.value, path: &path, ignored: ignored)))
            }
            return .object(kept)
        case .array(let elements):
            var kept: [JSONValue] = []
            kept.reserveCapacity(elements.count)
            for (offset, element) in elements.enumerated() {
                path.append(.index(offset))
                defer { path.removeLast() }
                if ignored.contains(matching: path) { continue }
                kept.append(reshaped(element, path: &path, ignored: ignored))
            }
            return .array(kept)
        default:
            return value
        }
    }
}
