import ArgumentParser
import Foundation
import Logging
import MockAPICore
import MockAPIJSON
import MockAPIServer

extension MockAPI {
    /// `mockapi record`: a reverse proxy that saves every interaction to a cassette.
    package struct Record: AsyncParsableCommand {
        package static let configuration = CommandConfiguration(
            abstract: "Record a real API into a cassette, through a reverse proxy on 127.0.0.1.",
            discussion: """
                Point your client's base URL at the printed URL and use it as usual. Each request is forwarded to the \
                upstream with its method, path, raw query, headers and body; redirects are passed back, never \
                followed. The interaction is on disk before the answer goes back to the client: appended to a \
                write-ahead log beside the cassette (.NAME.json.wal) and synced; concurrent interactions share one sync. \
                The log is folded into the cassette (replaced atomically, so always a valid cassette) as it grows \
                and when mockapi stops. If mockapi is killed, nothing answered is lost: `mockapi serve` reads the \
                log, and the next `mockapi record` on that cassette folds it in. Compressed answers (gzip, \
                deflate, br) reach the client as sent and are stored decoded, readable as JSON or text.

                Absolute upstream URLs in the answers the client receives (Link and Location headers, JSON and text \
                bodies) are rewritten to this proxy, as replay does, so a client that follows a `next` link or a \
                redirect stays on the proxy and that page is recorded too. The cassette keeps the upstream's own URLs. \
                A rewritten body goes to the client decoded, without its Content-Encoding. --no-rewrite turns this off.

                Several upstreams: --upstream /qiita=https://qiita.com --upstream https://api.github.com sends \
                /qiita/… to Qiita (without the prefix) and everything else to GitHub. `mockapi serve` replays the \
                cassette under the same prefixes.

                An existing cassette needs --mode: new adds the new interactions after the recorded ones (identical \
                requests are then answered in recorded order, the old answer first); all records afresh into a hidden \
                .NAME.json.recording beside it, which replaces the cassette only when mockapi stops cleanly \
                (SIGINT/SIGTERM, at least one interaction recorded, the file completed); killed or failed, the old \
                cassette stays as it was. With --mode all, an answer the same in meaning as the one recorded for the \
                same request (same status, JSON equal by value, same headers but volatile ones such as Date, request \
                ids and rate-limit counters) is written back exactly as it was recorded, so re-recording an API that \
                did not change leaves the file as it was. Without --mode an existing cassette is refused. A file that \
                is not a valid cassette is only ever replaced by --mode all.

                Secrets never reach disk, and nothing else is scrubbed, so replay gives the recorded answers. \
                Scrubbed by default: by name, the Authorization, Proxy-Authorization, Cookie, Set-Cookie, X-Api-Key \
                and Private-Token headers and the access_token, refresh_token, id_token, client_secret, password, \
                api_key and private_token parameters and JSON fields; a header, parameter or JSON field whose name \
                only contains token, secret, password, api_key or session when its value could be a credential (not \
                a boolean, number, date, enum-like word or pagination cursor); by shape, anywhere, GitHub tokens \
                (ghp_, gho_, github_pat_, …), JWTs, AWS, Slack, Stripe and Google keys and Bearer values (not a \
                40-hex commit sha). Values become <redacted> (an auth scheme stays: "Bearer <redacted>"), and replay \
                matches any value there. A scrubbed token found elsewhere as a whole value is replaced too. Keep a \
                value with --keep-header, --keep-query or --keep-json-field, or start from nothing with \
                --no-default-redaction. When scrubbing makes two recorded requests one, a warning names both. Before \
                writing, mockapi checks that no scrubbed or --redact-env value is left in the bytes; if one is, \
                nothing is written and the client gets 502.

                When the upstream cannot answer (refused, reset, unknown host, timeout) the client gets 502, or 504 \
                for a timeout, with a JSON body saying what failed; nothing is recorded. A call still waiting when \
                mockapi stops gets 503, with a body saying the recorder is stopping. Upstream 4xx and 5xx \
                answers are recorded like any other.

                A folder it creates for the cassette gets a .gitignore for what a killed recorder leaves beside \
                cassettes (.*.wal, .*.recording); mockapi lint and mockapi serve name such a write-ahead log and say \
                how to fold it in or drop it.

                On SIGINT/SIGTERM it prints a summary: interactions per upstream, bytes written for them (log lines \
                and file rewrites), redactions, errors; and once a --mode all recording replaced the cassette, how \
                many answers were kept as they were and what changed (the summary and first lines of mockapi diff).
                Exit status: 0, 2 when it could not start (a broken cassette, a port in use), or 64 for a bad option.

                Examples:
                  mockapi record --upstream https://api.github.com \\
                      --cassette Fixtures/github/my-session.json --redact-env GITHUB_TOKEN
                  mockapi record --upstream /qiita=https://qiita.com \\
                      --upstream https://api.github.com --cassette Fixtures/both.json
                  mockapi record --upstream https://api.example.com --port 0 \\
                      --ready-file /tmp/mockapi.url --cassette Fixtures/example.json
                  mockapi record --upstream https://api.example.com --cassette x.json \\
                      --redact-header X-Session-Key --redact-json-field '$.user.email'
                Then replay it: mockapi serve Fixtures/github/my-session.json
                """)

        @OptionGroup package var recording: RecordOptions

        @Option(
            help: ArgumentHelp(
                "What to do with an existing cassette: new (add to it) or all (record afresh; replaces it when mockapi "
                    + "stops cleanly).", valueName: "mode"))
        package var mode: RecordingMode?

        @OptionGroup package var volatile: VolatileHeaderOptions

        @Flag(
            name: .customLong("no-rewrite"),
            help: "Hand upstream URLs (https://api.github.com/…) in answers to the client unchanged.")
        package var noRewrite = false

        @OptionGroup package var server: ServerOptions

        package init() {}

        package func validate() throws {
            try recording.validate(for: "mockapi record", environment: ProcessInfo.processInfo.environment)
            if mode == nil, let cassette = recording.cassette, FileManager.default.fileExists(atPath: cassette) {
                throw ValidationError(
                    "--cassette \(cassette) exists: pass --mode new to add to its interactions, or --mode all to record it "
                        + "afresh (it is replaced when mockapi stops cleanly).")
            }
        }

        package func run() async throws {
            let logger = Logging.makeLogger(level: server.logLevel.level)
            try server.startExitWatch()
            let cassette = recording.cassette ?? ""
            let staged = mode == .all && FileManager.default.fileExists(atPath: cassette)
                ? StagedRecording(replacing: cassette) : nil
            let footprint = RecordingFootprint(cassette: staged?.staging ?? cassette)
            let previous = staged.flatMap { try? Cassette.load(file: $0.file) }
                .map { PreviousRecording($0, volatileHeaders: volatile.names) }
            let session: RecordingSession
            do {
                session = try RecordingSession(
                    options: recording, environment: ProcessInfo.processInfo.environment, into: staged?.staging,
                    mode: staged == nil ? .append : .overwrite, name: RecordingSession.name(of: cassette),
                    previous: previous)
            } catch {
                footprint.undo()
                throw error
            }
            if let createdFolder = footprint.createdFolder { RecordingFolder.writeGitignore(in: createdFolder) }
            let running: RunningApp<Recorder>
            do {
                running = try MockAPIApp.record(
                    session, rewriteURLs: !noRewrite, journal: Journal(capacity: server.journalSize),
                    adminToken: server.adminToken, configuration: server.configuration(), logger: logger)
            } catch {
                // Nothing was recorded: the folder is left as it was.
                session.abandon()
                footprint.undo()
                throw CommandFailure(error)
            }
            Terminal.writeError(Record.startNote(cassette: cassette, previous: previous?.cassette, staged: staged,
                                                 appendingTo: session.writer.existingInteractions))
            server.warnIfReachableFromOtherMachines(logger)
            try ReadyAnnouncement.announce(
                url: running.baseURL, readyFile: server.readyFile, what: session.description,
                certificateFile: server.tls.clientCertificateFile)

            let signal = await Signals.waitForTermination()
            let completed = await running.stopReporting()
            let counts = running.journal.counts
            let served = counts.requests - counts.admin
            Terminal.writeError(
                "mockapi: stopped (\(Signals.name(signal))) after \(served) request\(served == 1 ? "" : "s"): "
                    + "\(counts.recorded) recorded, \(counts.failed) failed\n"
                    + RecordSummary(file: cassette, statistics: session.statistics.snapshot,
                                    writer: session.writer.statistics).text)
            if let staged, try Record.settle(staged, completed: completed, recorded: session.writer.statistics.appended),
                let previous
            {
                Terminal.writeError(Record.review(of: staged.file, replacing: previous))
            }
        }

        /// What a `--mode all` recording changed, said once it replaced the cassette: how many answers were kept as
        /// they were, then the summary and first lines of `mockapi diff`.
        static func review(of file: String, replacing previous: PreviousRecording) -> String {
            guard let new = try? Cassette.load(file: file) else { return "" }
            return previous.review(of: new, name: RecordingSession.name(of: file), file: file)
                .map { "mockapi: \(file): \($0)\n" }.joined()
        }

        /// What recording does to the cassette, said before it starts.
        static func startNote(cassette: String, previous: Cassette?, staged: StagedRecording?, appendingTo existing: Int) -> String {
            if staged != nil {
                let old = previous.map {
                    "its \($0.interactions.count) recorded interaction\($0.interactions.count == 1 ? "" : "s")"
                } ?? "the file there (not a valid cassette)"
                return "mockapi: \(cassette): recording afresh (--mode all); the new recording replaces \(old) when "
                    + "mockapi stops cleanly\n"
            }
            guard existing > 0 else { return "" }
            return "mockapi: \(cassette): appending to \(existing) recorded interaction\(existing == 1 ? "" : "s") (--mode new)\n"
        }

        /// Installs a `--mode all` recording over the cassette when it is complete and holds something; else drops it
        /// and keeps the cassette, saying why.
        /// - Returns: whether the recording replaced the cassette.
        static func settle(_ staged: StagedRecording, completed: Bool, recorded: Int) throws -> Bool {
            guard completed, recorded > 0 else {
                staged.discard()
                let why = completed ? "nothing was recorded" : "the recording could not be completed"
                Terminal.writeError("mockapi: \(staged.file): kept as it was: \(why) (--mode all)\n")
                return false
            }
            do { try staged.install() } catch {
                throw CommandFailure("\(staged.file): the new recording could not replace it: \(error) (it is in \(staged.staging))")
            }
            Terminal.writeError("mockapi: \(staged.file): replaced by the new recording (\(recorded) interaction\(recorded == 1 ? "" : "s"))\n")
            return true
        }
    }
}
