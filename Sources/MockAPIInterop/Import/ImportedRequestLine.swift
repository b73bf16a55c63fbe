import MockAPICore

/// The checks every importer makes on an interaction's method, URL and status, in one place so that each format says
/// the same thing about the same mistake. `failure` names the field in the input (``YAMLField/failure(_:)``,
/// ``InputField/failure(_:)``).
enum ImportedRequestLine {
    /// Whether `method` is one HTTP method token (`GET`, `PROPFIND`).
    static func isMethod(_ method: String) -> Bool {
        !method.isEmpty && method.utf8.allSatisfy(HTTPSyntax.isTokenByte)
    }

    /// `method` when it is one; else an error showing the format's own spelling (`example`: `get` for VCR and nock).
    static func method(_ method: String, example: String, failure: (String) -> InteropError) throws(InteropError) -> String {
        guard isMethod(method) else { throw failure("expected an HTTP method such as \(example), found \"\(method)\"") }
        return method
    }

    /// The parsed absolute URL; credentials in it are left out with a warning at `at` (`noun`: URL, URI, scope).
    static func url(_ text: String, noun: String, file: String, at: String, failure: (String) -> InteropError,
                    warnings: inout [ImportWarning]) throws(InteropError) -> AbsoluteURL {
        switch AbsoluteURL.parse(text) {
        case .success(let parsed):
            if parsed.droppedCredentials {
                warnings.append(ImportWarning(file: file, at: at, message: "user:password@ credentials in the \(noun) left out"))
            }
            return parsed
        case .failure(let problem): throw failure(problem.reason)
        }
    }

    /// `status` when it is an HTTP status.
    static func status(_ status: Int, failure: (String) -> InteropError) throws(InteropError) -> Int {
        guard (100...599).contains(status) else { throw failure("expected an HTTP status from 100 to 599, found \(status)") }
        return status
    }

    /// Warns of each member of an object the importer does not read (`names` not in `known`), at `path.name`: what it
    /// holds is left out of the cassette, and the user should know.
    static func reportUnknown(_ names: [String], known: Set<String>, file: String, at path: String,
                              warnings: inout [ImportWarning]) {
        for name in names where !known.contains(name) {
            warnings.append(ImportWarning(
                file: file, at: path.isEmpty ? name : "\(path).\(name)", message: "field \(name) is not understood: left out"))
        }
    }
}
