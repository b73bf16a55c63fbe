import ArgumentParser
import MockAPICore

/// Flags of recording, shared by `mockapi record` and `mockapi serve --record-missing`.
public struct RecordOptions: ParsableArguments {
    @Option(
        name: .customLong("upstream"),
        help: ArgumentHelp(
            "The real API: a URL (served at /), or /prefix=URL to serve it under a path prefix. Repeatable; the longest "
                + "matching prefix wins.", valueName: "url"))
    public var upstreams: [String] = []

    @Option(
        help: ArgumentHelp(
            "The cassette to record into. Created with its folders if missing; an existing one is added to.",
            valueName: "path"),
        completion: .file(extensions: ["json"]))
    public var cassette: String?

    @Flag(help: "Start the cassette afresh, replacing an existing file instead of adding to it.")
    public var overwrite = false

    @Option(
        name: .customLong("upstream-timeout"),
        help: ArgumentHelp("Seconds the upstream has for a complete answer; then the client gets 504.", valueName: "seconds"))
    public var upstreamTimeout: Double = 30

    @Option(
        name: .customLong("max-response"),
        help: ArgumentHelp("Largest upstream answer body recorded (decoded); larger gets 502. Examples: 64MB, 1GB.", valueName: "size"))
    public var maxResponse = ByteSize(bytes: 256 << 20)

    @Option(name: .customLong("redact-header"), help: ArgumentHelp("Also scrub this header, in requests and answers (repeatable).", valueName: "name"))
    public var redactHeaders: [String] = []

    @Option(name: .customLong("redact-query"), help: ArgumentHelp("Also scrub this query or form parameter (repeatable).", valueName: "name"))
    public var redactQueries: [String] = []

    @Option(
        name: .customLong("redact-json-field"),
        help: ArgumentHelp(
            "Also scrub this JSON field in request and answer bodies: $.token, $.user.password, $.items[*].secret, "
                + "$..password (any depth). Repeatable.", valueName: "path"))
    public var redactJSONFields: [String] = []

    @Option(
        name: .customLong("redact-env"),
        help: ArgumentHelp(
            "Replace the value of this environment variable wherever it appears (headers, URL, bodies) with <NAME>. "
                + "Repeatable.", valueName: "name"))
    public var redactEnv: [String] = []

    /// For benchmarks: the most interactions one cassette write carries (1 syncs once per interaction).
    @Option(name: .customLong("max-batch"), help: ArgumentHelp(visibility: .hidden))
    public var maxBatch: Int?

    public init() {}

    /// The upstream routes, or why they are unusable.
    public func routes() throws -> UpstreamRoutes {
        do {
            var parsed: [UpstreamRoute] = []
            for argument in upstreams { parsed.append(try UpstreamRoute(parsing: argument)) }
            return try UpstreamRoutes(parsed)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The default rules and the ones these flags add. Each `--redact-env` variable must be set in `environment`.
    public func redactionRules(environment: [String: String]) throws -> RedactionRules {
        for name in redactHeaders where name.isEmpty || !name.utf8.allSatisfy(HTTPSyntax.isTokenByte) {
            throw ValidationError("--redact-header \(name): not a valid header name.")
        }
        for name in redactQueries where name.isEmpty {
            throw ValidationError("--redact-query needs a parameter name.")
        }
        var fields: [JSONPathPattern] = []
        for path in redactJSONFields {
            do { fields.append(try JSONPathPattern(parsing: path)) } catch {
                throw ValidationError("--redact-json-field \(error.description)")
            }
        }
        var literals: [SecretLiteral] = []
        for name in redactEnv {
            guard !name.isEmpty, name.utf8.allSatisfy({ RecordOptions.isVariableByte($0) }) else {
                throw ValidationError("--redact-env \(name): an environment variable name is letters, digits and _.")
            }
            guard let value = environment[name], !value.isEmpty else {
                throw ValidationError("--redact-env \(name): the variable is not set (or empty) in mockapi's environment, "
                    + "so there is nothing to hide; export it first.")
            }
            guard value.utf8.count >= 4 else {
                throw ValidationError("--redact-env \(name): the value has only \(value.utf8.count) characters; replacing "
                    + "it everywhere would garble the recording. Use --redact-header or --redact-query for it instead.")
            }
            literals.append(.environment(name, value: value))
        }
        return RedactionRules.standard.adding(
            RedactionRules(headers: Set(redactHeaders), queryParameters: Set(redactQueries), jsonFields: fields, literals: literals))
    }

    /// Checks what recording needs, naming the command in messages (`mockapi record`, `--record-missing`).
    func validate(for command: String, environment: [String: String]) throws {
        guard !upstreams.isEmpty else {
            throw ValidationError("\(command) needs --upstream, for example: --upstream https://api.github.com")
        }
        guard let cassette, !cassette.isEmpty else {
            throw ValidationError("\(command) needs --cassette, for example: --cassette Fixtures/github/my-session.json")
        }
        guard cassette.hasSuffix(".json") else {
            throw ValidationError("--cassette \(cassette): cassettes are found by their .json extension; name it \(cassette).json")
        }
        guard upstreamTimeout > 0 else { throw ValidationError("--upstream-timeout must be more than 0 seconds.") }
        if let maxBatch, maxBatch < 1 { throw ValidationError("--max-batch must be 1 or more.") }
        _ = try routes()
        _ = try redactionRules(environment: environment)
    }

    /// Whether any recording flag was given (they mean nothing to `serve` without `--record-missing`).
    var isUsed: Bool {
        !upstreams.isEmpty || cassette != nil || overwrite || !redactHeaders.isEmpty || !redactQueries.isEmpty
            || !redactJSONFields.isEmpty || !redactEnv.isEmpty || maxBatch != nil
    }

    private static func isVariableByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}
