import Logging
import MockAPICore
import MockAPIServer

/// What an in-process recorder needs besides the server: the routes, the scrubbing rules, the open cassette writer and
/// the upstream client. Shared by ``RecordingServer`` and by a ``ReplayServer`` that records what it cannot match
/// (``RecordMode/newEpisodes``).
struct RecordingParts: Sendable {
    let routes: UpstreamRoutes
    let rules: RedactionRules
    let writer: CassetteWriter
    let upstream: HTTPClientUpstream
    /// How the journal names the cassette.
    let name: String
    let logger: Logger

    init(upstreams: [UpstreamRoute], cassette: String, name: String, rules: RedactionRules, mode: CassetteWriter.Mode,
         upstreamTimeout: Double, maximumBatch: Int) throws {
        var logger = Logger(label: "mockapi.testing.record")
        logger.logLevel = .critical
        self.logger = logger
        self.routes = try UpstreamRoutes(upstreams)
        self.rules = rules
        self.writer = try CassetteWriter(file: cassette, mode: mode, forbidding: rules.literals, maximumBatch: maximumBatch)
        self.upstream = HTTPClientUpstream(options: .init(timeout: upstreamTimeout))
        self.name = name
    }

    /// The recorder for a server at `baseURL` (answers the client receives point back at it).
    func recorder(journal: Journal, baseURL: String) -> Recorder {
        Recorder(
            routes: routes, upstream: upstream, redactor: Redactor(rules: rules), writer: writer, journal: journal,
            cassetteName: name, clientBaseURL: baseURL, logger: logger)
    }

    /// Folds the journal into the cassette file and closes upstream connections; call after the server stopped.
    func finish() async throws(CassetteWriterError) {
        do { try await writer.finish() } catch {
            await upstream.shutdown()
            throw error
        }
        await upstream.shutdown()
    }

    /// Closes upstream connections from synchronous code that is failing anyway.
    func abandon() {
        let upstream = self.upstream
        Task { await upstream.shutdown() }
    }
}
