import Foundation
import MockAPICore
import MockAPIJSON
import TestSupport
import Testing

/// `mockapi diff` as a reviewer runs it: two files, two folders, a cassette against git, each output form, and bad
/// input.
@Suite(.serialized) struct DiffCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures")
        .standardized.path

    /// A cassette of two calls; `changed` gives `/repos/o/r` a string id, no `fork`, a 201 for the POST, a new call
    /// and new volatile headers.
    private static func cassette(changed: Bool) -> Cassette {
        func json(_ text: String) -> Body { .json(try! JSONValue.parse(text)) }
        let headers: HTTPHeaders = [("content-type", "application/json"), ("date", changed ? "Sat, 28 Nov 2026" : "Fri, 20 Nov 2026"),
                                    ("x-github-request-id", changed ? "B:2" : "A:1")]
        var interactions = [
            Interaction(request: RecordedRequest(method: "GET", path: "/repos/o/r"),
                        response: RecordedResponse(status: 200, headers: headers,
                                                   body: json(changed ? #"{"id":"1","name":"r"}"# : #"{"id":1,"name":"r","fork":false}"#))),
            Interaction(request: RecordedRequest(method: "POST", path: "/repos/o/r/issues", body: json(#"{"title":"t"}"#)),
                        response: RecordedResponse(status: changed ? 201 : 200, headers: headers, body: json(#"{"number":2}"#))),
        ]
        if changed {
            interactions.append(Interaction(request: RecordedRequest(method: "GET", path: "/user"),
                                            response: RecordedResponse(status: 200, headers: headers, body: json(#"{"login":"o"}"#))))
        }
        return Cassette(interactions: interactions)
    }

    private func files() throws -> (old: String, new: String, folder: TemporaryFolder) {
        let folder = TemporaryFolder()
        try Self.cassette(changed: false).save(to: folder.file("old.json"))
        try Self.cassette(changed: true).save(to: folder.file("new.json"))
        return (folder.file("old.json"), folder.file("new.json"), folder)
    }

    @Test func fixturesAgainstThemselves_differInNothing() async throws {
        let finished = try await MockAPIProcess.run(["diff", Self.fixtures, Self.fixtures])
        #expect(finished.status == 0)
        #expect(finished.stdout.hasPrefix("0 interactions changed, 0 added, 0 removed, "))
    }

    @Test func changedCassette_namesEachChange_andNothingVolatile() async throws {
        let (old, new, folder) = try files()
        let finished = try await MockAPIProcess.run(["diff", old, new])
        withExtendedLifetime(folder) {}
        #expect(finished.status == 1)
        #expect(finished.stdout == """
            new (\(old) → \(new))
              ~ GET /repos/o/r [0] BREAKING
                  $.id: type number 1 → string "1" (breaking)
                  $.fork removed (was false) (breaking)
              ~ POST /repos/o/r/issues [1]
                  status 200 → 201
              + GET /user [2]
            2 interactions changed (1 breaking), 1 added, 0 removed, 0 unchanged; 1 of 1 cassette changed

            """)
        #expect(!finished.stdout.contains("date") && !finished.stdout.contains("request-id"))
    }

    /// Folders pair their cassettes by path; one only the new folder has is all added.
    @Test func folders_pairByPath_aNewCassetteIsAllAdded() async throws {
        let folder = TemporaryFolder()
        try FileIO.createFolder(folder.file("old/api"))
        try FileIO.createFolder(folder.file("new/api"))
        try Self.cassette(changed: false).save(to: folder.file("old/api/repo.json"))
        try Self.cassette(changed: false).save(to: folder.file("new/api/repo.json"))
        try Self.cassette(changed: false).save(to: folder.file("new/api/more.json"))
        let finished = try await MockAPIProcess.run(["diff", folder.file("old"), folder.file("new")])
        #expect(finished.status == 1)
        #expect(finished.stdout == """
            api/more (new cassette: \(folder.file("new/api/more.json")))
              + GET /repos/o/r [0]
              + POST /repos/o/r/issues [1]
            0 interactions changed, 2 added, 0 removed, 2 unchanged; 1 of 2 cassettes changed

            """)
    }

    @Test func json_parses_andNamesTheSameChanges() async throws {
        let (old, new, folder) = try files()
        let finished = try await MockAPIProcess.run(["diff", old, new, "--json"])
        withExtendedLifetime(folder) {}
        #expect(finished.status == 1)
        let report = try JSONValue.parse(finished.stdout)
        let cassette = report["cassettes"]?.arrayValue?.first
        let changes = cassette?["changed"]?.arrayValue?.flatMap { $0["changes"]?.arrayValue ?? [] } ?? []
        #expect(changes.compactMap { $0["kind"]?.stringValue } == ["type-changed", "member-removed", "status"])
        #expect(cassette?["added"]?.arrayValue?.compactMap { $0["request"]?.stringValue } == ["GET /user"])
        #expect(report["summary"]?["breaking"] == .integer(1))
    }

    @Test func badInput_isAClearErrorWithStatus2() async throws {
        let (old, _, folder) = try files()
        try FileIO.writeAtomically(Array(#"{"log": {}}"#.utf8), to: folder.file("har.json"))
        try FileIO.writeAtomically(Array("not json".utf8), to: folder.file("broken.json"))
        var finished = try await MockAPIProcess.run(["diff", old, folder.file("har.json")])
        #expect(finished.status == 2)
        #expect(finished.stderr.hasPrefix("mockapi: error: \(folder.file("har.json")): not a mockapi cassette"))
        finished = try await MockAPIProcess.run(["diff", folder.file("broken.json"), old])
        #expect(finished.status == 2)
        #expect(finished.stderr.hasPrefix("mockapi: error: \(folder.file("broken.json")): line 1"))
        finished = try await MockAPIProcess.run(["diff", old, folder.file("missing.json")])
        #expect(finished.status == 2)
        #expect(finished.stderr == "mockapi: error: \(folder.file("missing.json")): no such file or folder\n")
        finished = try await MockAPIProcess.run(["diff", old])
        #expect(finished.status == 64)
    }

    @Test func against_comparesWithTheCommittedVersion() async throws {
        let folder = TemporaryFolder()
        let file = folder.file("repo/Fixtures/api.json")
        try FileIO.createFolder(folder.file("repo/Fixtures"))
        try Self.cassette(changed: false).save(to: file)
        try git(["init", "-q"], in: folder.file("repo"))
        try git(["add", "."], in: folder.file("repo"))
        try git(["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "cassette"], in: folder.file("repo"))
        var finished = try await MockAPIProcess.run(["diff", folder.file("repo/Fixtures"), "--against", "HEAD"])
        #expect(finished.status == 0, "\(finished.stderr)")
        try Self.cassette(changed: true).save(to: file)
        finished = try await MockAPIProcess.run(["diff", folder.file("repo/Fixtures"), "--against", "HEAD", "--markdown"])
        #expect(finished.status == 1)
        #expect(finished.stdout.contains("#### `Fixtures/api`"))
        #expect(finished.stdout.contains("- changed `GET /repos/o/r` [0] — **breaking**"))
        #expect(finished.stdout.contains("- added `GET /user` [2]"))

        finished = try await MockAPIProcess.run(["diff", file, "--against", "no-such-branch"])
        #expect(finished.status == 2)
        #expect(finished.stderr.hasPrefix("mockapi: error: --against no-such-branch: no such revision in the repository at "))
        let outside = folder.file("elsewhere.json")
        try Self.cassette(changed: false).save(to: outside)
        finished = try await MockAPIProcess.run(["diff", outside, "--against", "HEAD"])
        #expect(finished.status == 2)
        #expect(finished.stderr.hasPrefix("mockapi: error: \(outside): not in a git repository"))
    }

    private func git(_ arguments: [String], in folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
    }
}
