import Foundation
import Logging
import MockAPICore
import MockAPIServer

/// A recording proxy running inside the test process, on 127.0.0.1 and a free port: what `mockapi record` runs,
/// without the command line. Point a client at ``baseURL``; each interaction is in the cassette file (on disk, scrubbed)
/// before the client gets its answer. Upstream URLs in the answers (`Link`, `Location`, bodies) point back at the
/// recorder, so a client that follows them is recorded too.
///
/// ```swift
/// let recorder = try RecordingServer(
///     upstreams: [UpstreamRoute(mount: "/", upstream: "https://api.github.com")], cassette: "/tmp/session.json")
/// let client = GitHubClient(baseURL: recorder.baseURL, token: token)
/// …
/// await recorder.stop()
/// ```
public final class RecordingServer: Sendable {
    /// Where the client under test sends its requests: they are forwarded to the upstream and recorded.
    public let baseURL: URL
    /// The certificate the proxy presents (PEM) when started with ``ServerTLS``, for the client to trust; else nil.
    public let certificatePEM: String?
    package let recorder: Recorder
    private let app: RunningApp<Recorder>

    /// Opens (or creates) the cassette and starts the proxy.
    /// - Parameters:
    ///   - upstreams: where to forward requests, by path prefix (the longest first).
    ///   - cassette: the cassette file to record into.
    ///   - name: how the journal names the cassette; its file name without `.json` unless given.
    ///   - rules: what to scrub; the defaults of `mockapi record` unless given.
    ///   - mode: whether an existing cassette is added to or replaced.
    ///   - upstreamTimeout: seconds the upstream has for a complete answer.
    ///   - maximumBatch: the most interactions one cassette write carries.
    ///   - maxBodyBytes: the largest request body taken; a larger one is answered 413.
    ///   - tls: serve HTTPS to the client (see ``ServerTLS``); ``certificatePEM`` is then the certificate to trust.
    public convenience init(upstreams: [UpstreamRoute], cassette: String, name: String? = nil,
                            rules: RedactionRules = .standard, mode: CassetteWriteMode = .append,
                            upstreamTimeout: Double = 30, maximumBatch: Int = .max, maxBodyBytes: Int = 16 << 20,
                            tls: ServerTLS? = nil) throws {
        try self.init(
            upstreams: upstreams, cassette: cassette, name: name, rules: rules, mode: mode,
            upstreamTimeout: upstreamTimeout, maximumBatch: maximumBatch, maxBodyBytes: maxBodyBytes,
            tlsMaterial: tls?.material())
    }

    /// - Parameters:
    ///   - tlsMaterial: the certificate and key to serve HTTPS with, already read or made.
    ///   - previous: the cassette this recording replaces; its unchanged answers are written back as they were.
    init(upstreams: [UpstreamRoute], cassette: String, name: String?, rules: RedactionRules, mode: CassetteWriteMode,
         upstreamTimeout: Double, maximumBatch: Int, maxBodyBytes: Int, tlsMaterial: TLSMaterial?,
         previous: PreviousRecording? = nil) throws {
        let session = try RecordingSession(
            routes: UpstreamRoutes(upstreams), rules: rules, cassette: cassette, name: name, mode: mode,
            maximumBatch: maximumBatch, upstreamTimeout: upstreamTimeout, previous: previous, version: BuildInfo.version)
        var logger = Logger(label: "mockapi.testing.record")
        logger.logLevel = .critical
        let app: RunningApp<Recorder>
        do {
            app = try MockAPIApp.record(
                session, configuration: ServerConfiguration(
                    host: "127.0.0.1", port: 0, maxBodyBytes: maxBodyBytes, tls: tlsMaterial),
                logger: logger)
        } catch {
            session.abandon()
            throw error
        }
        self.app = app
        self.recorder = app.service
        self.baseURL = try app.url
        self.certificatePEM = tlsMaterial?.certificatePEM
    }

    package var journal: Journal { recorder.journal }
    package var statistics: RecorderStatistics.Snapshot { recorder.statistics.snapshot }
    package var writer: CassetteWriter { recorder.writer }

    /// Every request the recorder answered so far, oldest first.
    public var requests: [JournalEntry] { recorder.journal.entries() }

    /// Stops accepting, waits for requests in progress (their interactions are written), folds the journal into the
    /// cassette file, closes upstream connections.
    public func stop() async {
        try? await finish()
    }

    /// ``stop()``, saying when the cassette file could not be completed (its journal still holds every interaction).
    func finish() async throws(CassetteWriterError) {
        try await app.stop()
    }
}

extension RunningApp {
    /// ``baseURL`` as a `URL`, for a client under test.
    var url: URL {
        get throws {
            guard let url = URL(string: baseURL) else { throw ServerError.startFailed(reason: "no URL in \(baseURL)") }
            return url
        }
    }
}
