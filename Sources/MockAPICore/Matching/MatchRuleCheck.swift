import MockAPIJSON

/// Finds the match rules' JSON paths that name no field of any recorded request body, so that a typo
/// (`--ignore-json-field '$.bodyy'`) is said at start-up instead of leaving nothing out in silence. Served together,
/// cassettes share one index, so a path, from the command line or from a cassette's `match`, applies to every
/// recorded body of them.
package enum MatchRuleCheck {
    /// One line per such path, naming where it was given and the nearest path that does exist:
    /// `--ignore-json-field $.bodyy names no field of any recorded request body (nearest: $.body); it leaves nothing out`.
    /// - Parameter rules: the rules given besides the cassettes' own (the command line, a marker, an ini file).
    package static func warnings(for rules: MatchRules, cassettes: [LoadedCassette]) -> [String] {
        var given: [(pattern: JSONPathPattern, origin: String)] = rules.ignoreJSONFields.map { ($0, "--ignore-json-field") }
        for loaded in cassettes {
            for (offset, pattern) in loaded.cassette.matchRules.ignoreJSONFields.enumerated() {
                given.append((pattern, "\(loaded.file): match.ignoreJSONFields[\(offset)]"))
            }
        }
        guard !given.isEmpty else { return [] }
        let walk = RecordedBodyPaths(cassettes: cassettes, patterns: given.map(\.pattern))
        // No JSON body recorded yet (`serve --record-missing` into a new cassette): nothing to judge a path by.
        guard !walk.written.isEmpty else { return [] }
        return given.enumerated().compactMap { offset, item in
            guard !walk.named[offset] else { return nil }
            let nearest = walk.nearest(to: item.pattern.description).map { " (nearest: \($0))" } ?? ""
            return "\(item.origin) \(item.pattern.description) names no field of any recorded request body\(nearest); "
                + "it leaves nothing out"
        }
    }
}

/// One walk over the JSON request bodies of some cassettes: which of some patterns name a value in them, and every
/// path there is, written as a pattern (any array index as `[*]`).
struct RecordedBodyPaths {
    let patterns: [JSONPathPattern]
    /// By pattern: whether it names a value of some body.
    private(set) var named: [Bool]
    private(set) var written: Set<String> = []

    init(cassettes: [LoadedCassette], patterns: [JSONPathPattern]) {
        self.patterns = patterns
        self.named = patterns.map { _ in false }
        let normalizer = RequestNormalizer()
        for loaded in cassettes {
            // By index: copying each interaction to look at its body retains and releases every one of its fields.
            let interactions = loaded.cassette.interactions
            for index in interactions.indices {
                let body: JSONValue?
                switch interactions[index].request.body {
                case .json(let json): body = json.value
                case .text(let text): body = normalizer.json(Array(text.utf8))
                case .none, .binary, .chunks: body = nil
                }
                guard let body else { continue }
                var path: [JSONPathPattern.Location] = []
                collect(body, at: &path, text: "$")
            }
        }
    }

    private mutating func collect(_ value: JSONValue, at path: inout [JSONPathPattern.Location], text: String) {
        if !path.isEmpty {
            written.insert(text)
            for index in patterns.indices where !named[index] && patterns[index].matches(path) { named[index] = true }
        }
        switch value {
        case .object(let members):
            for member in members {
                path.append(.member(member.name))
                collect(member.value, at: &path, text: text + "." + member.name)
                path.removeLast()
            }
        case .array(let elements):
            for (offset, element) in elements.enumerated() {
                path.append(.index(offset))
                collect(element, at: &path, text: text + "[*]")
                path.removeLast()
            }
        default:
            break
        }
    }

    /// The existing path closest to `text` in edits (then the first in byte order); nil when no body has a field.
    func nearest(to text: String) -> String? {
        let wanted = Array(text.utf8)
        let ranked = written.map { (edits: RequestComparison.editDistance(wanted, Array($0.utf8)), path: $0) }
        return ranked.min { $0.edits != $1.edits ? $0.edits < $1.edits : $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }?.path
    }
}
