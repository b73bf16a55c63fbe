import MockAPIJSON

/// Why a cassette cannot be read or written, naming the file and, for content, the JSON path of the offending field.
package enum CassetteError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case notJSON(file: String, error: JSONParseError)
    /// `at` is a JSON path such as `interactions[3].response.status`.
    case invalid(file: String, at: String, reason: String)
    case unsupportedVersion(file: String, found: String, supported: ClosedRange<Int>)
    case unwritable(file: String, reason: String)

    /// One line a person can act on: `Fixtures/github/x.json: interactions[3].response.status: expected a number`.
    package var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): cannot read: \(reason)"
        case .notJSON(let file, let error):
            "\(file): line \(error.line), column \(error.column): not valid JSON: \(error.reason)"
        case .invalid(let file, let at, let reason):
            at.isEmpty ? "\(file): \(reason)" : "\(file): \(at): \(reason)"
        case .unsupportedVersion(let file, let found, let supported):
            "\(file): mockapi: cassette format version \(found) is not supported (this mockapi reads version "
                + (supported.count == 1 ? "\(supported.lowerBound)" : "\(supported.lowerBound)–\(supported.upperBound)")
                + ")"
        case .unwritable(let file, let reason):
            "\(file): cannot write: \(reason)"
        }
    }

    /// The file the error is about.
    package var file: String {
        switch self {
        case .unreadable(let file, _), .notJSON(let file, _), .invalid(let file, _, _),
            .unsupportedVersion(let file, _, _), .unwritable(let file, _):
            file
        }
    }
}
