import ArgumentParser
import Foundation
import MockAPICore
import MockAPIJSON
import MockAPIServer

extension MockAPI {
    /// `mockapi drift`: do the recordings still describe the live API?
    package struct Drift: AsyncParsableCommand {
        package static let configuration = CommandConfiguration(
            abstract: "Check that cassettes still describe the live API: same statuses, types and members.",
            discussion: """
                Sends each recorded GET and HEAD request (every method with --unsafe) to its recorded upstream, or to \
                --upstream, and compares the live answer with the recording by structure, never by value: other ids, \
                dates, counts or texts are no drift. Breaking: a changed status, a changed media type (parameters \
                such as charset do not count), a JSON body that is no longer JSON, a member removed, a value of \
                another type ($.id: number → string), null where a value was or the other way round (nullability). \
                Not breaking: a member added. Arrays are compared by the union of their elements' shapes; an empty \
                array says nothing about its elements.

                Recorded credentials were scrubbed, so recorded headers holding a placeholder (<redacted>, \
                <GITHUB_TOKEN>) are not sent, nor are query parameters holding one; give real credentials with \
                --header URL=NAME: VALUE, which goes only to the requests for that upstream (scheme, host and port \
                compared). A bare --header NAME: VALUE goes to every request, so it is refused when the cassettes \
                span more than one upstream. A few requests run at once (--concurrency); Retry-After and the rate-limit headers of GitHub \
                (x-ratelimit-*) and Qiita (rate-*) are obeyed, and a request refused for the rate limit is sent again \
                after the wait. Progress goes to stderr.

                With --update, the drifted interactions (and, with --max-age, the old ones) take the live answer in \
                place: the request and the order stay, the answer is scrubbed as `mockapi record` scrubs, --header \
                values never reach the file, and the file is written atomically.

                Exit status: 0 no breaking drift, 1 breaking drift or a recording older than --max-age (also when \
                --update re-recorded it), 2 something could not be checked (a cassette unreadable, an upstream \
                unreachable).

                Examples:
                  mockapi drift Fixtures/github --header "Authorization: Bearer $GITHUB_TOKEN"
                  mockapi drift Fixtures --max-age 90d --json > drift.json
                  mockapi drift Fixtures/github --upstream https://ghe.example.com/api/v3
                  mockapi drift Fixtures --header "https://api.github.com=Authorization: Bearer $GITHUB_TOKEN" \
                      --header "https://qiita.com=Authorization: Bearer $QIITA_TOKEN"
                  mockapi drift Fixtures/github --update --header "Authorization: Bearer $GITHUB_TOKEN"
                Then look at the change and replay it: git diff Fixtures && swift test
                """)

        @Argument(help: ArgumentHelp("Cassette files, or folders searched for *.json.", valueName: "path"), completion: .file())
        package var paths: [String] = []

        @Option(
            name: .customLong("upstream"),
            help: ArgumentHelp(
                "Send to this URL instead of the recorded upstream, or /prefix=URL for what was recorded under that prefix. "
                    + "Repeatable.", valueName: "url"))
        package var upstreams: [String] = []

        @Option(
            name: .customLong("header"),
            help: ArgumentHelp(
                "Add this header to the requests for one upstream, replacing a recorded one: "
                    + "\"https://api.github.com=Authorization: Bearer $TOKEN\"; without URL= to every request (refused when "
                    + "the cassettes span several upstreams). Repeatable.",
                valueName: "[url=]name: value"))
        package var headers: [HeaderField] = []

        @Flag(help: "Print the report as one JSON document.")
        package var json = false

        @Flag(help: "Re-record the drifted interactions in place, scrubbed, keeping their order, and say what changed.")
        package var update = false

        @Flag(help: "Also send requests whose method is not GET or HEAD (they may change data upstream).")
        package var unsafe = false

        @Option(name: .customLong("max-age"), help: ArgumentHelp("Also report recordings older than this: 90d, 2w, 12h.", valueName: "age"))
        package var maxAge: TimeSpan?

        @Option(help: ArgumentHelp("Requests in flight at once (1–64).", valueName: "n"))
        package var concurrency = 4

        @Option(
            name: .customLong("max-wait"),
            help: ArgumentHelp("The longest wait for a rate limit; a longer one leaves requests unchecked.", valueName: "time"))
        package var maxWait = TimeSpan(seconds: 300, description: "5m")

        @Option(name: .customLong("upstream-timeout"), help: ArgumentHelp("Seconds an upstream has for a complete answer.", valueName: "seconds"))
        package var upstreamTimeout: Double = 30

        @OptionGroup package var volatile: VolatileHeaderOptions

        @OptionGroup(title: "Scrubbing for --update (added to the defaults of mockapi record)") package var redaction: RedactionOptions

        package init() {}

        package func validate() throws {
            guard !paths.isEmpty else {
                throw ValidationError("Give at least one cassette file or folder, for example: mockapi drift Fixtures")
            }
            _ = try routes()
            for header in headers {
                guard let upstream = header.upstream else { continue }
                do { _ = try UpstreamRoute(parsing: upstream) } catch {
                    throw ValidationError("--header \(upstream)=\(header.name): …: \(error.reason)")
                }
            }
            guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency must be 1–64.") }
            guard upstreamTimeout > 0 else { throw ValidationError("--upstream-timeout must be more than 0 seconds.") }
            _ = try redaction.rules(environment: ProcessInfo.processInfo.environment)
        }

        package func run() async throws {
            let upstream = HTTPClientUpstream(options: .init(timeout: upstreamTimeout, connectionsPerHost: concurrency))
            let progress = DriftProgress(interactive: isatty(2) != 0)
            let output: CommandOutput
            do {
                output = try await execute(
                    environment: ProcessInfo.processInfo.environment, upstream: upstream, progress: { progress.show($0, of: $1) })
            } catch {
                await upstream.shutdown()
                throw error
            }
            await upstream.shutdown()
            try output.emit()
        }

        /// Checks, updates when asked, and returns what it prints and its exit status.
        /// - Parameter progress: told after each request how many of how many are done.
        package func execute(environment: [String: String], upstream: any Upstream, clock: any DriftClock = SystemDriftClock(),
                            progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> CommandOutput {
            let rules = try redaction.rules(environment: environment)
            let (loaded, loadProblems) = CassetteLoader.loadEach(paths)
            var problems = loadProblems
            try checkHeaders(reach: loaded)
            let checker = DriftChecker(
                upstream: upstream, gate: RateGate(clock: clock, maximumWait: maxWait.seconds),
                options: .init(
                    overrides: try routes(), headers: headers.map(\.upstreamHeader), unsafe: unsafe,
                    concurrency: concurrency, maximumAge: maxAge?.seconds, maximumAgeText: maxAge?.description ?? ""))
            var results = await checker.check(loaded, progress: progress)
            var rewritten: [String] = []
            if update {
                let updater = DriftUpdater(
                    redactor: Redactor(rules: rules), secrets: HeaderField.secrets(headers, rules: rules),
                    volatileHeaders: volatile.names, version: MockAPI.version)
                (rewritten, problems) = apply(updater, to: &results, in: loaded, problems: problems)
            }
            let report = DriftReport(results: results, cassettes: loaded.count, problems: problems)
            var output = CommandOutput()
            output.status = report.status
            if json {
                output.document(report.jsonValue)
            } else {
                for line in report.lines + rewritten { output.line(line) }
                output.line(report.summary)
            }
            for problem in problems { output.errorLine("mockapi: error: \(problem)") }
            return output
        }

        /// Refuses a `--header` without its upstream when the requests go to more than one: it would carry one API's
        /// credential to the others.
        func checkHeaders(reach cassettes: [LoadedCassette]) throws {
            guard let bare = headers.first(where: { $0.upstream == nil }) else { return }
            let overrides = try routes()
            var origins: [String] = []
            for cassette in cassettes {
                for interaction in cassette.cassette.interactions {
                    guard let upstream = DriftRequest.upstream(of: interaction, overrides: overrides) else { continue }
                    let origin = UpstreamHeader.origin(of: upstream)
                    if !origins.contains(origin) { origins.append(origin) }
                }
            }
            guard origins.count > 1 else { return }
            throw ValidationError(
                "--header \(bare.name) would go to \(origins.count) upstreams (\(origins.joined(separator: ", "))); bind it to "
                    + "the one it is for: --header \"\(origins[0])=\(bare.name): …\"")
        }

        /// The `--upstream` routes.
        func routes() throws -> [UpstreamRoute] {
            do {
                var parsed: [UpstreamRoute] = []
                for argument in upstreams { parsed.append(try UpstreamRoute(parsing: argument)) }
                return try UpstreamRoutes(parsed).routes
            } catch {
                throw ValidationError("--upstream \(error.description)")
            }
        }


        /// Writes the live answers of what drifted into each cassette; returns a line per file written, and the
        /// problems with those that could not be written added to `problems`.
        private func apply(_ updater: DriftUpdater, to results: inout [DriftResult], in cassettes: [LoadedCassette],
                           problems: [String]) -> (rewritten: [String], problems: [String]) {
            var problems = problems
            var rewritten: [String] = []
            for cassette in cassettes {
                let chosen = results.indices.filter { results[$0].file == cassette.file && DriftUpdater.wants(results[$0]) }
                guard !chosen.isEmpty else { continue }
                var replacements: [Int: Interaction] = [:]
                for position in chosen { replacements[results[position].index] = results[position].live }
                let updated: Cassette
                do { updated = try updater.update(cassette, with: replacements) } catch {
                    problems.append(error.description)
                    continue
                }
                for position in chosen { results[position].updated = true }
                rewritten.append("mockapi drift: \(cassette.file): re-recorded \(chosen.count.counted("interaction"))")
                let review = ReviewReport([CassetteDiff(
                    name: cassette.name, old: cassette.cassette, oldFile: cassette.file, new: updated, newFile: cassette.file,
                    volatileHeaders: volatile.names)])
                rewritten += review.briefLines().map { "mockapi drift: \(cassette.file): \($0)" }
            }
            return (rewritten, problems)
        }
    }
}
