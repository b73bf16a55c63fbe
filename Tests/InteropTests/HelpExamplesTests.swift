import ArgumentParser
import Foundation
import MockAPICLI
import Testing

/// Every example in every command's `--help` is a command line mockapi accepts: changing a flag without changing
/// its examples fails here. Examples need no file to be parsed; what they name is only opened when they run.
struct HelpExamplesTests {
    static let commands: [any ParsableCommand.Type] = [MockAPI.self] + MockAPI.configuration.subcommands

    /// `mockapi …` lines after "Examples:", continued lines joined; prose before a colon (`Round trip: mockapi …`) and
    /// a note after two spaces and a parenthesis left out.
    static func examples(of command: any ParsableCommand.Type) -> [String] {
        let discussion = command.configuration.discussion
        guard let start = discussion.range(of: "Examples:") else { return [] }
        var lines: [String] = []
        var pending = ""
        for raw in discussion[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if pending.isEmpty {
                if let colon = line.range(of: ": mockapi ") {
                    line = String(line[line.index(colon.lowerBound, offsetBy: 2)...])
                } else if !line.hasPrefix("mockapi ") {
                    continue
                }
            }
            // A note after the command, set off by two spaces: `mockapi lint Fixtures  (the token …)`.
            if let note = line.range(of: "  (") { line = String(line[..<note.lowerBound]) }
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
                continue
            }
            lines.append(pending + line)
            pending = ""
        }
        return lines
    }

    /// The words a shell would pass (quotes removed), up to the first shell operator (`&&`, `|`, `>`, `&`).
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        var started = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                started = true
            } else if character == " " {
                if started || !word.isEmpty { words.append(word) }
                word = ""
                started = false
            } else {
                word.append(character)
            }
        }
        if started || !word.isEmpty { words.append(word) }
        if let end = words.firstIndex(where: { ["&&", "|", ">", "&"].contains($0) }) { words.removeSubrange(end...) }
        return words
    }

    @Test func everyCommandHasExamples() {
        for command in Self.commands {
            #expect(!Self.examples(of: command).isEmpty, "\(command.configuration.commandName ?? "\(command)") has no examples")
        }
    }

    @Test(arguments: commands.flatMap { command in examples(of: command).map { $0 } })
    func example_isAcceptedByTheParser(_ line: String) {
        let arguments = Array(Self.words(line).dropFirst())
        #expect(arguments.count >= 1, "\(line)")
        do {
            _ = try MockAPI.parseAsRoot(arguments)
        } catch {
            let message = MockAPI.message(for: error)
            // An example that names an environment variable (--redact-env GITHUB_TOKEN) parses; only the variable is
            // missing here.
            if message.contains("is not set") { return }
            Issue.record("\(line)\n  → \(message)")
        }
    }
}
