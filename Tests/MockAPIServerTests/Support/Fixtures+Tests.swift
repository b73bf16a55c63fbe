import Foundation
import MockAPICore

enum TestFixtures {
    /// The repository's Fixtures folder.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../../Fixtures").standardized.path

    static func loaded(_ names: [String]) throws -> [LoadedCassette] {
        try CassetteLoader.load(names.map { folder + "/" + $0 + ".json" })
    }
}
