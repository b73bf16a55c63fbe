import ArgumentParser
import Foundation
import MockAPICore

extension MockAPI {
    /// `mockapi diff`: what changed between two recordings of cassettes, by request and JSON path.
    package struct Diff: ParsableCommand {
        package static let configuration = CommandConfiguration(
            abstract: "Say what changed between two recordings of cassettes: status, headers, JSON members and values.",
            discussion: """
                Compares two cassette files, two folders of cassettes (paired by their path under each), or, with \
                --against REV, the cassettes under the given paths with their versions committed in REV (read with \
                git show). Interactions are paired by request as replay pairs them (the cassette's match rules; \
                identical requests in recorded order). For each pair whose answers differ it reports the status, the \
                headers that changed (never the volatile ones: Date, request ids, rate-limit counters…), and the JSON \
                body by path: members added and removed, types changed ("5" for 5), values changed (long ones as \
                excerpts around the first difference), array lengths. A body that is not JSON is reported with its \
                sizes, a stream with its chunk count, bytes and duration. Interactions only one side has are added or \
                removed; an added one close to a removed one (same method, a few differences) is shown as its near \
                miss. Each cassette that differs says when each side was recorded and by which mockapi release.

                Marked breaking (a client written against the old recording may fail): a status whose class \
                changed (2xx → 4xx), a member removed, a type changed, a JSON body that is no longer JSON.

                Volatile headers: the built-in list (Date, Age, X-GitHub-Request-Id, X-Request-Id, Request-Id, \
                CF-Ray, X-RateLimit-*, RateLimit-*, Rate-*, Server-Timing, X-Runtime, …), each cassette's \
                "volatileHeaders", and --volatile-header. ETag and Last-Modified are reported: they change with the body.

                --json prints one document for tools, --markdown a pull request comment; on a terminal the report is \
                in colour (--no-color or NO_COLOR turn it off). A cassette only one side has counts as all added or \
                all removed.

                Exit status: 0 when nothing differs but volatile headers and provenance (when and by which release \
                each side was recorded), 1 when something does, 2 when a file cannot be read (or REV or the \
                repository is missing), 64 for a bad option.

                Examples:
                  mockapi diff old.json Fixtures/github/issues.json
                  mockapi diff /tmp/fixtures-before Fixtures
                  mockapi diff Fixtures --against HEAD
                  mockapi diff Fixtures/github --against origin/main --markdown > cassette-review.md
                """)

        @Argument(
            help: ArgumentHelp(
                "OLD NEW (two cassettes or two folders), or with --against the cassette files and folders to compare "
                    + "with their committed versions.", valueName: "path"),
            completion: .file())
        package var paths: [String]

        @Option(
            help: ArgumentHelp(
                "Compare the paths with their versions in this git revision (HEAD, origin/main, a commit).", valueName: "rev"))
        package var against: String?

        @OptionGroup package var volatile: VolatileHeaderOptions

        @Flag(help: "Print the report as one JSON document.")
        package var json = false

        @Flag(help: "Print the report as Markdown, for a pull request comment.")
        package var markdown = false

        @Flag(name: .customLong("no-color"), help: "No colours, even on a terminal.")
        package var noColor = false

        package init() {}

        package func validate() throws {
            if json, markdown { throw ValidationError("--json and --markdown: choose one.") }
            if against == nil, paths.count != 2 {
                throw ValidationError(
                    "expected OLD NEW (two cassettes or two folders), found \(paths.count) path\(paths.count == 1 ? "" : "s"); "
                        + "to compare with git, pass --against REV (mockapi diff Fixtures --against HEAD).")
            }
        }

        package func run() throws {
            try execute(terminal: isatty(1) != 0).emit()
        }

        /// Compares and returns what it prints and its exit status.
        /// - Parameter terminal: whether standard output is a terminal (colours, unless --no-color).
        package func execute(terminal: Bool = false) throws -> CommandOutput {
            let diffs = if let against {
                try DiffSides.compare(paths, against: against, volatileHeaders: volatile.names)
            } else {
                try DiffSides.compare(old: paths[0], new: paths[1], volatileHeaders: volatile.names)
            }
            let report = ReviewReport(diffs)
            var output = CommandOutput()
            output.status = report.status
            if json {
                output.document(report.jsonValue)
            } else if markdown {
                output.standard = report.markdown
            } else {
                let style: ReviewReport.Style = terminal && !noColor && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
                    ? .colour : .plain
                for line in report.lines(style: style) { output.line(line) }
            }
            return output
        }
    }
}
