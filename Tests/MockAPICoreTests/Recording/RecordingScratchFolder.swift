import Foundation

/// A folder under the system's temporary folder, removed when the test is done with it.
final class RecordingScratchFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "mockapi-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// The names in the folder, hidden ones included.
    var contents: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? [] }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
