import MockAPICore

/// Tells people and scripts that the server answers: one line on stdout with the base URL, and the URL alone in the
/// ready file (written atomically, so a script that sees the file can read it whole). A ready file that cannot be
/// written is a start that failed: exit status 2.
enum ReadyAnnouncement {
    static func announce(url: String, readyFile: String?, what: String) throws {
        if let readyFile {
            do { try FileIO.writeAtomically(Array((url + "\n").utf8), to: readyFile) } catch {
                throw CommandFailure("--ready-file \(readyFile): \(error)")
            }
        }
        Terminal.writeOutput("mockapi: listening on \(url) with \(what) (Ctrl-C to stop)\n")
    }
}
