import Logging
import MockAPICore
import Synchronization

/// The composition root: the one place where mockapi's servers are put together. Each mode binds the listener first,
/// builds what needs the server's URL with it (replay's scoped views and URL rewriting, the recorder's rewriting),
/// puts the admin endpoints and the mode's service behind one ``Router``, and hands the finished responder to
/// ``MicroHTTPDServer``. `mockapi serve`, `mockapi record` and the in-process test servers all start here.
package enum MockAPIApp {
    /// Replay of `cassettes`; with `recordingMissing`, what no recording matches is forwarded upstream and recorded
    /// (`serve --record-missing`, the `newEpisodes` record mode).
    ///
    /// `recordingMissing` stays the caller's when this throws; once it returns, ``RunningApp/stop()`` finishes it.
    /// - Parameters:
    ///   - sources: the files and folders the cassettes were loaded from, for reloads; empty if none.
    ///   - adminToken: lets clients from other machines use the admin endpoints (see ``AdminResponder``).
    ///   - logger: also gets a warning for each unmatched request.
    package static func replay(
        cassettes: [LoadedCassette], sources: [String] = [], unloadable: [UnloadableCassette] = [],
        options: ReplayOptions = ReplayOptions(),
        conditions: ReplayConditions = .none, recordingMissing: RecordingSession? = nil, journal: Journal = Journal(),
        adminToken: String? = nil, configuration: ServerConfiguration, logger: Logger
    ) throws -> RunningApp<ReplayService> {
        let listener = try ListenSocket(configuration)
        let baseURL = listener.baseURL
        let service = ReplayService(
            cassettes: cassettes, sources: sources, unloadable: unloadable, options: options, conditions: conditions,
            baseURL: baseURL,
            journal: journal,
            fallback: recordingMissing?.recorder(
                journal: journal, clientBaseURL: options.rewriteURLs ? baseURL : nil,
                maximumMessageBytes: configuration.maxWebSocketMessageBytes, logger: logger),
            onUnmatched: { logger.warning("\($0.line)") })
        let admin = AdminResponder(journal: journal, replay: service, accessToken: adminToken) {
            service.healthFacts + (recordingMissing.map { [$0.writerFact] } ?? [])
        }
        return try RunningApp(
            service: service, recording: recordingMissing, journal: journal,
            server: MicroHTTPDServer(
                listener: listener, configuration: configuration, logger: logger,
                responder: Router(admin: admin, main: service)))
    }

    /// A recording proxy: every request goes to its upstream, and the interaction is in the session's cassette
    /// before the client gets its answer.
    ///
    /// `recording` stays the caller's when this throws; once it returns, ``RunningApp/stop()`` finishes it.
    /// - Parameter rewriteURLs: whether upstream URLs in what the client receives point back at this server.
    package static func record(
        _ recording: RecordingSession, rewriteURLs: Bool = true, journal: Journal = Journal(), adminToken: String? = nil,
        configuration: ServerConfiguration, logger: Logger
    ) throws -> RunningApp<Recorder> {
        let listener = try ListenSocket(configuration)
        let recorder = recording.recorder(
            journal: journal, clientBaseURL: rewriteURLs ? listener.baseURL : nil,
            maximumMessageBytes: configuration.maxWebSocketMessageBytes, logger: logger)
        let admin = AdminResponder(journal: journal, accessToken: adminToken) { recording.healthFacts }
        return try RunningApp(
            service: recorder, recording: recording, journal: journal,
            server: MicroHTTPDServer(
                listener: listener, configuration: configuration, logger: logger,
                responder: Router(admin: admin, main: recorder)))
    }
}

/// A server ``MockAPIApp`` assembled, with the service behind it (``ReplayService`` or ``Recorder``) as it was
/// built, never cast back out of the server.
package final class RunningApp<Service: Responder>: Sendable {
    /// Replay's or recording's state.
    package let service: Service
    /// Every request the server answered, admin calls included.
    package let journal: Journal
    /// What the server records into, if it records; finished by ``stop()``.
    package let recording: RecordingSession?
    private let server: MicroHTTPDServer
    private let stopped = Atomic<Bool>(false)

    init(service: Service, recording: RecordingSession?, journal: Journal, server: MicroHTTPDServer) {
        self.service = service
        self.recording = recording
        self.journal = journal
        self.server = server
    }

    deinit {
        // Dropped without stop(): the server answers its parked connections itself as it goes; the upstream client
        // must still be shut down (AsyncHTTPClient traps otherwise). What was recorded is safe in the write-ahead
        // log beside the cassette, which the next reader folds in.
        if !stopped.load(ordering: .acquiring) { recording?.abandon() }
    }

    /// `http://127.0.0.1:PORT`: what clients use as their base URL.
    package var baseURL: String { server.baseURL }
    /// The bound port (the one picked when configured with 0).
    package var port: Int { server.port }

    /// Stops the server (every parked connection is answered first), then folds what was recorded into the cassette
    /// file and closes upstream connections. Throws when the cassette file could not be completed; its write-ahead
    /// log still holds every interaction. Safe to call twice; the second call does nothing.
    package func stop() async throws(CassetteWriterError) {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        await server.stop()
        try await recording?.finish()
    }
}
