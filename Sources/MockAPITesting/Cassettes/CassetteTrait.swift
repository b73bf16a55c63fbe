import Foundation
import MockAPICore
import Testing

/// A Swift Testing trait that gives a test (or every test of a suite) a ``CassetteServer``, reached inside the test
/// as ``CassetteServer/current``:
///
/// ```swift
/// @Test(.cassette("github/issues", upstream: "https://api.github.com"))
/// func listsIssues() async throws {
///     let server = try #require(CassetteServer.current)
///     let github = GitHubClient(baseURL: server.baseURL)
///     …
/// }
/// ```
///
/// It behaves as ``withCassette(_:upstream:mode:redaction:options:strict:tls:file:function:isolation:_:)`` does: it
/// records or replays as the ``RecordMode`` says, and fails the test for requests that matched no recording. On a
/// suite, the suite's tests share one server and one cassette.
public struct CassetteTrait: TestTrait, SuiteTrait, TestScoping {
    /// The cassette's path under `Fixtures/` without `.json`.
    public let name: String
    /// The real API to record from; nil when the cassette already says where it was recorded.
    public let upstream: String?
    /// The mode the test asks for; `MOCKAPI_RECORD` and `CI` may override it (see ``RecordMode/resolve(_:environment:)``).
    public let mode: RecordMode
    /// What to scrub while recording, besides the values of `MOCKAPI_REDACT_ENV`'s variables.
    public let redaction: RedactionRules
    /// How replay matches requests.
    public let options: ReplayOptions
    /// Whether recorded interactions no request used fail the test.
    public let strict: Bool
    /// HTTPS for the test's server, or nil for plain HTTP.
    public let tls: ServerTLS?
    let sourceFile: StaticString

    /// Runs the test (or the suite) with a ``CassetteServer`` as ``CassetteServer/current``, then fails it for what the
    /// server saw that the cassette does not explain.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try CassetteServer.start(
            name, upstream: upstream, mode: mode, redaction: redaction, options: options, strict: strict, tls: tls,
            environment: ProcessInfo.processInfo.environment, file: "\(sourceFile)",
            testName: CassetteServer.filterName(test.name))
        do {
            try await CassetteServer.$current.withValue(server) { try await function() }
        } catch {
            throw await server.finish(afterThrowing: error) ?? error
        }
        if let failure = await server.finish(afterThrowing: nil) { throw failure }
    }
}

extension Trait where Self == CassetteTrait {
    /// A cassette for this test (or suite): `Fixtures/NAME.json`, recorded from `upstream` when the mode says so.
    /// - Parameters:
    ///   - name: the cassette's path under `Fixtures/` without `.json`.
    ///   - upstream: the real API; may be left out when the cassette exists.
    ///   - mode: when to record (`MOCKAPI_RECORD` overrides it; under `CI` it is `none`).
    ///   - redaction: what to scrub while recording, besides `MOCKAPI_REDACT_ENV`'s variables.
    ///   - options: how replay matches.
    ///   - strict: whether recordings no request used fail the test.
    ///   - tls: serve HTTPS (see ``ServerTLS``); ``CassetteServer/certificatePEM`` is then the certificate to trust.
    ///   - file: the test's source file; the nearest `Fixtures/` above it holds the cassette.
    public static func cassette(
        _ name: String, upstream: String? = nil, mode: RecordMode = .once, redaction: RedactionRules = .standard,
        options: ReplayOptions = ReplayOptions(), strict: Bool = false, tls: ServerTLS? = nil,
        file: StaticString = #filePath
    ) -> Self {
        CassetteTrait(
            name: name, upstream: upstream, mode: mode, redaction: redaction, options: options, strict: strict,
            tls: tls, sourceFile: file)
    }
}
