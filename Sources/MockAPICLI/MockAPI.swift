import ArgumentParser

/// The `mockapi` command.
@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
package struct MockAPI: AsyncParsableCommand {
    package static let version = "0.1.0"

    package static let configuration = CommandConfiguration(
        commandName: "mockapi",
        abstract: "Record HTTP API traffic into cassettes and replay it offline.",
        discussion: """
            Point a client's base URL at `mockapi record` once to capture real answers, commit the cassettes, and \
            point the same base URL at `mockapi serve` in tests and CI.

            Every command exits with status 64 when its arguments are wrong (the message says which and why); each \
            command's help lists its other exit statuses.

            Examples:
              Record GitHub through http://127.0.0.1:8080 (point the client's base URL there):
                mockapi record --upstream https://api.github.com --cassette Fixtures/github/my-session.json
              Replay every cassette under Fixtures/ on http://127.0.0.1:8080:
                mockapi serve Fixtures
              Pick a free port and print its URL:
                mockapi serve Fixtures --port 0
              Bring in a HAR file or a VCR cassette, check, clean and look at cassettes:
                mockapi import session.har --to Fixtures/session.json
                mockapi lint Fixtures
                mockapi scrub Fixtures --redact-env GITHUB_TOKEN
                mockapi export Fixtures/session.json --to session.har
              Check that the cassettes still describe the live API (status, types, members):
                mockapi drift Fixtures --header "Authorization: Bearer $GITHUB_TOKEN"
              Every option of a command:
                mockapi serve --help
            """,
        version: version,
        subcommands: [Serve.self, Record.self, Import.self, Export.self, Lint.self, Scrub.self, Drift.self])

    package init() {}
}

extension MockAPI {
    /// Parses the process arguments and runs the chosen command. (Calling `main()` from `main.swift` picks the
    /// synchronous overload on Linux, which refuses asynchronous commands.)
    package static func runFromCommandLine() async {
        do {
            var command = try parseAsRoot()
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            Terminal.writeError(failure.rendered)
            exit(withError: failure.status)
        } catch {
            exit(withError: error)
        }
    }
}
