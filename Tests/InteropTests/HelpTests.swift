import ArgumentParser
import MockAPICLI
import Testing

/// `--help` of each new command teaches: what it does, its options, examples to copy.
struct HelpTests {
    /// A bad option exits 64 (argument-parser's usage status), and the help says so instead of 2.
    @Test func badOption_exits64_asTheHelpSays() {
        #expect(MockAPI.exitCode(for: ValidationError("x")).rawValue == 64)
        do {
            _ = try MockAPI.parseAsRoot(["record", "--no-such-option"])
            Issue.record("a bad option parsed")
        } catch {
            #expect(MockAPI.exitCode(for: error).rawValue == 64)
        }
        #expect(MockAPI.helpMessage(for: MockAPI.Record.self, columns: 200).contains("or 64 for a bad option"))
        #expect(MockAPI.helpMessage(columns: 200).contains("Every command exits with status 64 when its arguments are wrong"))
    }

    @Test func importHelp() {
        let help = MockAPI.helpMessage(for: MockAPI.Import.self, columns: 200)
        #expect(help.contains("USAGE: mockapi import [<options>] [<file> ...]"))
        #expect(help.contains("--source <text>") && help.contains("--no-echo") && help.contains("--format <format>"))
        #expect(help.contains("mockapi import ~/Downloads/api.github.com.har --to Fixtures/github/from-browser.json"))
        #expect(help.contains("--redact-env <name>"))
        #expect(help.contains("SCRUBBING (ADDED TO THE DEFAULTS OF MOCKAPI RECORD):"))
    }

    @Test func exportHelp() {
        let help = MockAPI.helpMessage(for: MockAPI.Export.self, columns: 200)
        #expect(help.contains("mockapi export Fixtures/github/paginate-issues.json --to /tmp/paginate-issues.har"))
        #expect(help.contains("Round trip: mockapi export a.json --to a.har && mockapi import a.har --to b.json"))
    }

    @Test func lintHelp_listsEveryRuleAndTheAllowList() {
        let help = MockAPI.helpMessage(for: MockAPI.Lint.self, columns: 200)
        for rule in ["secret-header", "secret-query", "secret-field", "secret-value", "duplicate", "ambiguous", "base64-text", "unused-allowance"] {
            #expect(help.contains("  \(rule): "), "missing \(rule)")
        }
        #expect(help.contains(#""lint": {"allow": [{"rule": "secret-header", "at": "interactions[0].request.headers[2]","#))
        #expect(help.contains("Exit status: 0 clean, 1 findings, 2 a cassette could not be read or is not valid."))
        #expect(help.contains("mockapi lint Fixtures --format json > lint.json"))
    }

    @Test func scrubHelp() {
        let help = MockAPI.helpMessage(for: MockAPI.Scrub.self, columns: 200)
        #expect(help.contains("mockapi scrub Fixtures/github --redact-env GITHUB_TOKEN --redact-header X-Session-Key"))
        #expect(help.contains("--readable-bodies"))
        #expect(help.contains("--dry-run"))
    }

    @Test func driftHelp_saysWhatIsBreakingAndHowToExit() {
        let help = MockAPI.helpMessage(for: MockAPI.Drift.self, columns: 200)
        #expect(help.contains("USAGE: mockapi drift [<options>] [<path> ...]"))
        #expect(help.contains("mockapi drift Fixtures/github --header \"Authorization: Bearer $GITHUB_TOKEN\""))
        #expect(help.contains("mockapi drift Fixtures/github --update --header \"Authorization: Bearer $GITHUB_TOKEN\""))
        #expect(help.contains("Exit status: 0 no breaking drift, 1 breaking drift or a recording older than --max-age"))
        for option in ["--max-age <age>", "--concurrency <n>", "--max-wait <time>", "--redact-env <name>"] {
            #expect(help.contains(option), "missing \(option)")
        }
    }

    @Test func rootHelp_namesTheNewCommands() {
        let help = MockAPI.helpMessage(columns: 200)
        for command in ["import", "export", "lint", "scrub", "drift"] { #expect(help.contains("  \(command) "), "missing \(command)") }
        #expect(help.contains("mockapi import session.har --to Fixtures/session.json"))
    }
}
