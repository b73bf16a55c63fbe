/// Why an interaction was not written.
package enum CassetteWriterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The cassette file exists but cannot be read as one; nothing was changed.
    case existingUnreadable(CassetteError)
    /// A value that must be hidden would have reached the file; `secrets` names them (never their values).
    case wouldLeak(file: String, secrets: [String])
    /// The file system refused the write (a missing folder, no space, no permission).
    case unwritable(file: String, reason: String)

    package var description: String {
        switch self {
        case .existingUnreadable(let error):
            "\(error.file): cannot append to it: \(error.description.dropFirst(error.file.count + 2)) "
                + "(fix it, move it away, or overwrite it to start a new cassette there)"
        case .wouldLeak(let file, let secrets):
            "\(file): refused to write: the value of \(secrets.joined(separator: ", ")) would have been written to disk "
                + "(nothing was written; add a redaction rule that covers where it appears)"
        case .unwritable(let file, let reason):
            "\(file): cannot write: \(reason)"
        }
    }
}
