import Foundation
import MockAPICore

/// A fresh folder under the system temporary folder, removed when the value goes away.
public final class TemporaryFolder: Sendable {
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "mockapi-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The names in the folder, sorted.
    public func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

extension Array where Element == UInt8 {
    /// Writes the bytes to a file, replacing it.
    public func write(to path: String) throws { try FileIO.writeAtomically(self, to: path) }
}
