import ArgumentParser
import Foundation
import MockAPICore
import MockAPIInterop

extension MockAPI {
    /// `mockapi import`: HAR files, VCR/vcrpy/go-vcr and Betamax cassettes, nock recordings and WireMock stubs into a
    /// mockapi cassette.
    package struct Import: AsyncParsableCommand {
        package static let configuration = CommandConfiguration(
            abstract: "Turn HAR files, VCR, vcrpy, go-vcr or Betamax cassettes, nock recordings and WireMock stubs into a mockapi cassette.",
            discussion: """
                Reads each FILE, in the format its content shows (or --format), and writes all their interactions, in \
                order, into one cassette that `mockapi serve` replays. Nothing is written unless every file reads \
                cleanly; the cassette is written atomically.

                HAR 1.2 (saved from browser devtools, proxies, `mockapi export`): each entry's request (method, URL, \
                headers, postData) and response (status, headers, content, base64 when its encoding says so) become \
                one interaction; startedDateTime and time become recordedAt and durationMs. Entries of several hosts \
                keep their own upstream, so `mockapi serve` rewrites each host's URLs. Entries with status 0 (failed \
                in the browser) are skipped with a warning.

                VCR (Ruby, http_interactions) and vcrpy (Python, interactions) cassettes, YAML or JSON: string, \
                base64_string and !!binary bodies; compressed bodies (vcrpy's gzip !!binary) are stored decoded.

                Betamax (Python) JSON cassettes (recorded_with betamax/…): headers as lists, string bodies in their \
                encoding and base64_string bodies, status as {code, message} or the older status_code; recorded_at \
                (UTC) becomes recordedAt.

                nock recordings (a JSON array of definitions, as nock's recorder writes with output_objects: true, \
                nock-back and octokit/fixtures keep them): scope, method, path with query, body, status, response (hex \
                when responseIsBinary), reqheaders and headers or rawHeaders; header numbers become text. nock keeps \
                no time of recording, so the first date header of each answer becomes recordedAt.

                go-vcr cassettes (Go, YAML with interactions whose request has a url): url, method, headers and body; \
                code, headers, body and duration (which becomes durationMs).

                WireMock stub mappings (mappings/*.json, one stub per file, or a file with a mappings list): \
                request.url (or urlPath with equalTo queryParameters), method, equalTo headers, the body of \
                bodyPatterns[].equalToJson or equalTo; response status, headers and body, jsonBody, base64Body or \
                bodyFileName (read from the __files folder beside mappings). Stubs that match by pattern are skipped \
                with a warning. WireMock keeps no host, so the interactions have no upstream.

                Secrets are scrubbed as `mockapi record` scrubs them (credentials by name and by shape; add rules with \
                the --redact-* options, keep a value with --keep-*, or turn the defaults off with \
                --no-default-redaction), and every value scrubbed is listed by place and rule. A scrubbed token is also \
                replaced wherever else it stands as a whole value, unless --no-echo. When scrubbing makes \
                two different requests one (they differed only in a scrubbed value), a warning names both. HTTP/2 pseudo-headers and framing \
                headers (content-length, transfer-encoding, connection) are left out; bodies are stored decoded, so content-encoding goes too.

                Exit status: 0, or 2 when a file cannot be read or imported (nothing is written then).

                Examples:
                  mockapi import ~/Downloads/api.github.com.har --to Fixtures/github/from-browser.json
                  mockapi import spec/cassettes/users.yml tests/cassettes/test_repos.yaml --to Fixtures/legacy.json
                  mockapi import session.har --to Fixtures/session.json --overwrite --redact-env GITHUB_TOKEN
                  mockapi import odd-file.txt --format har --to Fixtures/odd.json
                  mockapi import get-repository/normalized-fixture.json --to Fixtures/github/get-repository.json \\
                    --no-echo --source "octokit/fixtures scenarios/api.github.com/get-repository (MIT)"
                Then check and replay it:
                  mockapi lint Fixtures/session.json && mockapi serve Fixtures/session.json
                """)

        @Argument(help: ArgumentHelp("HAR files, VCR, vcrpy or Betamax cassettes and nock recordings, imported in this order.", valueName: "file"),
                  completion: .file(extensions: ["har", "json", "yml", "yaml"]))
        package var files: [String] = []

        @Option(help: ArgumentHelp("The cassette to write (.json); its folders are created.", valueName: "path"),
                completion: .file(extensions: ["json"]))
        package var to: String?

        @Option(help: ArgumentHelp("Read every file as this format instead of deciding from its content: har, vcr, betamax, nock, govcr or wiremock.", valueName: "format"))
        package var format: InteropFormatOption?

        @Flag(help: "Replace the cassette if it exists (otherwise an existing file is never touched).")
        package var overwrite = false

        @Option(help: ArgumentHelp(
            "The cassette's source line: where the recording came from and what was changed (default: imported by "
                + "mockapi import from FILE (FORMAT)).", valueName: "text"))
        package var source: String?

        @OptionGroup(title: "Scrubbing (added to the defaults of mockapi record)") package var redaction: RedactionOptions

        package init() {}

        package func validate() throws {
            guard !files.isEmpty else { throw ValidationError("Name at least one file to import, for example: mockapi import session.har --to Fixtures/session.json") }
            guard let to, !to.isEmpty else { throw ValidationError("mockapi import needs --to, for example: --to Fixtures/session.json") }
            guard to.hasSuffix(".json") else {
                throw ValidationError("--to \(to): cassettes are found by their .json extension; name it \(to).json")
            }
            if let source, source.isEmpty || source.contains(where: \.isNewline) {
                throw ValidationError("--source: give one line of text, for example --source \"octokit/fixtures get-root (MIT)\"")
            }
            _ = try redaction.rules(environment: ProcessInfo.processInfo.environment)
        }

        package func run() async throws {
            try execute(environment: ProcessInfo.processInfo.environment).emit()
        }

        /// Runs the import and returns what it prints and its exit status.
        package func execute(environment: [String: String]) throws -> CommandOutput {
            var output = CommandOutput()
            let target = to ?? ""
            let rules = try redaction.rules(environment: environment)
            let importer = CassetteImporter(rules: rules, format: format?.format, source: source)
            guard overwrite || !FileManager.default.fileExists(atPath: target) else {
                output.errorLine("mockapi: error: \(target): exists already; pass --overwrite to replace it")
                output.status = 2
                return output
            }
            let result: ImportResult
            do {
                result = try importer.importFiles(files, output: target)
                do { try FileIO.createFolder(FileIO.parent(of: target)) } catch {
                    throw InteropError.cassette(.unwritable(file: target, reason: error.description))
                }
                do { try result.cassette.save(to: target) } catch { throw InteropError.cassette(error) }
            } catch let error as InteropError {
                output.errorLine("mockapi: error: \(error)")
                output.errorLine("mockapi: nothing was written")
                output.status = 2
                return output
            }
            for warning in result.warnings { output.errorLine("mockapi: warning: \(warning)") }
            for merge in result.redactions.merges { output.errorLine("mockapi: warning: \(FlagAdvice.text(for: merge))") }
            output.line("mockapi: imported \(result.cassette.interactions.count.counted("interaction")) into \(target)")
            for input in result.inputs {
                output.line("  \(input.file): \(input.interactions.counted("interaction")) (\(input.description))")
            }
            output.line(Import.redactionLine(result.redactions))
            for change in result.redactions.changes { output.line("  \(change)") }
            return output
        }

        /// `mockapi: redacted 3 values (header authorization ×2, query access_token ×1)`, or that nothing was.
        static func redactionLine(_ report: RedactionReport) -> String {
            guard !report.isEmpty else { return "mockapi: redacted nothing (no value matched the scrubbing rules)" }
            let rules = report.countsByRule.map { "\($0.rule) ×\($0.count)" }.joined(separator: ", ")
            return "mockapi: redacted \(report.total.counted("value")) (\(rules)):"
        }
    }
}

/// `--format har|vcr|nock`.
package struct InteropFormatOption: ExpressibleByArgument, Sendable {
    package let format: InteropFormat

    package init?(argument: String) {
        guard let format = InteropFormat(rawValue: argument.lowercased()) else { return nil }
        self.format = format
    }

    package static var allValueStrings: [String] { InteropFormat.allCases.map(\.rawValue) }
}
