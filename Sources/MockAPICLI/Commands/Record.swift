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

                An existing cassette is added to (new interactions after the old); --overwrite starts it afresh. A \
                file that is not a valid cassette is never touched.

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
                for a timeout, with a JSON body saying what failed; nothing is recorded. Upstream 4xx and 5xx \
                answers are recorded like any other.

                On SIGINT/SIGTERM it prints a summary: interactions per upstream, bytes written, redactions, errors.
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

        @Flag(
            name: .customLong("no-rewrite"),
            help: "Hand upstream URLs (https://api.github.com/…) in answers to the client unchanged.")
        package var noRewrite = false

        @OptionGroup package var server: ServerOptions

        package init() {}

        package func validate() throws {
            try recording.validate(for: "mockapi record", environment: ProcessInfo.processInfo.environment)
        }

        package func run() async throws {
            let logger = Logging.makeLogger(level: server.logLevel.level)
            let session = try RecordingSession(options: recording, environment: ProcessInfo.processInfo.environment)
            let running: RunningApp<Recorder>
            do {
                running = try MockAPIApp.record(
                    session, rewriteURLs: !noRewrite, journal: Journal(capacity: server.journalSize),
                    adminToken: server.adminToken, configuration: server.configuration(), logger: logger)
            } catch {
                await session.finishReporting()
                throw CommandFailure(error)
            }
            server.warnIfReachableFromOtherMachines(logger)
            try ReadyAnnouncement.announce(
                url: running.baseURL, readyFile: server.readyFile, what: session.description,
                certificateFile: server.tls.clientCertificateFile)

            let signal = await Signals.waitForTermination()
            await running.stopReporting()
            let counts = running.journal.counts
            let served = counts.requests - counts.admin
            Terminal.writeError(
                "mockapi: stopped (\(Signals.name(signal))) after \(served) request\(served == 1 ? "" : "s"): "
                    + "\(counts.recorded) recorded, \(counts.failed) failed\n"
                    + RecordSummary(file: session.writer.file, statistics: session.statistics.snapshot,
                                    writer: session.writer.statistics).text)
        }
    }
}
