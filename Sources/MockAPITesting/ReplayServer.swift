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
    public let baseURL: URL
    public let replayer: Replayer
    private let server: MicroHTTPDServer

    /// Starts a server over cassettes.
    /// - Parameters:
    ///   - cassettes: files or folders; a relative path is looked up under ``Fixtures/folder(near:)`` first, and
    ///     `.json` may be left out (`"github/paginate-issues"`).
    ///   - options: matching and replay options, as `mockapi serve` takes them.
    public static func start(
        cassettes: [String], options: ReplayOptions = ReplayOptions(), maxBodyBytes: Int = 16 << 20,
        file: StaticString = #filePath
    ) throws -> ReplayServer {
        let paths = try cassettes.map { try Fixtures.resolve($0, near: file) }
        let loaded = try CassetteLoader.load(paths)
        return try ReplayServer(cassettes: loaded, options: options, maxBodyBytes: maxBodyBytes)
    }

    /// Starts a server over cassettes already in memory.
    public init(cassettes: [LoadedCassette], options: ReplayOptions = ReplayOptions(), maxBodyBytes: Int = 16 << 20) throws {
        var logger = Logger(label: "mockapi.testing")
        logger.logLevel = .error
        let journal = Journal()
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, maxBodyBytes: maxBodyBytes)
        let server = try MicroHTTPDServer(configuration: configuration, logger: logger) { baseURL in
            let replayer = Replayer(cassettes: cassettes, options: options, baseURL: baseURL, journal: journal)
            return Router(admin: AdminResponder(journal: journal) { [] }, main: replayer)
        }
        guard let router = server.responder as? Router, let replayer = router.main as? Replayer,
            let url = URL(string: server.baseURL)
        else {
            throw ServerError.startFailed(reason: "unexpected responder")
        }
        self.server = server
        self.replayer = replayer
        self.baseURL = url
    }

    /// Every request the server answered so far (admin calls excluded), oldest first.
    public var requests: [JournalEntry] {
        replayer.journal.entries().filter {
            if case .admin = $0.outcome { return false }
            return true
        }
    }

    /// The requests that matched nothing, with their near-miss reports.
    public var unmatched: [UnmatchedReport] {
        requests.compactMap {
            if case .unmatched(let report) = $0.outcome { return report }
            return nil
        }
    }

    /// Recorded interactions no request used.
    public var unusedInteractions: [(cassette: String, index: Int)] { replayer.unusedInteractions }

    public var counts: Journal.Counts { replayer.journal.counts }

    public func stop() async {
        await server.stop()
    }
}

/// Runs `body` with a replay server and stops the server afterwards, also when `body` throws.
///
/// `body` runs on the caller's actor (`isolation` defaults to it), so a `@MainActor` test can touch its own state in it.
public func withReplayServer<T>(
    cassettes: [String], options: ReplayOptions = ReplayOptions(), file: StaticString = #filePath,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (ReplayServer) async throws -> T
) async throws -> T {
    let server = try ReplayServer.start(cassettes: cassettes, options: options, file: file)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}
