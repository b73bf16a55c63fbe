import Foundation
import Logging
import MockAPICore
import MockAPIServer

/// A replay server running inside the test process, on 127.0.0.1 and a free port. Point the client under test at
/// ``baseURL``, exercise it, then ask the server what it was called with.
///
/// ```swift
/// let server = try ReplayServer.start(cassettes: ["github/paginate-issues"])
/// defer { Task { await server.stop() } }          // or use withReplayServer { … }
/// let client = GitHubClient(baseURL: server.baseURL)
/// ```
public final class ReplayServer: Sendable {
    /// The plain base URL: answers from every cassette. `https` when started with ``ServerTLS``.
    public let baseURL: URL
    /// The certificate the server presents (PEM) when started with ``ServerTLS``, for the client to trust; else nil.
    public let certificatePEM: String?
    /// Replay's state: the cassettes, their views and queues, the conditions.
    package let service: ReplayService
    private let app: RunningApp<ReplayService>

    /// Starts a server over cassettes.
    /// - Parameters:
    ///   - cassettes: files or folders; a relative path is looked up under ``Fixtures/folder(near:)`` first, and
    ///     `.json` may be left out (`"github/paginate-issues"`).
    ///   - options: matching and replay options, as `mockapi serve` takes them.
    ///   - conditions: latency and faults, as `mockapi serve --latency … --fault-rate … --fault … --seed …` sets them.
    ///   - maxBodyBytes: the largest request body taken; a larger one is answered 413.
    ///   - file: the test's source file; relative cassette paths are looked up near it.
    ///   - tls: serve HTTPS (see ``ServerTLS``); ``certificatePEM`` is then the certificate to trust.
    public static func start(
        cassettes: [String], options: ReplayOptions = ReplayOptions(), conditions: ReplayConditions = .none,
        maxBodyBytes: Int = 16 << 20, tls: ServerTLS? = nil, file: StaticString = #filePath
    ) throws -> ReplayServer {
        let paths = try cassettes.map { try Fixtures.resolve($0, near: file) }
        let root = try? Fixtures.folder(near: file)
        let loaded = try CassetteLoader.load(paths).map { loaded in
            guard let root, let name = Fixtures.name(of: loaded.file, under: root) else { return loaded }
            return LoadedCassette(name: name, file: loaded.file, cassette: loaded.cassette)
        }
        return try ReplayServer(
            cassettes: loaded, sources: paths, options: options, conditions: conditions, maxBodyBytes: maxBodyBytes,
            recordingMissing: nil, tls: tls?.material())
    }

    /// Starts a server over cassettes already in memory.
    /// - Parameter sources: the files and folders they were loaded from, for ``reload()``; empty if none.
    package convenience init(cassettes: [LoadedCassette], sources: [String] = [], options: ReplayOptions = ReplayOptions(),
                            conditions: ReplayConditions = .none, maxBodyBytes: Int = 16 << 20,
                            tls: TLSMaterial? = nil) throws {
        try self.init(
            cassettes: cassettes, sources: sources, options: options, conditions: conditions, maxBodyBytes: maxBodyBytes,
            recordingMissing: nil, tls: tls)
    }

    /// - Parameter recordingMissing: when given, what no recording matches is forwarded upstream and recorded
    ///   (`serve --record-missing`); the server owns it from here and finishes it in ``stop()``.
    init(cassettes: [LoadedCassette], sources: [String], options: ReplayOptions, conditions: ReplayConditions,
         maxBodyBytes: Int, recordingMissing: RecordingSession?, tls: TLSMaterial? = nil) throws {
        var logger = Logger(label: "mockapi.testing")
        logger.logLevel = .error
        let app: RunningApp<ReplayService>
        do {
            app = try MockAPIApp.replay(
                cassettes: cassettes, sources: sources, options: options, conditions: conditions,
                recordingMissing: recordingMissing,
                configuration: ServerConfiguration(host: "127.0.0.1", port: 0, maxBodyBytes: maxBodyBytes, tls: tls),
                logger: logger)
        } catch {
            recordingMissing?.abandon()
            throw error
        }
        self.app = app
        self.service = app.service
        self.baseURL = try app.url
        self.certificatePEM = tls?.certificatePEM
    }

    /// The replayer behind the plain base URL (a reload replaces it).
    package var replayer: Replayer { service.catalog.global.replayer }

    /// The base URL that answers from this cassette alone, with its own queues: `http://127.0.0.1:PORT/@github/x`.
    /// Tests that share a server each use their own cassette's URL and do not disturb each other.
    public func baseURL(for cassette: String) -> URL {
        baseURL.appendingScope(cassette)
    }

    /// Every request the server answered so far (admin calls excluded), oldest first.
    public var requests: [JournalEntry] {
        service.journal.entries().filter {
            if case .admin = $0.outcome { return false }
            return true
        }
    }

    /// The requests that came through a cassette's scoped base URL or were answered from it.
    public func requests(cassette: String) -> [JournalEntry] {
        requests.filter { $0.concerns(cassette: cassette) }
    }

    /// The requests that fit a pattern (`"GET /repos/*/issues"`), optionally of one cassette, oldest first.
    public func requests(matching pattern: RequestPattern, cassette: String? = nil) -> [JournalEntry] {
        (cassette.map(requests(cassette:)) ?? requests).filter(pattern.matches)
    }

    /// The requests that matched nothing, with their near-miss reports.
    public var unmatched: [UnmatchedReport] { Verification.unmatched(in: requests) }

    /// Recorded interactions no request used.
    public var unusedInteractions: [InteractionReference] { service.unusedInteractions }

    /// How many requests were answered, by outcome, since the start or the last reset.
    public var counts: RequestCounts { service.journal.counts }

    /// Starts the queues again from their first recorded answer: all of them, or one cassette's.
    public func reset(cassette: String? = nil) throws {
        try service.reset(.init(cassette))
    }

    /// Reads changed cassette files again (as `POST /__mockapi/reload` does).
    @discardableResult
    public func reload() -> ReloadReport { service.reload() }

    /// Throws, listing them, when recorded interactions (of one cassette, or of all) were never used.
    public func assertAllUsed(cassette: String? = nil) throws {
        let unused = try service.unused(.init(cassette))
        try Verification.allUsed(unused.map { ($0, service.describe($0)) }, cassette: cassette)
    }

    /// Throws, with each near-miss report, when requests (to one cassette's scoped URL, or any) matched nothing.
    public func assertNoUnmatched(cassette: String? = nil) throws {
        try Verification.noUnmatched(
            Verification.unmatched(in: cassette.map(requests(cassette:)) ?? requests), cassette: cassette)
    }

    /// Stops the server and waits until it has stopped (a delayed answer still waiting is sent at once).
    public func stop() async {
        try? await finish()
    }

    /// ``stop()``, saying when what was recorded could not be folded into the cassette file (its write-ahead log still
    /// holds every interaction).
    func finish() async throws(CassetteWriterError) {
        try await app.stop()
    }
}

/// Runs `body` with a replay server and stops the server afterwards, also when `body` throws.
///
/// `body` runs on the caller's actor (`isolation` defaults to it), so a `@MainActor` test can touch its own state in it.
public func withReplayServer<T>(
    cassettes: [String], options: ReplayOptions = ReplayOptions(), conditions: ReplayConditions = .none,
    tls: ServerTLS? = nil, file: StaticString = #filePath,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (ReplayServer) async throws -> T
) async throws -> T {
    let server = try ReplayServer.start(
        cassettes: cassettes, options: options, conditions: conditions, tls: tls, file: file)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
