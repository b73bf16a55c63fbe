import Foundation
import MockAPICore
import MockAPIServer

/// Where a test's cassette lives: `github/issues` is `Fixtures/github/issues.json` in the nearest `Fixtures/` above the
/// test file (or under `$MOCKAPI_FIXTURES`). The file need not exist yet.
struct CassetteLocation: Sendable {
    /// The path under `Fixtures/` without `.json`, which names the cassette everywhere (journal, reports, scoped URLs).
    let name: String
    let file: String

    /// - Parameter source: the test's source file; the nearest `Fixtures/` above it holds the cassette.
    init(_ name: String, near source: String, environment: [String: String]) throws {
        let bare = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        if bare.hasPrefix("/") {
            let file = bare + ".json"
            let root = try? Fixtures.folder(near: source, environment: environment)
            self.file = file
            self.name = root.flatMap { Fixtures.name(of: file, under: $0) } ?? RecordingSession.name(of: file)
            return
        }
        guard !bare.isEmpty, !bare.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0.isEmpty }) else {
            throw CassetteFailure("mockapi: \(name) is not a cassette name: use its path under Fixtures/ without .json, such as github/issues")
        }
        do {
            self.file = try Fixtures.folder(near: source, environment: environment) + "/" + bare + ".json"
        } catch {
            throw CassetteFailure("mockapi: cassette \(bare): \(error)")
        }
        self.name = bare
    }

    /// The cassette, or nil when there is no file yet.
    func load() throws -> Cassette? {
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        do { return try Cassette.load(file: file) } catch {
            throw CassetteFailure("mockapi: cassette \(name) cannot be replayed: \(error)")
        }
    }

    /// A recording that replaces the cassette once the test has passed.
    var staged: StagedRecording { StagedRecording(replacing: file) }
}
