import ArgumentParser
import Foundation
import MockAPICore
import MockAPIJSON

extension MockAPI {
    /// `mockapi lint`: check cassettes before they are committed.
    package struct Lint: AsyncParsableCommand {
        package static let configuration = CommandConfiguration(
            abstract: "Check cassettes for broken files, leftover secrets, needless or ambiguous interactions.",
            discussion: """
                Loads every cassette (*.json) under the given files and folders with the checks `mockapi serve` makes, \
                then reports, one line each (FILE: PATH: what and how to fix [rule]):

                \(LintRule.allCases.map { "  \($0.rawValue): \($0.summary)" }.joined(separator: "\n"))

                Secrets are judged by the rules `mockapi scrub` applies (the same --redact-*, --keep-* and \
                --no-default-redaction options), so what lint reports is what scrub changes. Each cassette is judged on \
                its own (one cassette per test, as scoped URLs and the test helpers serve them); with --served-together, \
                the cassettes given are judged as served together through the plain URL, and a request recorded in two \
                of them is reported as ambiguous; without it, one recorded in two of them with different answers \
                is a shared-request note, which names the ways out (scoped URLs, --match-header).

                A finding that is intended is acknowledged in the cassette itself, with the reason, and is then not \
                reported (an entry that covers nothing is):
                  "lint": {"allow": [{"rule": "secret-header", "at": "interactions[0].request.headers[2]",
                                      "reason": "invented token, kept for --match-header authorization"}]}
                "at" covers that place and everything under it; leave it out to cover the whole cassette.

                Exit status: 0 clean, 1 findings, 2 a cassette could not be read or is not valid.

                Examples:
                  mockapi lint Fixtures
                  mockapi lint Fixtures --format json > lint.json          (for CI annotations)
                  mockapi lint Fixtures/github --secret-env GITHUB_TOKEN  (the token must appear nowhere)
                  mockapi lint Fixtures --strict --match-header accept    (as served with those options)
                  mockapi lint Fixtures --show-allowed                    (also list acknowledged findings)
                  mockapi lint Fixtures/shared --served-together          (cassettes one `mockapi serve` serves)
                Fix secrets with `mockapi scrub`, then lint again.
                """)

        @Argument(help: ArgumentHelp("Cassette files, or folders searched for *.json.", valueName: "path"), completion: .file())
        package var paths: [String] = []

        @Option(help: ArgumentHelp("How to report: text (one line per finding) or json (one document, for CI).", valueName: "format"))
        package var format: ReportFormat = .text

        @Option(
            name: .customLong("secret-env"),
            help: ArgumentHelp("Report any place holding the value of this environment variable (repeatable).", valueName: "name"))
        package var secretEnv: [String] = []

        @Option(
            name: .customLong("match-header"),
            help: ArgumentHelp("Judge duplicates as `mockapi serve --match-header` would match (repeatable).", valueName: "name"))
        package var matchHeaders: [String] = []

        @Flag(help: "Judge duplicates as served with `mockapi serve --strict` (each recording answers once): none are.")
        package var strict = false

        @Flag(
            name: .customLong("served-together"),
            help: "The cassettes are served together through the plain URL: also report a request recorded in two of them.")
        package var servedTogether = false

        @OptionGroup(title: "Scrubbing rules (as for mockapi scrub)") package var redaction: RedactionOptions

        @Flag(name: .customLong("show-allowed"), help: "Also list the findings the cassettes' lint.allow lists acknowledge, with the reasons.")
        package var showAllowed = false

        package enum ReportFormat: String, ExpressibleByArgument, Sendable, CaseIterable {
            case text, json
        }

        package init() {}

        package func validate() throws {
            guard !paths.isEmpty else { throw ValidationError("Give at least one cassette file or folder, for example: mockapi lint Fixtures") }
            for name in matchHeaders where name.isEmpty || !name.utf8.allSatisfy(HTTPSyntax.isTokenByte) {
                throw ValidationError("--match-header \(name): not a valid header name.")
            }
            _ = try secrets(environment: ProcessInfo.processInfo.environment)
            _ = try redaction.rules(environment: ProcessInfo.processInfo.environment)
        }

        package func run() async throws {
            try execute(environment: ProcessInfo.processInfo.environment).emit()
        }

        func secrets(environment: [String: String]) throws -> [SecretLiteral] {
            try secretEnv.map { name in try RedactionOptions.secret(named: name, option: "--secret-env", environment: environment) }
        }

        /// Lints and returns what it prints and its exit status (0 clean, 1 findings, 2 unreadable).
        package func execute(environment: [String: String]) throws -> CommandOutput {
            let (loaded, problems) = CassetteLoader.loadEach(paths)
            let options = Linter.Options(
                rules: try redaction.rules(environment: environment), secrets: try secrets(environment: environment),
                matchHeaders: matchHeaders, strict: strict, servedTogether: servedTogether)
            let report = Linter(options: options).lint(loaded)
            var output = CommandOutput()
            output.status = !problems.isEmpty ? 2 : report.isClean ? 0 : 1
            switch format {
            case .text: text(report, problems: problems, into: &output)
            case .json: output.standard = LintJSON.document(report, problems: problems, status: output.status)
            }
            return output
        }

        private func text(_ report: LintReport, problems: [String], into output: inout CommandOutput) {
            for problem in problems { output.errorLine("mockapi: error: \(problem)") }
            for finding in report.findings { output.line(finding.description) }
            for note in report.notes { output.line(note.description) }
            if showAllowed {
                for (finding, reason) in report.allowed { output.line("\(finding.description) allowed: \(reason)") }
            }
            var summary = report.isClean
                ? "mockapi lint: \(report.cassettes.counted("cassette")), no findings"
                : "mockapi lint: \(report.findings.count.counted("finding")) in \(report.cassettesWithFindings) of "
                    + report.cassettes.counted("cassette")
            if !report.allowed.isEmpty {
                summary += " (\(report.allowed.count) acknowledged by lint.allow lists"
                    + (showAllowed ? ")" : "; --show-allowed lists them)")
            }
            for rule in LintRule.allCases {
                let count = report.notes.filter { $0.rule == rule }.count
                if count > 0, let phrase = rule.notePhrase { summary += "; \(count.counted("note")) \(phrase)" }
            }
            if !problems.isEmpty { summary += "; \(problems.count.counted("cassette")) could not be read" }
            output.line(summary)
        }
    }
}
