import Foundation
import MockAPICore

/// Runs `body` with a server for one cassette, in XCTest or Swift Testing, and checks the requests afterwards.
///
/// ```swift
/// try await withCassette("github/issues", upstream: "https://api.github.com") { server in
///     let github = GitHubClient(baseURL: server.baseURL, token: ProcessInfo.processInfo.environment["GITHUB_TOKEN"])
///     let issues = try await github.send(ListIssues(owner: "octocat", repository: "Hello-World"))
///     #expect(!issues.isEmpty)
/// }
/// ```
///
/// The first run (no `Fixtures/github/issues.json` yet) records through the upstream; later runs replay the file;
/// see ``RecordMode`` for the others and for `MOCKAPI_RECORD` and `CI`. When `body` returns, a request that matched no
/// recording (or could not be recorded) makes this throw a ``CassetteFailure`` with the near-miss report; with
/// `strict`, so does a recording no request used. When `body` throws, its error is thrown again, or, when there is
/// more to say (what matched nothing, a discarded recording), a ``CassetteFailure`` that says it and ends with it.
///
/// - Parameters:
///   - name: the cassette's path under `Fixtures/` without `.json`.
///   - upstream: the real API; may be left out when the cassette exists.
///   - mode: when to record (`MOCKAPI_RECORD` overrides it; under `CI` it is `none`).
///   - redaction: what to scrub while recording, besides `MOCKAPI_REDACT_ENV`'s variables.
///   - options: how replay matches (headers to match, strict queues).
///   - strict: whether recordings no request used fail the test.
///   - tls: serve HTTPS (see ``ServerTLS``); the server's ``CassetteServer/certificatePEM`` is what the client trusts.
///   - file: the test's source file; the nearest `Fixtures/` above it holds the cassette.
///   - function: the calling test, named in the command a missing cassette's failure gives.
///   - isolation: the actor `body` runs on; the caller's by default.
///   - body: the test's code, given the server; its result is returned.
public func withCassette<T>(
    _ name: String, upstream: String? = nil, mode: RecordMode = .once, redaction: RedactionRules = .standard,
    options: ReplayOptions = ReplayOptions(), strict: Bool = false, tls: ServerTLS? = nil,
    file: StaticString = #filePath, function: String = #function,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (CassetteServer) async throws -> T
) async throws -> T {
    try await withCassette(
        name, upstream: upstream, mode: mode, redaction: redaction, options: options, strict: strict, tls: tls,
        environment: ProcessInfo.processInfo.environment, file: "\(file)", function: function, body)
}

/// ``withCassette(_:upstream:mode:redaction:options:strict:tls:file:function:isolation:_:)`` in a given environment
/// (`MOCKAPI_RECORD`, `CI`, `MOCKAPI_FIXTURES`, `MOCKAPI_REDACT_ENV` and the variables it names).
func withCassette<T>(
    _ name: String, upstream: String? = nil, mode: RecordMode = .once, redaction: RedactionRules = .standard,
    options: ReplayOptions = ReplayOptions(), strict: Bool = false, tls: ServerTLS? = nil,
    environment: [String: String], file: String,
    function: String = #function, isolation: isolated (any Actor)? = #isolation,
    _ body: (CassetteServer) async throws -> T
) async throws -> T {
    let server = try CassetteServer.start(
        name, upstream: upstream, mode: mode, redaction: redaction, options: options, strict: strict, tls: tls,
        environment: environment, file: file, testName: CassetteServer.filterName(function))
    let result: T
    do {
        result = try await body(server)
    } catch {
        throw await server.finish(afterThrowing: error) ?? error
    }
    if let failure = await server.finish(afterThrowing: nil) { throw failure }
    return result
}

extension CassetteServer {
    /// `issuesArePaged` for `issuesArePaged()`: what `swift test --filter` takes.
    static func filterName(_ function: String) -> String {
        String(function.prefix { $0 != "(" })
    }
}
