import MockAPICore
import MockAPIJSON

/// Why a HAR file or VCR cassette cannot be imported, or a cassette exported: one line naming the file and, for
/// content, the path of the offending field (`entries[3].response.status`, `http_interactions[0].request.uri`).
package enum InteropError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case notJSON(file: String, error: JSONParseError)
    case notYAML(file: String, line: Int, column: Int, reason: String)
    /// `at` is a path into the document such as `log.entries[3].response.status`; `line` is where it starts, when known.
    case invalid(file: String, at: String, reason: String, line: Int? = nil)
    case unknownFormat(file: String, reason: String)
    /// The imported cassette failed its own validation or could not be written.
    case cassette(CassetteError)

    package var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): cannot read: \(reason)"
        case .notJSON(let file, let error):
            "\(file): line \(error.line), column \(error.column): not valid JSON: \(error.reason)"
        case .notYAML(let file, let line, let column, let reason):
            "\(file): line \(line), column \(column): not valid YAML: \(reason)"
        case .invalid(let file, let at, let reason, let line):
            (at.isEmpty ? "\(file): \(reason)" : "\(file): \(at): \(reason)") + (line.map { " (line \($0))" } ?? "")
        case .unknownFormat(let file, let reason):
            "\(file): \(reason)"
        case .cassette(let error):
            error.description
        }
    }
}

/// Something imported with a compromise, worth a line on stderr: an entry skipped, a value changed.
package struct ImportWarning: Sendable, Equatable, CustomStringConvertible {
    package let file: String
    package let at: String
    package let message: String

    package init(file: String, at: String, message: String) {
        self.file = file
        self.at = at
        self.message = message
    }

    package var description: String { "\(file): \(at): \(message)" }
}
