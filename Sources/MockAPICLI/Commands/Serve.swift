import ArgumentParser
import Foundation
import Logging
import MockAPICore
import MockAPIJSON
import MockAPIServer

extension MockAPI {
    /// `mockapi serve`: replay cassettes.
    public struct Serve: AsyncParsableCommand {
        public static let configuration = CommandConfiguration(
            abstract: "Replay recorded interactions from cassettes.",
            discussion: """
                Loads every cassette (*.json) under the given files and folders, then answers each request with the \
                recorded answer whose method, path, query (in any order), body (JSON by meaning) and chosen headers \
                match. Identical requests get their recorded answers in order; the last one repeats.

                A request that matches nothing gets status 404 (see --unmatched-status), the header \
                X-Mockapi-Unmatched: 1 and a JSON body naming the nearest recorded requests and what differs. The \
                same line goes to stderr.

                Absolute upstream URLs in Link/Location headers and bodies are rewritten to this server, so clients \
                following `next` links stay on the mock.

                With --record-missing, a request that matches nothing is forwarded to --upstream instead, and the \
                interaction is recorded into --cassette (as `mockapi record` does: scrubbed, on disk before the \
                answer), which is replayed too when it exists.

                Admin endpoints: GET /__mockapi/health, GET /__mockapi/journal.
                On SIGINT/SIGTERM it prints a summary. Exit status: 0, or 1 with --fail-on-unmatched when a request \
                went unmatched, or 2 when the server could not start (a broken cassette, a port in use).

                Examples:
                  Replay everything under Fixtures/ on http://127.0.0.1:8080:
                    mockapi serve Fixtures
                  Pick a free port; a script waits for the file and reads the URL from it:
                    mockapi serve Fixtures --port 0 --ready-file /tmp/mockapi.url
                  In CI: each recording answers once, and any unrecorded call fails the job:
                    mockapi serve Fixtures --strict --fail-on-unmatched
                  Also tell requests apart by their Accept header:
                    mockapi serve Fixtures --match-header accept
                  Replay what is recorded, forward and record what is missing:
                    mockapi serve Fixtures/github --record-missing --upstream https://api.github.com \\
                      --cassette Fixtures/github/new.json
                """)

        @Argument(help: ArgumentHelp("Cassette files, or folders searched for *.json.", valueName: "path"), completion: .file())
        public var cassettes: [String] = []

        @OptionGroup public var server: ServerOptions

        @Option(
            name: .customLong("match-header"),
            help: ArgumentHelp("Also match this request header (repeatable). Headers are ignored otherwise.", valueName: "name"))
        public var matchHeaders: [String] = []

        @Flag(help: "Answer each recorded interaction once: a request whose recorded answers are used up is unmatched.")
        public var strict = false

        @Flag(name: .customLong("no-rewrite"), help: "Replay upstream URLs (https://api.github.com/…) unchanged.")
        public var noRewrite = false

        @Option(name: .customLong("unmatched-status"), help: ArgumentHelp("Status of the answer to an unmatched request.", valueName: "code"))
        public var unmatchedStatus = 404

        @Flag(name: .customLong("fail-on-unmatched"), help: "Exit with status 1 if any request went unmatched.")
        public var failOnUnmatched = false

        @Flag(
            name: .customLong("record-missing"),
            help: "Forward what no cassette matches to --upstream and record it into --cassette (see the recording options).")
        public var recordMissing = false

        @OptionGroup(title: "Recording (with --record-missing)") public var recording: RecordOptions

        public init() {}

        public func validate() throws {
            guard !cassettes.isEmpty || recordMissing else {
                throw ValidationError("Give at least one cassette file or folder, for example: mockapi serve Fixtures")
            }
            if recordMissing {
                try recording.validate(for: "--record-missing", environment: ProcessInfo.processInfo.environment)
            } else if recording.isUsed {
                throw ValidationError("--upstream, --cassette and the --redact-* options record; add --record-missing.")
            }
            guard (100...599).contains(unmatchedStatus) else {
                throw ValidationError("--unmatched-status must be an HTTP status from 100 to 599.")
            }
            for name in matchHeaders where name.isEmpty || !name.utf8.allSatisfy(HTTPSyntax.isTokenByte) {
                throw ValidationError("--match-header \(name): not a valid header name.")
            }
        }

        public func run() async throws {
            let logger = Logging.makeLogger(level: server.logLevel.level)
            let setup = recordMissing
                ? try RecordingSetup(options: recording, environment: ProcessInfo.processInfo.environment) : nil
            let loaded: [LoadedCassette]
            do { loaded = try CassetteLoader.load(cassettes + (setup?.cassetteToReplay(besides: cassettes) ?? [])) } catch {
                for problem in error.problems { Terminal.writeError("mockapi: error: \(problem)\n") }
                await setup?.finish()
                throw ExitCode(2)
            }
            let journal = Journal(capacity: server.journalSize)
            let options = ReplayOptions(
                matchHeaders: matchHeaders, strict: strict, rewriteURLs: !noRewrite, unmatchedStatus: unmatchedStatus)
            let running: MicroHTTPDServer
            do {
                running = try MicroHTTPDServer(configuration: server.configuration, logger: logger) { baseURL in
                    let replayer = Replayer(
                        cassettes: loaded, options: options, baseURL: baseURL, journal: journal,
                        fallback: setup?.recorder(journal: journal, logger: logger),
                        onUnmatched: { logger.warning("\($0.line)") })
                    return Router(admin: AdminResponder(journal: journal) { replayer.healthFacts }, main: replayer)
                }
            } catch {
                Terminal.writeError("mockapi: error: \(error)\n")
                await setup?.finish()
                throw ExitCode(2)
            }
            guard let router = running.responder as? Router, let replayer = router.main as? Replayer else {
                throw ExitCode(2)
            }
            let interactions = replayer.index.interactionCount
            try ReadyAnnouncement.announce(
                url: running.baseURL, readyFile: server.readyFile,
                what: "\(interactions) interaction\(interactions == 1 ? "" : "s") from \(loaded.count) cassette\(loaded.count == 1 ? "" : "s")")

            let signal = await Signals.waitForTermination()
            await running.stop()
            await setup?.finish()
            let counts = journal.counts
            Terminal.writeError(ServeSummary(signal: signal, counts: counts, journal: journal, replayer: replayer).text)
            if let setup {
                Terminal.writeError(
                    RecordSummary(file: setup.writer.file, statistics: setup.statistics.snapshot, writer: setup.writer.statistics).text)
            }
            if failOnUnmatched && counts.unmatched > 0 { throw ExitCode(1) }
        }
    }
}

extension Replayer {
    /// What `GET /__mockapi/health` says about replay.
    var healthFacts: [JSONMember] {
        [
            JSONMember("mode", .string("replay")),
            JSONMember("cassettes", .integer(index.cassettes.count)),
            JSONMember("interactions", .integer(index.interactionCount)),
            JSONMember("strict", .bool(options.strict)),
        ]
    }
}
