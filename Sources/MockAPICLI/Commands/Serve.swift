import ArgumentParser
import Foundation
import Logging
import MockAPICore
import MockAPIJSON
import MockAPIServer

extension MockAPI {
    /// `mockapi serve`: replay cassettes.
    package struct Serve: AsyncParsableCommand {
        package static let configuration = CommandConfiguration(
            abstract: "Replay recorded interactions from cassettes.",
            discussion: """
                Loads every cassette (*.json) under the given files and folders, then answers each request with the \
                recorded answer whose method, path, query (in any order), body (JSON by meaning) and chosen headers \
                match. Identical requests get their recorded answers in order; the last one repeats. Match rules \
                leave parts out (--ignore-body, --ignore-json-field, --null-matches-absent, --ignore-query); a \
                cassette's "match" member gives its own, which add to these. vcrpy's default (no body) is \
                --ignore-body; Polly's matchRequestsBy.body: false too.

                A request that matches nothing gets status 404 (see --unmatched-status), the header \
                X-Mockapi-Unmatched: 1 and a JSON body naming the nearest recorded requests and what differs. The \
                same line goes to stderr.

                Absolute upstream URLs in Link/Location headers and bodies are rewritten to this server, so clients \
                following `next` links stay on the mock.

                With --record-missing, a request that matches nothing is forwarded to --upstream instead, and the \
                interaction is recorded into --cassette (as `mockapi record` does: scrubbed, on disk before the \
                answer), which is replayed too when it exists. It adds to an existing --cassette, by design (what \
                is recorded was not answered); to record one afresh, use mockapi record --mode all. Upstream URLs in forwarded answers are rewritten to \
                this server as in replay, so the client's next request comes back here.

                Each cassette also has a scoped base URL, the server's URL followed by /@ and the cassette's name \
                (http://127.0.0.1:8080/@github/paginate-issues): it answers from that cassette alone, with its own \
                replay order, so parallel tests that share one server do not disturb each other. The plain URL \
                answers from every cassette.

                Admin endpoints (JSON) under /__mockapi/, described by GET /__mockapi/openapi.json: health, \
                journal[?since=N&cassette=NAME], cassettes, unmatched[?since=N&cassette=NAME], unused[?cassette=NAME], \
                POST reset[?cassette=NAME&scope=journal,unmatched,positions], POST reload. \
                Open http://127.0.0.1:8080/__mockapi/ in a browser to watch requests arrive and compare a miss with \
                its nearest recordings.

                Any request may ask for a fault with the header X-Mockapi-Fault: 503, 429, reset, timeout or \
                truncate (or none, to be spared --fault-rate). A fault does not use up a recorded answer.

                On SIGINT/SIGTERM it prints a summary. Exit status: 0, or 1 with --fail-on-unmatched when a request \
                went unmatched or with --skip-broken when a cassette did not load, or 2 when the server could not start \
                (a broken cassette, a port in use).

                Examples:
                  Replay everything under Fixtures/ on http://127.0.0.1:8080:
                    mockapi serve Fixtures
                  Pick a free port; a script waits for the file and reads the URL from it:
                    mockapi serve Fixtures --port 0 --ready-file /tmp/mockapi.url
                  In CI: each recording answers once, and any unrecorded call fails the job:
                    mockapi serve Fixtures --strict --fail-on-unmatched
                  For a test runner: serve what loads, and stop when the runner (PID 4242) ends, however it ends:
                    mockapi serve Fixtures --port 0 --ready-file /tmp/mockapi.url --skip-broken --exit-with 4242
                  Also tell requests apart by their Accept header:
                    mockapi serve Fixtures --match-header accept
                  An LLM SDK that now leaves out n and null members, and makes fresh tool-call ids each run:
                    mockapi serve Fixtures --ignore-json-field '$.n' --null-matches-absent \\
                      --ignore-json-field '$.messages[*].tool_call_id'
                  A test's client that answers from one cassette only (the URL to give it):
                    http://127.0.0.1:8080/@github/paginate-issues
                  Answer as slowly as the recordings did (their durationMs; mockapi record writes it):
                    mockapi serve Fixtures --latency recorded
                  Wait 200 ms before every answer, or a random 50–300 ms (the same each run with --seed):
                    mockapi serve Fixtures --latency 200ms
                    mockapi serve Fixtures --latency 50ms..300ms --seed 7
                  Replay streamed answers (Server-Sent Events) with their recorded gaps, or twice as fast:
                    mockapi serve Fixtures --stream-timing recorded
                    mockapi serve Fixtures --stream-timing scale:0.5
                  Fail one request in ten with 503 or a reset connection, reproducibly:
                    mockapi serve Fixtures --fault-rate 0.1 --fault 503 --fault reset --seed 42
                  Reload a cassette when its file is saved (a broken edit keeps the old version):
                    mockapi serve Fixtures --watch
                  Replay what is recorded, forward and record what is missing:
                    mockapi serve Fixtures/github --record-missing --upstream https://api.github.com \\
                      --cassette Fixtures/github/new.json
                """)

        @Argument(help: ArgumentHelp("Cassette files, or folders searched for *.json.", valueName: "path"), completion: .file())
        package var cassettes: [String] = []

        @OptionGroup package var server: ServerOptions

        @Flag(help: "Answer each recorded interaction once: a request whose recorded answers are used up is unmatched.")
        package var strict = false

        @Flag(name: .customLong("no-rewrite"), help: "Replay upstream URLs (https://api.github.com/…) unchanged.")
        package var noRewrite = false

        @Option(name: .customLong("unmatched-status"), help: ArgumentHelp("Status of the answer to an unmatched request.", valueName: "code"))
        package var unmatchedStatus = 404

        @Flag(name: .customLong("fail-on-unmatched"), help: "Exit with status 1 if any request went unmatched.")
        package var failOnUnmatched = false

        @Flag(
            name: .customLong("record-missing"),
            help: "Forward what no cassette matches to --upstream and record it into --cassette (see the recording options).")
        package var recordMissing = false

        @Flag(help: "Reload a cassette when its file changes; a file that fails to load keeps its previous version.")
        package var watch = false

        @Flag(
            name: .customLong("skip-broken"),
            help: ArgumentHelp(
                "Serve the cassettes that load and list those that do not (on stderr and in GET /__mockapi/cassettes), "
                    + "instead of refusing to start; exit with status 1 at the end when any did not load.",
                discussion: "A request for a broken cassette's scoped URL gets 404 with the file, the place and why. "
                    + "For runners that share one server among many tests (the pytest plugin): a broken cassette fails "
                    + "only its own tests."))
        package var skipBroken = false

        @OptionGroup(title: "Matching (adds to each cassette's match rules)") package var matching: MatchOptions

        @OptionGroup(title: "Latency and faults") package var network: ConditionsOptions

        @OptionGroup(title: "Recording (with --record-missing)") package var recording: RecordOptions

        package init() {}

        package func validate() throws {
            guard !cassettes.isEmpty || recordMissing else {
                throw ValidationError("Give at least one cassette file or folder, for example: mockapi serve Fixtures")
            }
            if recordMissing {
                try recording.validate(for: "--record-missing", environment: ProcessInfo.processInfo.environment)
            } else if recording.isUsed {
                throw ValidationError("--upstream, --cassette and the --redact-*, --keep-* and --no-default-redaction options record; add --record-missing.")
            }
            guard (100...599).contains(unmatchedStatus) else {
                throw ValidationError("--unmatched-status must be an HTTP status from 100 to 599.")
            }
        }

        package func run() async throws {
            let logger = Logging.makeLogger(level: server.logLevel.level)
            try server.startExitWatch()
            let footprint = recordMissing ? RecordingFootprint(cassette: recording.cassette ?? "") : nil
            let session: RecordingSession?
            do {
                session = recordMissing
                    ? try RecordingSession(options: recording, environment: ProcessInfo.processInfo.environment) : nil
            } catch {
                footprint?.undo()
                throw error
            }
            let running: RunningApp<ReplayService>
            let loaded: [LoadedCassette]
            let unloadable: [UnloadableCassette]
            do {
                do {
                    (loaded, unloadable) = try CassetteLoader.loadWhatLoads(
                        cassettes + (session?.cassetteToReplay(besides: cassettes) ?? []))
                } catch {
                    throw CommandFailure(error.problems)
                }
                guard unloadable.isEmpty || skipBroken else { throw CommandFailure(unloadable.map(\.problem)) }
                do {
                    running = try MockAPIApp.replay(
                        cassettes: loaded, sources: cassettes, unloadable: unloadable,
                        options: ReplayOptions(
                            matchRules: try matching.rules(), strict: strict, rewriteURLs: !noRewrite, unmatchedStatus: unmatchedStatus,
                            streamTiming: network.streamTiming),
                        conditions: network.conditions(), recordingMissing: session,
                        journal: Journal(capacity: server.journalSize), adminToken: server.adminToken,
                        configuration: server.configuration(), logger: logger)
                } catch {
                    throw CommandFailure(error)
                }
            } catch {
                // Nothing was recorded: the folder is left as it was.
                session?.abandon()
                footprint?.undo()
                throw error
            }
            let replayer = running.service
            let watcher = watch ? try ReloadOnChange.start(replayer, paths: cassettes, logger: logger) : nil
            let conditions = replayer.conditions
            if conditions.isActive { logger.info("\(conditions.summary)") }
            if let warning = conditions.warning(for: loaded) { logger.warning("--latency \(warning)") }
            for warning in GraphQLRecordingCheck.warnings(for: loaded) { logger.warning("\(warning)") }
            for warning in MatchRuleCheck.warnings(for: replayer.options.matchRules, cassettes: loaded) {
                logger.warning("\(warning)")
            }
            for leftover in loaded.compactMap(LeftoverLog.find(for:)) { logger.warning("\(leftover)") }
            for broken in unloadable { logger.error("not served (--skip-broken): \(broken.problem)") }
            let interactions = replayer.interactionCount
            server.warnIfReachableFromOtherMachines(logger)
            try ReadyAnnouncement.announce(
                url: running.baseURL, readyFile: server.readyFile,
                what: "\(interactions) interaction\(interactions == 1 ? "" : "s") from \(loaded.count) cassette\(loaded.count == 1 ? "" : "s")",
                certificateFile: server.tls.clientCertificateFile)

            let signal = await Signals.waitForTermination()
            watcher?.stop()
            await running.stopReporting()
            let journal = running.journal
            let counts = journal.counts
            Terminal.writeError(ServeSummary(signal: signal, counts: counts, journal: journal, replayer: replayer).text)
            if let session {
                Terminal.writeError(
                    RecordSummary(file: session.writer.file, statistics: session.statistics.snapshot,
                                  writer: session.writer.statistics).text)
            }
            if failOnUnmatched && counts.unmatched > 0 { throw ExitCode(1) }
            if !replayer.unloadable.isEmpty {
                throw CommandFailure(
                    replayer.unloadable.map { "not served (--skip-broken): \($0.problem)" }, status: ExitCode(1))
            }
        }
    }
}
