import Foundation
import MockAPICore
import Glibc

/// What opening a recording may create: the cassette file (the writer makes an empty one at once, so that a folder
/// that cannot be written fails at start) and the folders above it. Taken before the recording opens; ``undo()``
/// removes what was not there then, so a start that fails (a port in use, a folder that cannot be written) leaves
/// the folder as it was, and the next `mockapi record` does not find a cassette to refuse.
struct RecordingFootprint {
    let cassette: String
    private let cassetteExisted: Bool
    /// The outermost folder above the cassette that did not exist (``RecordingFolder/missing(above:)``).
    let createdFolder: String?

    init(cassette: String) {
        self.cassette = cassette
        cassetteExisted = FileManager.default.fileExists(atPath: cassette)
        createdFolder = RecordingFolder.missing(above: cassette)
    }

    /// Removes the cassette and its write-ahead log when they were not there before, and the folders made for them.
    /// Call only when nothing was recorded: the server did not start.
    func undo() {
        if !cassetteExisted {
            unlink(cassette)
            unlink(WriteAheadLog.path(for: cassette))
        }
        if let createdFolder { try? FileManager.default.removeItem(atPath: createdFolder) }
    }
}
