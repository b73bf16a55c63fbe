import ArgumentParser
import Foundation
import Logging
import MockAPICore
import MockAPIServer

/// What recording needs, built from ``RecordOptions``: the routes, the scrubbing rules, the cassette writer (opened,
/// so a bad cassette or folder fails before the server starts) and the upstream client. Shared by `record` and
/// `serve --record-missing`.
struct RecordingSetup {
    let routes: UpstreamRoutes
    let rules: RedactionRules
    let writer: CassetteWriter
    let upstream: HTTPClientUpstream
    let statistics = RecorderStatistics()
    let maximumBodyBytes: Int

    /// - Throws: `ExitCode(2)` after printing why, when the cassette cannot be opened.
    init(options: RecordOptions, environment: [String: String]) throws {
        self.routes = try options.routes()
        self.rules = try options.redactionRules(environment: environment)
        let file = options.cassette ?? ""
        do {
            self.writer = try CassetteWriter(
                file: file, mode: options.overwrite ? .overwrite : .append, forbidding: rules.literals,
                maximumBatch: options.maxBatch ?? .max)
        } catch {
            Terminal.writeError("mockapi: error: \(error)\n")
            throw ExitCode(2)
        }
        self.maximumBodyBytes = options.maxResponse.bytes
        self.upstream = HTTPClientUpstream(
            options: .init(timeout: options.upstreamTimeout, maximumBodyBytes: options.maxResponse.bytes))
    }

    /// - Parameter clientBaseURL: the server's own URL, to which upstream URLs in answers are rewritten; nil keeps them.
    func recorder(journal: Journal, clientBaseURL: String?, logger: Logger) -> Recorder {
        Recorder(
            routes: routes, upstream: upstream, redactor: Redactor(rules: rules), writer: writer, journal: journal,
            statistics: statistics, cassetteName: RecordingSetup.name(of: writer.file), maximumBodyBytes: maximumBodyBytes,
            clientBaseURL: clientBaseURL, logger: logger)
    }

    /// Waits for writes in progress, folds the journal into the cassette file, and closes upstream connections.
    func finish() async {
        do { try await writer.finish() } catch {
            Terminal.writeError("mockapi: error: \(error) (the journal beside it still holds every interaction; "
                + "mockapi reads it, and the next `mockapi record` on this cassette folds it in)\n")
        }
        await upstream.shutdown()
    }

    /// `github/my-session` for `Fixtures/github/my-session.json`: the file name without `.json`.
    static func name(of file: String) -> String {
        let base = FileIO.basename(of: file)
        return base.hasSuffix(".json") ? String(base.dropLast(5)) : base
    }

    /// `a recorder: https://api.github.com → Fixtures/x.json`, for the ready line.
    var description: String {
        let targets = routes.routes.reversed().map(\.description).joined(separator: ", ")
        return "a recorder: \(targets) → \(writer.file)"
    }
}


extension RecordingSetup {
    /// The recording cassette, when it already holds interactions and is not among `paths` (a file or a folder
    /// above it): `serve --record-missing` replays it too.
    func cassetteToReplay(besides paths: [String]) -> [String] {
        guard writer.existingInteractions > 0 else { return [] }
        let file = RecordingSetup.absolute(writer.file)
        let covered = paths.map(RecordingSetup.absolute).contains { path in
            file == path || file.hasPrefix(path.hasSuffix("/") ? path : path + "/")
        }
        return covered ? [] : [writer.file]
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
