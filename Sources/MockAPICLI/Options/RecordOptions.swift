import ArgumentParser
import MockAPICore

/// Flags of recording, shared by `mockapi record` and `mockapi serve --record-missing`.
package struct RecordOptions: ParsableArguments {
    @Option(
        name: .customLong("upstream"),
        help: ArgumentHelp(
            "The real API: a URL (served at /), or /prefix=URL to serve it under a path prefix. Repeatable; the longest "
                + "matching prefix wins.", valueName: "url"))
    package var upstreams: [String] = []

    @Option(
        help: ArgumentHelp(
            "The cassette to record into. Created with its folders if missing; an existing one takes --mode (record) and is "
                + "added to by serve --record-missing.",
            valueName: "path"),
        completion: .file(extensions: ["json"]))
    package var cassette: String?

    @Option(
        name: .customLong("upstream-timeout"),
        help: ArgumentHelp("Seconds the upstream has for a complete answer; then the client gets 504.", valueName: "seconds"))
    package var upstreamTimeout: Double = 30

    @Option(
        name: .customLong("max-response"),
        help: ArgumentHelp("Largest upstream answer body recorded (decoded); larger gets 502. Examples: 64MB, 1GB.", valueName: "size"))
    package var maxResponse = ByteSize(bytes: 256 << 20)

    @Option(
        name: .customLong("upstream-ca"),
        help: ArgumentHelp(
            "Also trust the certificates in this PEM file for an HTTPS upstream (an authority, or a stand-in API's "
                + "self-signed certificate); the system's authorities stay trusted.",
            valueName: "file"))
    package var upstreamCA: String?

    @OptionGroup package var redaction: RedactionOptions

    /// For benchmarks: the most interactions one cassette write carries (1 syncs once per interaction).
    @Option(name: .customLong("max-batch"), help: ArgumentHelp(visibility: .hidden))
    package var maxBatch: Int?

    package init() {}

    /// The upstream routes, or why they are unusable.
    package func routes() throws -> UpstreamRoutes {
        do {
            var parsed: [UpstreamRoute] = []
            for argument in upstreams { parsed.append(try UpstreamRoute(parsing: argument)) }
            return try UpstreamRoutes(parsed)
        } catch {
            throw ValidationError("--upstream \(error.description)")
        }
    }

    /// The default rules and the ones the `--redact-*` flags add. Each `--redact-env` variable must be set in
    /// `environment`.
    package func redactionRules(environment: [String: String]) throws -> RedactionRules {
        try redaction.rules(environment: environment)
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
        !upstreams.isEmpty || cassette != nil || redaction.isUsed || maxBatch != nil
    }
}
