import ArgumentParser
import MockAPIJSON

/// What a command that runs to completion prints and the exit status it ends with, collected rather than written at
/// once, so tests read exactly what a person would see. `emit()` writes it out and exits with the status.
package struct CommandOutput: Sendable, Equatable {
    package var status: Int32 = 0
    /// For stdout: results (findings, summaries, a JSON report).
    package var standard = ""
    /// For stderr: errors and warnings.
    package var error = ""

    package init() {}

    mutating func line(_ text: String) { standard += text + "\n" }

    mutating func errorLine(_ text: String) { error += text + "\n" }

    /// A report for tools (`--json`): the document, pretty, with a final newline.
    mutating func document(_ value: JSONValue) {
        var bytes = value.prettyBytes()
        bytes.append(UInt8(ascii: "\n"))
        standard = String(decoding: bytes, as: UTF8.self)
    }

    /// Writes both streams, then ends with the status when it is not 0.
    package func emit() throws {
        Terminal.writeOutput(standard)
        Terminal.writeError(error)
        if status != 0 { throw ExitCode(status) }
    }
}

extension Int {
    /// `1 interaction`, `3 interactions`
    func counted(_ noun: String, _ plural: String? = nil) -> String {
        "\(self) \(self == 1 ? noun : plural ?? noun + "s")"
    }
}
