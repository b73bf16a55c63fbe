import Foundation
import MockAPICore
import MockAPIServer
import NIOSSL

extension RecordingSession {
    /// What `record` and `serve --record-missing` record with, from their options: into `file` (the `--cassette`
    /// unless given, as a staged recording is), added to or replaced as `mode` says.
    /// - Throws: ``CommandFailure`` (exit status 2) when the cassette cannot be opened.
    /// Each new interaction notes this mockapi's release; `previous` is the cassette a `--mode all` recording replaces.
    init(options: RecordOptions, environment: [String: String], into file: String? = nil, mode: CassetteWriteMode = .append,
         name: String? = nil, previous: PreviousRecording? = nil) throws {
        let routes = try options.routes()
        let rules = try options.redactionRules(environment: environment)
        let trusted: [NIOSSLCertificate]
        do { trusted = try options.upstreamCA.map(HTTPClientUpstream.trustedCertificates(inPEMFile:)) ?? [] } catch {
            throw CommandFailure(error)
        }
        do {
            try self.init(
                routes: routes, rules: rules, cassette: file ?? options.cassette ?? "", name: name, mode: mode,
                maximumBatch: options.maxBatch ?? .max, upstreamTimeout: options.upstreamTimeout,
                maximumBodyBytes: options.maxResponse.bytes, upstreamTrust: trusted, previous: previous,
                version: MockAPI.version)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Says on stderr that the cassette file could not be completed, and why nothing is lost.
    static func report(_ error: CassetteWriterError) {
        Terminal.writeError("mockapi: error: \(error) (the write-ahead log beside it still holds every interaction; "
            + "mockapi reads it, and the next `mockapi record` on this cassette folds it in)\n")
    }

    /// The recording cassette, when it already holds interactions and is not among `paths` (a file or a folder
    /// above it): `serve --record-missing` replays it too.
    func cassetteToReplay(besides paths: [String]) -> [String] {
        guard writer.existingInteractions > 0 else { return [] }
        let file = RecordingSession.absolute(writer.file)
        let covered = paths.map(RecordingSession.absolute).contains { path in
            file == path || file.hasPrefix(path.hasSuffix("/") ? path : path + "/")
        }
        return covered ? [] : [writer.file]
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}

extension RunningApp {
    /// Stops the server and finishes recording; says on stderr when the cassette file could not be completed.
    /// - Returns: whether the recording was completed.
    @discardableResult
    func stopReporting() async -> Bool {
        do { try await stop() } catch {
            RecordingSession.report(error)
            return false
        }
        return true
    }
}
