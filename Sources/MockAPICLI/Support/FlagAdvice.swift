import MockAPICore
import MockAPIServer
import Glibc

/// The flag that changes what went wrong. Errors from the core and the server say what happened in words that fit an
/// in-process user as well (who never typed a flag); the command line adds its own knob here.
enum FlagAdvice {
    /// A problem as a command reports it: the error's own words, with the flag to change it where there is one.
    static func text(for problem: Any) -> String {
        switch problem {
        case let error as ServerError: text(for: error)
        case let error as CassetteWriterError: text(for: error)
        default: "\(problem)"
        }
    }

    /// A merge warning, with the flags that keep a value that is not a secret.
    static func text(for merge: RedactionMerge) -> String {
        "\(merge) (--keep-header, --keep-query, --keep-json-field)"
    }

    private static func text(for error: ServerError) -> String {
        switch error {
        case .invalidHost: "--host \(error)"
        case .bindFailed(_, _, let code, _) where code == EADDRINUSE || code == EACCES: "\(error) (--port)"
        default: "\(error)"
        }
    }

    private static func text(for error: CassetteWriterError) -> String {
        switch error {
        case .existingUnreadable: "\(error) (mockapi record --mode all records it afresh)"
        case .wouldLeak: "\(error) (--redact-header, --redact-query, --redact-json-field)"
        case .unwritable: "\(error)"
        }
    }
}
