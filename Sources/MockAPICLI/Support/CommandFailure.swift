import ArgumentParser

/// Why a command could not do its work (a broken cassette, a port in use), thrown from `run()` and rendered once, by
/// ``MockAPI/runFromCommandLine()``: each problem on its own `mockapi: error:` line on stderr, then the exit status
/// the command's help documents (2 unless said otherwise). Wrong arguments are `ValidationError`s instead, which
/// argument-parser renders with the usage line and status 64.
struct CommandFailure: Error, CustomStringConvertible {
    let problems: [String]
    let status: ExitCode

    init(_ problems: [String], status: ExitCode = ExitCode(2)) {
        self.problems = problems
        self.status = status
    }

    /// One problem, in its own words with the flag that changes it (``FlagAdvice``).
    init(_ problem: Any, status: ExitCode = ExitCode(2)) {
        self.init([FlagAdvice.text(for: problem)], status: status)
    }

    var description: String { problems.joined(separator: "\n") }

    /// What stderr shows.
    var rendered: String { problems.map { "mockapi: error: \($0)\n" }.joined() }
}
