import MockAPICore

/// Tells people and scripts that the server answers: one line on stdout with the base URL, and the URL alone in the
/// ready file (written atomically, so a script that sees the file can read it whole). A ready file that cannot be
/// written is a start that failed: exit status 2. An HTTPS server's line also names the file of the certificate that
/// clients trust.
enum ReadyAnnouncement {
    static func announce(url: String, readyFile: String?, what: String, certificateFile: String? = nil) throws {
        if let readyFile {
            do { try FileIO.writeAtomically(Array((url + "\n").utf8), to: readyFile) } catch {
                throw CommandFailure("--ready-file \(readyFile): \(error)")
            }
        }
        let certificate = certificateFile.map { " (certificate: \($0))" } ?? ""
        Terminal.writeOutput("mockapi: listening on \(url)\(certificate) with \(what) (Ctrl-C to stop)\n")
    }
}
