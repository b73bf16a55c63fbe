import Logging
import MockAPICore
import MockAPIJSON
import NIOSSL

/// What recording needs besides the server: the routes, the scrubbing rules, the cassette writer (opened, so a bad
/// cassette or folder fails before the server starts), the upstream client and the counts. Made once per recording,
/// by `mockapi record`, `mockapi serve --record-missing`, ``MockAPIApp`` callers in tests; the recorder the
/// composition root builds uses it, and whoever made it calls ``finish()`` once the server has stopped.
package struct RecordingSession: Sendable {
    package let routes: UpstreamRoutes
    package let rules: RedactionRules
    package let writer: CassetteWriter
    package let upstream: HTTPClientUpstream
    /// The writes of recorded WebSocket conversations still in progress, which ``finish()`` waits for.
    package let conversationWrites = ConversationWrites()
    package let statistics = RecorderStatistics()
    /// How the journal names the cassette: its file name without `.json` unless given.
    package let name: String
    /// The largest answer body recorded (also the largest the upstream client accepts, as it comes).
    package let maximumBodyBytes: Int
    /// The cassette this recording replaces, whose unchanged answers are written back as they were; nil when it adds
    /// to a cassette or starts one.
    package let previous: PreviousRecording?
    /// The mockapi release noted in each new interaction; nil: not noted.
    package let version: String?

    /// Opens (or creates) the cassette.
    /// - Parameters:
    ///   - mode: whether an existing cassette is added to or replaced.
    ///   - maximumBatch: the most interactions one cassette write carries.
    ///   - upstreamTimeout: seconds the upstream has for a complete answer.
    ///   - upstreamTrust: certificates trusted for HTTPS upstreams besides the system's authorities.
    ///   - previous: the cassette a new recording (`mode` overwrite) replaces: its top-level members are kept, and
    ///     so is each interaction whose answer did not change in meaning.
    ///   - version: the mockapi release, noted in each new interaction.
    ///   - beforeSync: runs on the cassette writer's thread before each write-ahead log sync (tests hold it).
    package init(routes: UpstreamRoutes, rules: RedactionRules = .standard, cassette: String, name: String? = nil,
                mode: CassetteWriteMode = .append, maximumBatch: Int = .max, upstreamTimeout: Double = 30,
                maximumBodyBytes: Int = 256 << 20, upstreamTrust: [NIOSSLCertificate] = [],
                previous: PreviousRecording? = nil, version: String? = nil,
                beforeSync: (@Sendable () -> Void)? = nil) throws(CassetteWriterError) {
        self.routes = routes
        self.rules = rules
        self.previous = previous
        self.version = version
        self.writer = try CassetteWriter(
            file: cassette, mode: mode, replacing: previous?.cassette.withoutInteractions, forbidding: rules.literals,
            maximumBatch: maximumBatch, beforeSync: beforeSync)
        self.name = name ?? RecordingSession.name(of: cassette)
        self.maximumBodyBytes = maximumBodyBytes
        self.upstream = HTTPClientUpstream(
            options: .init(timeout: upstreamTimeout, maximumBodyBytes: maximumBodyBytes, trustedCertificates: upstreamTrust))
    }

    /// The recorder for a server; answers the client receives point back at `clientBaseURL` (nil: left unchanged).
    /// WebSocket handshakes go to the upstreams over `ws`/`wss`, messages up to `maximumMessageBytes` (the server's
    /// `--max-message`, for both sides of a conversation).
    func recorder(journal: Journal, clientBaseURL: String?, maximumMessageBytes: Int, logger: Logger) -> Recorder {
        Recorder(
            routes: routes, upstream: upstream,
            webSockets: WebSocketUpstreamClient(options: upstream.options, maximumMessageBytes: maximumMessageBytes),
            conversationWrites: conversationWrites, redactor: Redactor(rules: rules), writer: writer, journal: journal,
            statistics: statistics, cassetteName: name, maximumBodyBytes: maximumBodyBytes, clientBaseURL: clientBaseURL,
            previous: previous, version: version, logger: logger)
    }

    /// Waits for writes in progress (the conversations the server's stop ended among them), folds the write-ahead log
    /// into the cassette file, and closes upstream connections (also when the fold fails); call after the server
    /// stopped.
    package func finish() async throws(CassetteWriterError) {
        await conversationWrites.wait()
        do { try await writer.finish() } catch {
            await upstream.shutdown()
            throw error
        }
        await upstream.shutdown()
    }

    /// Closes upstream connections from synchronous code that is failing anyway (the server could not start).
    package func abandon() {
        let upstream = self.upstream
        Task { await upstream.shutdown() }
    }

    /// What `GET /__mockapi/health` says about recording: read without waiting for the writer's disk work.
    package var healthFacts: [JSONMember] {
        let written = writer.statistics
        return [
            JSONMember("mode", .string("record")),
            JSONMember("cassette", .string(writer.file)),
            JSONMember("interactions", .integer(written.interactions)),
            JSONMember("recorded", .integer(written.appended)),
            JSONMember("upstreams", .array(routes.routes.map { .string($0.description) })),
            writerFact,
        ]
    }

    /// The writer's state in health: appends queued for its thread, the last sync's duration, why it stopped or
    /// what last failed.
    package var writerFact: JSONMember {
        let written = writer.statistics
        var state = [
            JSONMember("queued", .integer(writer.queueDepth)),
            JSONMember("lastSyncMs", .number(Interaction.format(milliseconds: written.lastSyncMilliseconds))),
        ]
        if let stopped = written.stopped { state.append(JSONMember("stopped", .string(stopped))) }
        if let failure = written.lastFailure { state.append(JSONMember("lastFailure", .string(failure))) }
        return JSONMember("writer", .object(state))
    }

    /// `a recorder: https://api.github.com → Fixtures/x.json`, for the ready line.
    package var description: String {
        let targets = routes.routes.reversed().map(\.description).joined(separator: ", ")
        return "a recorder: \(targets) → \(writer.file)"
    }

    /// `github/my-session` for `Fixtures/github/my-session.json`: the file name without `.json`.
    package static func name(of file: String) -> String {
        let base = FileIO.basename(of: file)
        return base.hasSuffix(".json") ? String(base.dropLast(5)) : base
    }
}
