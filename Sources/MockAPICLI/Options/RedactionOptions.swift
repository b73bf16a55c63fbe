import ArgumentParser
import MockAPICore

/// The `--redact-*` flags: rules added to the defaults of `mockapi record`. Shared by `record`,
/// `serve --record-missing`, `import` and `scrub`, so every way into a cassette scrubs the same way.
public struct RedactionOptions: ParsableArguments {
    @Option(name: .customLong("redact-header"), help: ArgumentHelp("Also scrub this header, in requests and answers (repeatable).", valueName: "name"))
    public var headers: [String] = []

    @Option(name: .customLong("redact-query"), help: ArgumentHelp("Also scrub this query or form parameter (repeatable).", valueName: "name"))
    public var queries: [String] = []

    @Option(
        name: .customLong("redact-json-field"),
        help: ArgumentHelp(
            "Also scrub this JSON field in request and answer bodies: $.token, $.user.password, $.items[*].secret, "
                + "$..password (any depth). Repeatable.", valueName: "path"))
    public var jsonFields: [String] = []

    @Option(
        name: .customLong("redact-env"),
        help: ArgumentHelp(
            "Replace the value of this environment variable wherever it appears (headers, URL, bodies) with <NAME>. "
                + "Repeatable.", valueName: "name"))
    public var environmentVariables: [String] = []

    public init() {}

    /// The default rules and the ones these flags add. Each `--redact-env` variable must be set in `environment`.
    public func rules(environment: [String: String]) throws -> RedactionRules {
        for name in headers where name.isEmpty || !name.utf8.allSatisfy(HTTPSyntax.isTokenByte) {
            throw ValidationError("--redact-header \(name): not a valid header name.")
        }
        for name in queries where name.isEmpty {
            throw ValidationError("--redact-query needs a parameter name.")
        }
        var fields: [JSONPathPattern] = []
        for path in jsonFields {
            do { fields.append(try JSONPathPattern(parsing: path)) } catch {
                throw ValidationError("--redact-json-field \(error.description)")
            }
        }
        var literals: [SecretLiteral] = []
        for name in environmentVariables {
            literals.append(try RedactionOptions.secret(named: name, option: "--redact-env", environment: environment))
        }
        return RedactionRules.standard.adding(
            RedactionRules(headers: Set(headers), queryParameters: Set(queries), jsonFields: fields, literals: literals))
    }

    /// Whether any of these flags was given.
    var isUsed: Bool {
        !headers.isEmpty || !queries.isEmpty || !jsonFields.isEmpty || !environmentVariables.isEmpty
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
