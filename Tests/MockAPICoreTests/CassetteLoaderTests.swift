import Foundation
import MockAPICore
import TestSupport
import Testing

struct CassetteLoaderTests {
    @Test func folders_areSearchedRecursively_andNamedByRelativePath() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/github", withIntermediateDirectories: true)
        try Cassette(interactions: [.get("/a")]).save(to: folder.path + "/github/one.json")
        try Cassette(interactions: [.get("/b")]).save(to: folder.path + "/two.json")
        try Array("notes".utf8).write(to: folder.path + "/README.md")
        let loaded = try CassetteLoader.load([folder.path])
        #expect(loaded.map(\.name) == ["github/one", "two"])
    }

    /// Every broken file is reported at once, not only the first.
    @Test func everyProblemIsReported() throws {
        let folder = TemporaryFolder()
        try Array("{".utf8).write(to: folder.path + "/a.json")
        try Array(#"{"mockapi": 1}"#.utf8).write(to: folder.path + "/b.json")
        let error = #expect(throws: CassetteLoadError.self) { _ = try CassetteLoader.load([folder.path]) }
        #expect(error?.problems.count == 2)
        #expect(error?.problems[1] == "\(folder.path)/b.json: interactions: required field is missing")
    }

    @Test func missingPathAndEmptyFolder_areClearErrors() throws {
        let folder = TemporaryFolder()
        let error = #expect(throws: CassetteLoadError.self) { _ = try CassetteLoader.load(["/no/such/place", folder.path]) }
        #expect(error?.problems == ["/no/such/place: no such file or folder", "\(folder.path): no cassettes (*.json files) in this folder"])
    }
}
