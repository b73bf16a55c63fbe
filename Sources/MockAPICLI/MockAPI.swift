import ArgumentParser
import MockAPIServer

/// The `mockapi` command.
@available(macOS 10.15, macCatalyst 13, iOS 13, tvOS 13, watchOS 6, *)
package struct MockAPI: AsyncParsableCommand {
    /// The release, from the repository's VERSION file (stamped at build time by Plugins/BuildInfo).
    package static let version = BuildInfo.version

    /// What `mockapi --version` prints: the release, the commit it was built from and the libmicrohttpd it runs with,
    /// `0.1.0 (commit 3dfad99e0c1a, libmicrohttpd 0.9.75)`.
    package static let versionLine = "\(version) (commit \(BuildInfo.commit), libmicrohttpd \(LibMicroHTTPD.version))"

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
              See what re-recorded cassettes change, by request and JSON path, against the last commit:
                mockapi diff Fixtures --against HEAD
              Every option of a command:
                mockapi serve --help
            """,
        version: versionLine,
        subcommands: [Serve.self, Record.self, Import.self, Export.self, Lint.self, Scrub.self, Drift.self, Diff.self])

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
