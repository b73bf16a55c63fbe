import Foundation
import MockAPICore

/// A fresh folder under the system temporary folder, removed (with everything in it) when the value goes away.
package final class TemporaryFolder: Sendable {
    package let path: String

    /// Creates the folder; if that fails, the first file operation in it fails and says where.
    package init() {
        path = NSTemporaryDirectory() + "mockapi-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of a file (or folder) inside.
    package func file(_ name: String) -> String { path + "/" + name }

    /// The names directly in the folder, hidden ones included, sorted.
    package func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// The names directly in the folder, or none when it cannot be read.
    package var contents: [String] { (try? entries()) ?? [] }

    /// Every file under the folder, hidden ones included, with its bytes.
    package func allFiles() -> [(path: String, bytes: Data)] {
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        var files: [(String, Data)] = []
        while let relative = walker.nextObject() as? String {
            let full = path + "/" + relative
            if let data = FileManager.default.contents(atPath: full) { files.append((full, data)) }
        }
        return files
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

extension Array where Element == UInt8 {
    /// Writes the bytes to a file, replacing it.
    package func write(to path: String) throws { try FileIO.writeAtomically(self, to: path) }
}
