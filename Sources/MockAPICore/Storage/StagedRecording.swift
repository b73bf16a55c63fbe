import Glibc

/// A recording that replaces a cassette only once it is complete: it is written to a hidden file beside the cassette
/// (`Fixtures/.issues.json.recording`, which folder loading skips), and ``install()`` renames it over the cassette in one
/// step, so a reader sees the old cassette or the new one. Until then, and when the recording is dropped, the cassette
/// stays as it was. `MOCKAPI_RECORD=all` in the test helpers and `mockapi record --mode all` record this way.
package struct StagedRecording: Sendable {
    /// The cassette the recording replaces.
    package let file: String

    package init(replacing file: String) {
        self.file = file
    }

    /// Where the recording is written until it is installed.
    package var staging: String { StagedRecording.stagingPath(for: file) }

    /// `.NAME.json.recording` beside `NAME.json`.
    package static func stagingPath(for file: String) -> String {
        let name = "." + FileIO.basename(of: file) + ".recording"
        return file.contains("/") ? FileIO.parent(of: file) + "/" + name : name
    }

    /// Puts the finished recording in the cassette's place, with no write-ahead log of the old one left beside it (the
    /// recording's writer must have finished, so that the staging file holds every interaction).
    package func install() throws(FileIO.Failure) {
        // The old cassette's write-ahead log (a killed recorder's) goes first: beside the new file it would be read as
        // more of it. Gone with the old recording it belonged to either way.
        unlink(WriteAheadLog.path(for: file))
        guard rename(staging, file) == 0 else {
            throw FileIO.Failure(description: "rename \(staging) → \(file): \(FileIO.errorText())")
        }
        FileIO.syncFolder(FileIO.parent(of: file))
    }

    /// Removes a recording that is not kept, and its write-ahead log.
    package func discard() {
        unlink(staging)
        unlink(WriteAheadLog.path(for: staging))
    }
}
