import Foundation
import MockAPICore

/// A test's cassette and the server in front of it, on 127.0.0.1 and a free port: it replays the cassette, records
/// it, or both, as the ``RecordMode`` says. Point the client under test at ``baseURL``.
///
/// Made by ``withCassette(_:upstream:mode:redaction:options:strict:tls:file:function:isolation:_:)`` or the
/// `.cassette(…)` test trait (inside such a test, ``current`` is the server); either one checks the requests when
/// the test ends: a request that matched no recording fails the test with its nearest recorded neighbours.
public final class CassetteServer: Sendable {
    /// The server of the `.cassette(…)` trait around the running test; nil outside such a test.
    @TaskLocal public static var current: CassetteServer?

    /// The cassette's path under `Fixtures/` without `.json`: `github/issues`.
    public let name: String
    /// The cassette file, `…/Fixtures/github/issues.json`.
    public let file: String
    /// The mode in force: the test's, or `MOCKAPI_RECORD`'s, or `none` under `CI`.
    public let mode: RecordMode
    /// Whether requests may go to the upstream and be recorded (no cassette yet, ``RecordMode/all``, or
    /// ``RecordMode/newEpisodes``).
    public let isRecording: Bool
    /// Where the client under test sends its requests: `https` when started with ``ServerTLS``.
    public let baseURL: URL
    /// The certificate the server presents (PEM) when started with ``ServerTLS``, for the client to trust; else nil.
    public let certificatePEM: String?
    /// Whether recorded interactions that no request used fail the test.
    public let strict: Bool
    let backend: Backend

    enum Backend: Sendable {
        /// Replays the cassette; with ``RecordMode/newEpisodes`` also records what it cannot match into the file.
        case replay(ReplayServer)
        /// Records a whole new cassette into `staging`, which replaces the file when the test passes.
        case record(RecordingServer, staging: StagedRecording)
    }

    init(name: String, file: String, mode: RecordMode, strict: Bool, backend: Backend) {
        self.name = name
        self.file = file
        self.mode = mode
        self.strict = strict
        self.backend = backend
        switch backend {
        case .replay(let server):
            self.baseURL = server.baseURL
            self.certificatePEM = server.certificatePEM
            self.isRecording = mode == .newEpisodes
        case .record(let server, _):
            self.baseURL = server.baseURL
            self.certificatePEM = server.certificatePEM
            self.isRecording = true
        }
    }

    /// Every request the server answered so far, replayed or recorded, oldest first.
    public var requests: [JournalEntry] {
        switch backend {
        case .replay(let server): server.requests
        case .record(let server, _): server.journal.entries().filter { !$0.isAdmin }
        }
    }

    /// The requests that fit a pattern (`"GET /repos/*/issues"`), oldest first.
    public func requests(matching pattern: RequestPattern) -> [JournalEntry] {
        requests.filter(pattern.matches)
    }

    /// The requests that matched no recording, with their near-miss reports.
    public var unmatched: [UnmatchedReport] { Verification.unmatched(in: requests) }

    /// Recorded interactions no request used (none while recording a new cassette).
    public var unusedInteractions: [InteractionReference] {
        guard case .replay(let server) = backend else { return [] }
        return server.unusedInteractions
    }

    /// Throws, listing them, when recorded interactions were never used.
    public func assertAllUsed() throws {
        guard case .replay(let server) = backend else { return }
        try server.assertAllUsed(cassette: name)
    }

    /// Throws, with each near-miss report, when requests matched no recording.
    public func assertNoUnmatched() throws {
        try Verification.noUnmatched(unmatched, cassette: nil)
    }

    /// Requests mockapi answered with an error of its own while recording (the upstream failed, a write was refused).
    var failedRecordings: [(entry: JournalEntry, reason: String)] {
        requests.compactMap { entry in
            if case .failed(let reason) = entry.outcome { return (entry, reason) }
            return nil
        }
    }
}

extension JournalEntry {
    var isAdmin: Bool {
        if case .admin = outcome { return true }
        return false
    }
}
