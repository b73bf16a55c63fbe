import ArgumentParser
import MockAPICore

extension IntrospectionMatching: ExpressibleByArgument {}

/// `serve`'s flags that choose what matching compares; a cassette's own `match` rules add to them.
package struct MatchOptions: ParsableArguments {
    @Option(
        name: .customLong("match-header"),
        help: ArgumentHelp("Also match this request header (repeatable). Headers are ignored otherwise.", valueName: "name"))
    package var matchHeaders: [String] = []

    @Flag(
        name: .customLong("ignore-body"),
        help: "Do not compare request bodies (vcrpy's default; Polly's matchRequestsBy.body: false): recordings with the same method, path and query answer in recorded order.")
    package var ignoreBody = false

    @Option(
        name: .customLong("ignore-json-field"),
        help: ArgumentHelp(
            "Leave this JSON field out when comparing request bodies and GraphQL variables (repeatable): $.n, "
                + "$.messages[*].tool_call_id, $..id.",
            valueName: "path"))
    package var ignoreJSONFields: [String] = []

    @Flag(name: .customLong("null-matches-absent"), help: "A JSON member whose value is null matches one that is absent.")
    package var nullMatchesAbsent = false

    @Option(
        name: .customLong("ignore-query"),
        help: ArgumentHelp("Leave this query parameter out when comparing (repeatable; exact name).", valueName: "name"))
    package var ignoreQuery: [String] = []

    @Option(
        help: ArgumentHelp(
            "How a GraphQL introspection query that matches no recording exactly is answered: nearest (by the "
                + "endpoint's nearest recorded introspection) or exact (only by a recording that matches exactly).",
            valueName: "rule"))
    package var introspection: IntrospectionMatching = .nearest

    package init() {}

    package func validate() throws {
        for name in matchHeaders where name.isEmpty || !name.utf8.allSatisfy(HTTPSyntax.isTokenByte) {
            throw ValidationError("--match-header \(name): not a valid header name.")
        }
        _ = try rules()
    }

    /// The rules these flags give.
    package func rules() throws -> MatchRules {
        var patterns: [JSONPathPattern] = []
        for path in ignoreJSONFields {
            do { patterns.append(try JSONPathPattern(parsing: path)) } catch { throw ValidationError("--ignore-json-field \(error.description)") }
        }
        return MatchRules(
            ignoreBody: ignoreBody, ignoreJSONFields: patterns, nullMatchesAbsent: nullMatchesAbsent,
            ignoreQuery: Set(ignoreQuery), matchHeaders: matchHeaders, introspection: introspection)
    }
}
