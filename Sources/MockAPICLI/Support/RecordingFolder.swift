import Foundation
import MockAPICore

/// The folder `mockapi record` creates for a new cassette gets a `.gitignore` for what a killed recorder leaves
/// beside its cassettes, hidden but picked up by `git add Fixtures`.
enum RecordingFolder {
    static let gitignore = """
        # Written by mockapi record: what a killed recorder leaves beside a cassette (mockapi lint names them).
        .*.wal
        .*.recording
        .*.tmp-*

        """

    /// The outermost folder above `file` that does not exist yet (`Fixtures` for `Fixtures/github/x.json` in a clean
    /// checkout); nil when the cassette's folder exists.
    static func missing(above file: String) -> String? {
        var missing: String?
        var folder = FileIO.parent(of: file)
        while !folder.isEmpty, folder != "/", folder != ".", !FileManager.default.fileExists(atPath: folder) {
            missing = folder
            let parent = FileIO.parent(of: folder)
            guard parent != folder else { break }
            folder = parent
        }
        return missing
    }

    /// Writes the `.gitignore` into a folder recording created; says on stderr when it could not.
    static func writeGitignore(in folder: String) {
        do { try FileIO.writeAtomically(Array(gitignore.utf8), to: folder + "/.gitignore") } catch {
            Terminal.writeError("mockapi: warning: \(folder)/.gitignore: \(error)\n")
        }
    }
}
