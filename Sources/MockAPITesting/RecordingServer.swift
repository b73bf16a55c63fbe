import Foundation
import Logging
import MockAPICore
import MockAPIServer

/// A recording proxy running inside the test process, on 127.0.0.1 and a free port: what `mockapi record` runs,
/// without the command line. Point a client at ``baseURL``; each interaction is in ``cassette`` (on disk, scrubbed)
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
    public let baseURL: URL
    public let recorder: Recorder
    private let server: MicroHTTPDServer
    private let parts: RecordingParts

    /// Opens (or creates) the cassette and starts the proxy.
    /// - Parameters:
    ///   - name: how the journal names the cassette; its file name without `.json` unless given.
    ///   - rules: what to scrub; the defaults of `mockapi record` unless given.
    ///   - mode: whether an existing cassette is added to or replaced.
    ///   - upstreamTimeout: seconds the upstream has for a complete answer.
    ///   - maximumBatch: the most interactions one cassette write carries.
    public init(upstreams: [UpstreamRoute], cassette: String, name: String? = nil, rules: RedactionRules = .standard,
                mode: CassetteWriter.Mode = .append, upstreamTimeout: Double = 30, maximumBatch: Int = .max,
                maxBodyBytes: Int = 16 << 20) throws {
        let parts = try RecordingParts(
            upstreams: upstreams, cassette: cassette, name: name ?? RecordingServer.name(of: cassette), rules: rules,
            mode: mode, upstreamTimeout: upstreamTimeout, maximumBatch: maximumBatch)
        let journal = Journal()
        let configuration = ServerConfiguration(host: "127.0.0.1", port: 0, maxBodyBytes: maxBodyBytes)
        let server: MicroHTTPDServer
        do {
            server = try MicroHTTPDServer(configuration: configuration, logger: parts.logger) { baseURL in
                Router(admin: AdminResponder(journal: journal) { [] }, main: parts.recorder(journal: journal, baseURL: baseURL))
            }
        } catch {
            parts.abandon()
            throw error
        }
        guard let router = server.responder as? Router, let recorder = router.main as? Recorder,
            let url = URL(string: server.baseURL)
        else {
            throw ServerError.startFailed(reason: "unexpected responder")
        }
        self.server = server
        self.parts = parts
        self.recorder = recorder
        self.baseURL = url
    }

    /// How the journal names a cassette: its file name without `.json`.
    static func name(of file: String) -> String {
        let base = FileIO.basename(of: file)
        return base.hasSuffix(".json") ? String(base.dropLast(5)) : base
    }

    public var journal: Journal { recorder.journal }
    public var statistics: RecorderStatistics.Snapshot { recorder.statistics.snapshot }
    public var writer: CassetteWriter { recorder.writer }

    /// Stops accepting, waits for requests in progress (their interactions are written), folds the journal into the
    /// cassette file, closes upstream connections.
    public func stop() async {
        try? await finish()
    }

    /// ``stop()``, saying when the cassette file could not be completed (its journal still holds every interaction).
    func finish() async throws(CassetteWriterError) {
        await server.stop()
        try await parts.finish()
    }
}
