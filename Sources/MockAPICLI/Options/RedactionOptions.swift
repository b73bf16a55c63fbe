import ArgumentParser
import MockAPICore

/// The `--redact-*` and `--keep-*` flags and `--no-default-redaction`: rules added to (or taken from) the defaults of
/// `mockapi record`. Shared by `record`, `serve --record-missing`, `import`, `scrub` and `lint`, so every way into a
/// cassette scrubs the same way, and lint reports what scrub would change.
package struct RedactionOptions: ParsableArguments {
    @Option(name: .customLong("redact-header"), help: ArgumentHelp("Also scrub this header, in requests and answers (repeatable).", valueName: "name"))
    package var headers: [String] = []

    @Option(name: .customLong("redact-query"), help: ArgumentHelp("Also scrub this query or form parameter (repeatable).", valueName: "name"))
    package var queries: [String] = []

    @Option(
        name: .customLong("redact-json-field"),
        help: ArgumentHelp(
            "Also scrub this JSON field in request and answer bodies: $.token, $.user.password, $.items[*].secret, "
                + "$..password (any depth). Repeatable.", valueName: "path"))
    package var jsonFields: [String] = []

    @Option(
        name: .customLong("redact-env"),
        help: ArgumentHelp(
            "Replace the value of this environment variable wherever it appears (headers, URL, bodies) with <NAME>. "
                + "Repeatable.", valueName: "name"))
    package var environmentVariables: [String] = []

    @Option(
        name: .customLong("keep-header"),
        help: ArgumentHelp("Never scrub this header, by name or by shape: a value you know is not secret (repeatable).",
                           valueName: "name"))
    package var keepHeaders: [String] = []

    @Option(name: .customLong("keep-query"), help: ArgumentHelp("Never scrub this query or form parameter (repeatable).", valueName: "name"))
    package var keepQueries: [String] = []

    @Option(
        name: .customLong("keep-json-field"),
        help: ArgumentHelp("Never scrub this JSON field (same paths as --redact-json-field; repeatable).", valueName: "path"))
    package var keepJSONFields: [String] = []

    @Flag(
        name: .customLong("no-default-redaction"),
        help: ArgumentHelp(
            "Scrub only what the --redact-* options name: for recordings that are already clean (invented tokens a test "
                + "asserts on). The check that no scrubbed value is written stays on."))
    package var noDefaultRedaction = false

    @Flag(
        name: .customLong("no-echo"),
        help: ArgumentHelp(
            "Scrub a value only where a rule finds it, not also wherever else it appears: for recordings whose "
                + "invented token equals other data (octokit/fixtures normalises tokens and commit shas to one value)."))
    package var noEcho = false

    package init() {}

    /// The default rules (unless `--no-default-redaction`), the ones the `--redact-*` flags add, less what `--keep-*`
    /// keeps. Each `--redact-env` variable must be set in `environment`.
    package func rules(environment: [String: String]) throws -> RedactionRules {
        for (option, names) in [("--redact-header", headers), ("--keep-header", keepHeaders)] {
            for name in names where name.isEmpty || !name.utf8.allSatisfy(HTTPSyntax.isTokenByte) {
                throw ValidationError("\(option) \(name): not a valid header name.")
            }
        }
        for (option, names) in [("--redact-query", queries), ("--keep-query", keepQueries)] where names.contains("") {
            throw ValidationError("\(option) needs a parameter name.")
        }
        var literals: [SecretLiteral] = []
        for name in environmentVariables {
            literals.append(try RedactionOptions.secret(named: name, option: "--redact-env", environment: environment))
        }
        let added = RedactionRules(
            headers: Set(headers), queryParameters: Set(queries), jsonFields: try Self.paths(jsonFields, option: "--redact-json-field"),
            literals: literals, keepHeaders: Set(keepHeaders), keepQueryParameters: Set(keepQueries),
            keepJSONFields: try Self.paths(keepJSONFields, option: "--keep-json-field"))
        var rules = noDefaultRedaction ? added : RedactionRules.standard.adding(added)
        if noEcho { rules.minimumEchoLength = .max }
        return rules
    }

    private static func paths(_ texts: [String], option: String) throws -> [JSONPathPattern] {
        var patterns: [JSONPathPattern] = []
        for path in texts {
            do { patterns.append(try JSONPathPattern(parsing: path)) } catch { throw ValidationError("\(option) \(error.description)") }
        }
        return patterns
    }

    /// Whether any of these flags was given.
    var isUsed: Bool {
        !headers.isEmpty || !queries.isEmpty || !jsonFields.isEmpty || !environmentVariables.isEmpty || !keepHeaders.isEmpty
            || !keepQueries.isEmpty || !keepJSONFields.isEmpty || noDefaultRedaction
    }

    /// The value of an environment variable named on the command line, checked to be worth hunting for.
    static func secret(named name: String, option: String, environment: [String: String]) throws -> SecretLiteral {
        guard !name.isEmpty, name.utf8.allSatisfy({ isVariableByte($0) }) else {
            throw ValidationError("\(option) \(name): an environment variable name is letters, digits and _.")
        }
        guard let value = environment[name], !value.isEmpty else {
            throw ValidationError("\(option) \(name): the variable is not set (or empty) in mockapi's environment, "
                + "so there is nothing to hide; export it first.")
        }
        guard value.utf8.count >= 4 else {
            throw ValidationError("\(option) \(name): the value has only \(value.utf8.count) characters; replacing "
                + "it everywhere would garble the recording. Use --redact-header or --redact-query for it instead.")
        }
        return .environment(name, value: value)
    }

    private static func isVariableByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}
