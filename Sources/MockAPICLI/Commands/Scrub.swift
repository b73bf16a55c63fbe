import ArgumentParser
import Foundation
import MockAPICore

extension MockAPI {
    /// `mockapi scrub`: redaction applied to cassettes already on disk.
    package struct Scrub: AsyncParsableCommand {
        package static let configuration = CommandConfiguration(
            abstract: "Scrub secrets from existing cassettes, in place.",
            discussion: """
                Applies the scrubbing rules of `mockapi record` (with what the --redact-* and --keep-* options add or \
                keep, or only those with --no-default-redaction) to every cassette under the given files and folders, \
                and lists each change: the place and the rule, never the value. Values become <redacted> (an auth \
                scheme stays: "Bearer <redacted>"), --redact-env values become <NAME>, and a scrubbed token found \
                elsewhere in the cassette as a whole value is replaced too. Replay matches any value where a \
                placeholder is. A value the cassette acknowledges in its lint.allow list (an invented token kept on \
                purpose) is kept, as lint accepts it; the cassette's source and the allowances' reasons are never \
                changed. When scrubbing makes two different requests one, a warning names both.

                A file is rewritten only when something changed, atomically, and only after checking that no scrubbed \
                value is left in it. Placeholders are never scrubbed again, so a second run changes nothing. A write-ahead \
                log left by an interrupted recorder is folded in and removed. Do not scrub a cassette while `mockapi \
                record` writes to it.

                With --readable-bodies, bodies stored as base64 that are UTF-8 text or JSON are stored as {"text": …} \
                or {"json": …} (what `mockapi lint` reports as base64-text); the bytes replayed stay the same.

                Exit status: 0, or 2 when a cassette cannot be read or written (the others are still scrubbed).

                Examples:
                  mockapi scrub Fixtures
                  mockapi scrub Fixtures/github --redact-env GITHUB_TOKEN --redact-header X-Session-Key
                  mockapi scrub Fixtures --redact-json-field '$.user.email' --dry-run
                  mockapi scrub Fixtures --readable-bodies
                Then check: mockapi lint Fixtures
                """)

        @Argument(help: ArgumentHelp("Cassette files, or folders searched for *.json.", valueName: "path"), completion: .file())
        package var paths: [String] = []

        @Flag(name: .customLong("readable-bodies"), help: "Also store base64 bodies that are UTF-8 text or JSON readably.")
        package var readableBodies = false

        @Flag(name: .customLong("dry-run"), help: "List what would change; write nothing.")
        package var dryRun = false

        @OptionGroup(title: "Scrubbing (added to the defaults of mockapi record)") package var redaction: RedactionOptions

        package init() {}

        package func validate() throws {
            guard !paths.isEmpty else { throw ValidationError("Give at least one cassette file or folder, for example: mockapi scrub Fixtures") }
            _ = try redaction.rules(environment: ProcessInfo.processInfo.environment)
        }

        package func run() async throws {
            try execute(environment: ProcessInfo.processInfo.environment).emit()
        }

        /// Scrubs and returns what it prints and its exit status.
        package func execute(environment: [String: String]) throws -> CommandOutput {
            var output = CommandOutput()
            let rules = try redaction.rules(environment: environment)
            let scrubber = CassetteScrubber(options: .init(rules: rules, readableBodies: readableBodies, dryRun: dryRun))
            let lister = CassetteScrubber(options: .init(rules: rules, readableBodies: readableBodies, dryRun: true))
            var files: [String] = []
            do { files = try CassetteLoader.discover(paths).map(\.file) } catch {
                for problem in error.problems { output.errorLine("mockapi: error: \(problem)") }
                output.status = 2
            }
            var changed = 0
            var written = 0
            var values = 0
            var failed = 0
            for file in files {
                let outcome: CassetteScrubber.Outcome
                do { outcome = try scrubber.scrub(file: file) } catch {
                    output.errorLine("mockapi: error: \(error)")
                    output.status = 2
                    failed += 1
                    // Counted as --dry-run counts them, so the summary never says "nothing to change" where it listed some.
                    if let listed = try? lister.scrub(file: file), !listed.changes.isEmpty {
                        changed += 1
                        values += listed.changes.reduce(0) { $0 + $1.count }
                    }
                    continue
                }
                for change in outcome.changes { output.line("\(file): \(change)") }
                for merge in outcome.merges { output.errorLine("mockapi: warning: \(file): \(FlagAdvice.text(for: merge))") }
                if outcome.foldedWriteAheadLog { output.line("\(file): folded in and removed the write-ahead log an interrupted recorder left") }
                if !outcome.changes.isEmpty { changed += 1 }
                if outcome.written { written += 1 }
                values += outcome.changes.reduce(0) { $0 + $1.count }
            }
            var summary = changed == 0
                ? "mockapi scrub: \(files.count.counted("cassette")), nothing to change"
                : "mockapi scrub: \(values.counted("change")) in \(changed) of \(files.count.counted("cassette")); "
                    + (dryRun ? "nothing written (--dry-run)" : "\(written.counted("file")) rewritten")
            if failed > 0 { summary += "; \(failed.counted("cassette")) could not be scrubbed" }
            output.line(summary)
            return output
        }
    }
}
