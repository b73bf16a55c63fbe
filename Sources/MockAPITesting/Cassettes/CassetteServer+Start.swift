import Foundation
import MockAPICore
import MockAPIServer

extension CassetteServer {
    /// Finds the cassette, decides the mode and starts the server for it.
    /// - Parameters:
    ///   - name: the cassette's path under `Fixtures/` without `.json` (`github/issues`), or an absolute path.
    ///   - upstream: the real API; may be left out when the cassette exists (it records its upstream).
    ///   - mode: the test's mode; `MOCKAPI_RECORD` overrides it, and `CI` makes it `none` (see ``RecordMode``).
    ///   - tls: serve HTTPS with this certificate (or one made now); nil for plain HTTP.
    ///   - testName: what `swift test --filter` takes to run this test alone, for the message when it must record.
    static func start(
        _ name: String, upstream: String?, mode requested: RecordMode, redaction: RedactionRules, options: ReplayOptions,
        strict: Bool, tls: ServerTLS?, environment: [String: String], file: String, testName: String
    ) throws -> CassetteServer {
        let mode = try RecordMode.resolve(requested, environment: environment)
        let location = try CassetteLocation(name, near: file, environment: environment)
        let existing = try location.load()
        let rules = try CassetteServer.rules(redaction, environment: environment)
        let tlsMaterial = try tls?.material()
        switch (mode, existing) {
        case (.none, nil):
            throw CassetteFailure(
                "mockapi: no cassette \(location.name) (\(location.file)), and the record mode is none"
                    + (RecordMode.isCI(environment) ? " (CI is set)" : "")
                    + ". Record it where the upstream is reachable:\n"
                    + "  \(RecordMode.variable)=once swift test --filter \(testName)\n"
                    + "then commit \(location.file).")
        case (.none, let cassette?), (.once, let cassette?):
            let server = try ReplayServer(
                cassettes: [LoadedCassette(name: location.name, file: location.file, cassette: cassette)],
                sources: [location.file], options: options, tls: tlsMaterial)
            return CassetteServer(name: location.name, file: location.file, mode: mode, strict: strict, backend: .replay(server))
        case (.newEpisodes, let cassette?):
            let routes = try CassetteServer.routes(upstream, recordedIn: cassette, location: location, mode: mode)
            let recording = try RecordingSession(
                routes: UpstreamRoutes(routes), rules: rules, cassette: location.file, name: location.name,
                version: BuildInfo.version)
            let server = try ReplayServer(
                cassettes: [LoadedCassette(name: location.name, file: location.file, cassette: cassette)],
                sources: [location.file], options: options, conditions: .none, maxBodyBytes: 16 << 20,
                recordingMissing: recording, tls: tlsMaterial)
            return CassetteServer(name: location.name, file: location.file, mode: mode, strict: strict, backend: .replay(server))
        case (.once, nil), (.newEpisodes, nil), (.all, _):
            let routes = try CassetteServer.routes(upstream, recordedIn: existing, location: location, mode: mode)
            let staging = location.staged
            let server = try RecordingServer(
                upstreams: routes, cassette: staging.staging, name: location.name, rules: rules, mode: .overwrite,
                upstreamTimeout: 30, maximumBatch: .max, maxBodyBytes: 16 << 20, tlsMaterial: tlsMaterial,
                previous: existing.map { PreviousRecording($0) })
            return CassetteServer(
                name: location.name, file: location.file, mode: mode, strict: strict, backend: .record(server, staging: staging))
        }
    }

    /// The upstream to record from: the one given, else the one the cassette was recorded from.
    private static func routes(_ upstream: String?, recordedIn cassette: Cassette?, location: CassetteLocation,
                               mode: RecordMode) throws -> [UpstreamRoute] {
        if let upstream {
            do { return [try UpstreamRoute(parsing: upstream)] } catch {
                throw CassetteFailure("mockapi: cassette \(location.name): upstream \(upstream): \(error.reason)")
            }
        }
        var routes: [UpstreamRoute] = []
        for interaction in cassette?.interactions ?? [] {
            guard let recorded = interaction.upstream else { continue }
            let route = UpstreamRoute(mount: interaction.mount ?? "/", upstream: recorded)
            if !routes.contains(where: { $0.mount == route.mount }) { routes.append(route) }
        }
        guard routes.isEmpty else { return routes }
        throw CassetteFailure(
            "mockapi: cassette \(location.name) is to be recorded (record mode \(mode)), but no upstream is known: pass "
                + "upstream: \"https://api.example.com\" (a cassette that exists remembers its own)")
    }

    /// The test's rules, plus the values of the variables `MOCKAPI_REDACT_ENV` names (`GITHUB_TOKEN,QIITA_TOKEN`),
    /// scrubbed wherever they appear. A named variable that is not set has nothing to scrub.
    static func rules(_ rules: RedactionRules, environment: [String: String]) throws -> RedactionRules {
        guard let names = environment[redactEnvironmentVariable] else { return rules }
        var result = rules
        for name in names.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init) {
            guard name.utf8.allSatisfy({ HTTPSyntax.isTokenByte($0) }) else {
                throw CassetteFailure("mockapi: \(redactEnvironmentVariable) names \(name), which is not a variable name")
            }
            guard let value = environment[name], !value.isEmpty else { continue }
            let secret = SecretLiteral.environment(name, value: value)
            if !result.literals.contains(secret) { result.literals.append(secret) }
        }
        return result
    }

    /// Names variables whose values are scrubbed everywhere, like `mockapi record --redact-env`.
    public static let redactEnvironmentVariable = "MOCKAPI_REDACT_ENV"
}
