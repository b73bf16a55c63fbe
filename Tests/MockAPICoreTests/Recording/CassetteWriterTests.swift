#if canImport(Glibc)
import Glibc
#endif
import MockAPICore
import MockAPIJSON
import TestSupport
import Testing

struct CassetteWriterTests {
    /// The file written piece by piece is byte for byte what saving the whole cassette writes, so a recorded
    /// cassette round-trips through load and save without a diff.
    @Test func file_isTheCassettesOwnBytes() async throws {
        let folder = TemporaryFolder()
        let file = folder.file("deep/er/session.json")
        let writer = try CassetteWriter(file: file, source: "recorded by tests")
        #expect(try FileIO.read(file) == Cassette(source: "recorded by tests").fileBytes())
        let interactions: [Interaction] = [
            .recordedGet("/a", query: "x=1", responseBody: #"{"id":1}"#),
            .recordedPost("/b", body: #"{"name":"x"}"#, contentType: "application/json", status: 201),
            Interaction(request: RecordedRequest(method: "GET", path: "/bin"), response: RecordedResponse(status: 200, body: .binary([0, 255, 1]))),
        ]
        for interaction in interactions { _ = try await writer.append(interaction) }
        let expected = Cassette(source: "recorded by tests", interactions: interactions)
        #expect(try Cassette.load(file: file) == expected)
        try await writer.finish()
        #expect(try FileIO.read(file) == expected.fileBytes())
        #expect(folder.contents == ["deep"])
        #expect(writer.statistics.appended == 3)
        #expect(writer.statistics.fileBytes == expected.fileBytes().count)
    }

    /// An append started and waited for later gets its index whether it was on disk before the wait (flushed first) or
    /// not yet; both are in the cassette, in order.
    @Test func startedAppend_givesItsIndexOnceOnDisk() async throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        let writer = try CassetteWriter(file: file)
        let first = try writer.startAppend(.recordedGet("/first"))
        await writer.flush()
        let second = try writer.startAppend(.recordedGet("/second"))
        #expect(try await second.index() == 1)
        #expect(try await first.index() == 0)
        #expect(try Cassette.load(file: file).interactions.map(\.request.path) == ["/first", "/second"])
    }

    /// An interaction whose bytes in the file the caller already has (kept from an earlier recording) is written
    /// with those bytes, as they are.
    @Test func givenFileBytes_areWrittenAsTheyAre() async throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        let writer = try CassetteWriter(file: file)
        let kept = Array("    {\"request\": {\"method\": \"GET\", \"path\": \"/kept\", \"headers\": [], \"body\": null}, \"response\": {\"status\": 200, \"headers\": [], \"body\": null}}".utf8)
        _ = try await writer.append(.recordedGet("/kept"), fileBytes: kept)
        try await writer.finish()
        let bytes = try FileIO.read(file)
        #expect(bytes == Array("{\n  \"mockapi\": 1,\n  \"interactions\": [\n".utf8) + kept + Array("\n  ]\n}\n".utf8))
        #expect(try Cassette.load(file: file).interactions.map(\.request.path) == ["/kept"])
    }

    /// A cassette edited by hand (another layout) is written again in the recorder's when a writer opens it, with the
    /// same interactions: appending then replaces its tail.
    @Test func cassetteInAnotherLayout_isLaidOutAgainAtOpen() async throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        let cassette = Cassette(interactions: [.recordedGet("/old")])
        try FileIO.writeAtomically(cassette.jsonValue.compactBytes(), to: file)
        let writer = try CassetteWriter(file: file)
        #expect(try FileIO.read(file) == cassette.fileBytes())
        _ = try await writer.append(.recordedGet("/new"))
        try await writer.finish()
        #expect(try FileIO.read(file) == Cassette(interactions: [.recordedGet("/old"), .recordedGet("/new")]).fileBytes())
    }

    /// Until it is folded in, the write-ahead log holds what the file does not; a writer that never finished (killed) loses
    /// nothing: loading reads the write-ahead log, and the next writer folds it into the file.
    @Test func writeAheadLogOfAKilledWriter_isReadAndFoldedIn() async throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        let first = try CassetteWriter(file: file)
        for path in ["/a", "/b", "/c"] { _ = try await first.append(.recordedGet(path)) }
        #expect(folder.contents == [".s.json.wal", "s.json"])
        #expect(try Cassette(bytes: FileIO.read(file), file: file).interactions.isEmpty)
        #expect(try Cassette.load(file: file).interactions.map(\.request.path) == ["/a", "/b", "/c"])

        let second = try CassetteWriter(file: file)
        #expect(second.existingInteractions == 3)
        #expect(folder.contents == ["s.json"])
        #expect(try Cassette(bytes: FileIO.read(file), file: file).interactions.map(\.request.path) == ["/a", "/b", "/c"])
        #expect(try await second.append(.recordedGet("/d")) == 3)
        #expect(try Cassette.load(file: file).interactions.map(\.request.path) == ["/a", "/b", "/c", "/d"])
    }

    /// A line cut short by a kill is ignored, lines the file already holds are skipped, a gap is an error.
    @Test func writeAheadLogLines_areReadSafely() throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        try Cassette(interactions: [.recordedGet("/a")]).save(to: file)
        let log = WriteAheadLog.path(for: file)
        #expect(log == folder.file(".s.json.wal"))
        let stale = WriteAheadLog.line(for: .recordedGet("/a"), index: 0)
        let next = WriteAheadLog.line(for: .recordedGet("/b"), index: 1)
        let torn = Array(WriteAheadLog.line(for: .recordedGet("/c"), index: 2).dropLast(9))
        try FileIO.writeAtomically(stale + next + torn, to: log)
        #expect(try Cassette.load(file: file).interactions.map(\.request.path) == ["/a", "/b"])
        try FileIO.writeAtomically(WriteAheadLog.line(for: .recordedGet("/z"), index: 5), to: log)
        #expect(throws: CassetteError.invalid(file: log, at: "line 1", reason: "holds interaction 5 but the cassette has 1 before it")) {
            try Cassette.load(file: file)
        }
    }

    /// The write-ahead log ends at its first zero byte: a recorder writes zeros ahead of its last line (so that an
    /// append's sync flushes no file size), and a block a crash kept from disk reads as zeros, followed by whatever
    /// of that unsynced write did reach it.
    @Test func writeAheadLogLines_endAtTheFirstZeroByte() throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        try Cassette(interactions: []).save(to: file)
        let first = WriteAheadLog.line(for: .recordedGet("/a"), index: 0)
        let unsynced = WriteAheadLog.line(for: .recordedGet("/b"), index: 1)
        let cut = Array(unsynced.prefix(20)) + [UInt8](repeating: 0, count: 30) + Array(unsynced.dropFirst(50))
        try FileIO.writeAtomically(first + cut + WriteAheadLog.line(for: .recordedGet("/c"), index: 2) + [0, 0, 0], to: WriteAheadLog.path(for: file))
        #expect(try Cassette.load(file: file).interactions.map(\.request.path) == ["/a"])
    }

    /// What a recorder leaves in its write-ahead log is its lines followed by zeros, and loads as those lines.
    @Test func writeAheadLogOfARecorder_isItsLinesThenZeros() async throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        let writer = try CassetteWriter(file: file)
        for path in ["/a", "/b"] { _ = try await writer.append(.recordedGet(path)) }
        let log = try FileIO.read(WriteAheadLog.path(for: file))
        let lines = log.prefix { $0 != 0 }
        #expect(lines == WriteAheadLog.line(for: .recordedGet("/a"), index: 0)[...] + WriteAheadLog.line(for: .recordedGet("/b"), index: 1))
        #expect(log.count > lines.count)
        #expect(log.dropFirst(lines.count).allSatisfy { $0 == 0 })
        #expect(try Cassette.load(file: file).interactions.map(\.request.path) == ["/a", "/b"])
    }

    /// The write-ahead log is folded into the file as it grows, so the file keeps up without a rewrite per interaction.
    /// (A fold runs while appends go on; waiting for each append's fold makes the count of folds one to expect.)
    @Test func writeAheadLog_isFoldedInAsItGrows() async throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        let writer = try CassetteWriter(file: file, foldThreshold: 2_000)
        for number in 0..<40 {
            _ = try await writer.append(.recordedGet("/n", query: "i=\(number)", responseBody: "answer \(number)"))
            await writer.flush()
        }
        let statistics = writer.statistics
        #expect(statistics.folds >= 2)
        #expect(statistics.folds < 20)
        #expect(statistics.writes == 40)
        #expect(try Cassette(bytes: FileIO.read(file), file: file).interactions.count > 20)
        #expect(try Cassette.load(file: file).interactions.count == 40)
    }

    /// An existing cassette is added to; with `.overwrite` it starts afresh.
    @Test func existingCassette_isAppendedToOrReplaced() async throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        try Cassette(interactions: [.recordedGet("/old")]).save(to: file)
        let writer = try CassetteWriter(file: file)
        #expect(writer.existingInteractions == 1)
        #expect(try await writer.append(.recordedGet("/new")) == 1)
        #expect(try Cassette.load(file: file).interactions.map(\.request.path) == ["/old", "/new"])

        let fresh = try CassetteWriter(file: file, mode: .overwrite)
        #expect(try Cassette.load(file: file).interactions.isEmpty)
        #expect(try await fresh.append(.recordedGet("/only")) == 0)
        #expect(try Cassette.load(file: file).interactions.map(\.request.path) == ["/only"])
    }

    /// A file that is not a valid cassette is refused and left exactly as it was.
    @Test func invalidExistingFile_isRefusedAndUntouched() throws {
        let folder = TemporaryFolder()
        let file = folder.file("notes.json")
        let original = Array(#"{"hello": "world"}"#.utf8)
        try FileIO.writeAtomically(original, to: file)
        #expect(throws: CassetteWriterError.self) { try CassetteWriter(file: file) }
        #expect(try FileIO.read(file) == original)
        do {
            _ = try CassetteWriter(file: file)
        } catch {
            #expect(error.description.hasPrefix("\(file): cannot append to it: not a mockapi cassette"))
            #expect(error.description.hasSuffix("(fix it, move it away, or overwrite it to start a new cassette there)"))
        }
    }

    /// A value that must stay hidden is never written: the append fails, the file keeps its previous bytes, and
    /// the error names the secret without its value.
    @Test func forbiddenValue_isNeverWritten() async throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        let writer = try CassetteWriter(file: file)
        let before = try FileIO.read(file)
        let secret = SecretLiteral.environment("GITHUB_TOKEN", value: "ghp_leakleakleak")
        do {
            _ = try await writer.append(.recordedGet("/x", responseHeaders: [("X-Echo", "ghp_leakleakleak")]), forbidding: [secret])
            Issue.record("the write should have been refused")
        } catch {
            #expect(error == .wouldLeak(file: file, secrets: ["GITHUB_TOKEN"]))
            #expect(!error.description.contains("ghp_leak"))
        }
        let binary = Interaction(request: RecordedRequest(method: "GET", path: "/b"),
                                 response: RecordedResponse(status: 200, body: .binary([0xFF] + Array("ghp_leakleakleak".utf8))))
        await #expect(throws: CassetteWriterError.self) { try await writer.append(binary, forbidding: [secret]) }
        #expect(try FileIO.read(file) == before)
        #expect(folder.contents == ["s.json"])
    }

    /// An existing cassette that already holds a `--redact-env` value is refused before anything is written.
    @Test func existingLeak_isRefusedAtOpen() throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        try Cassette(interactions: [.recordedGet("/x", headers: [("Authorization", "token ghp_oldleak123")])]).save(to: file)
        #expect(throws: CassetteWriterError.wouldLeak(file: file, secrets: ["GITHUB_TOKEN"])) {
            try CassetteWriter(file: file, forbidding: [.environment("GITHUB_TOKEN", value: "ghp_oldleak123")])
        }
    }

    /// Concurrent appends are all written, each once, with distinct indexes.
    @Test func concurrentAppends_loseNothing() async throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        let writer = try CassetteWriter(file: file)
        let indexes = try await withThrowingTaskGroup(of: Int.self) { group in
            for number in 0..<200 { group.addTask { try await writer.append(.recordedGet("/n", query: "i=\(number)")) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(indexes) == Set(0..<200))
        let queries = try Cassette.load(file: file).interactions.compactMap(\.request.query)
        #expect(Set(queries) == Set((0..<200).map { "i=\($0)" }))
        #expect(queries.count == 200)
        #expect(writer.statistics.writes <= 200)
    }

    /// Folds run while appends go on (a small threshold makes many): every interaction is kept, once, in order of
    /// its index, in the file and log at any moment and in the file alone after the finish.
    @Test func concurrentAppendsWhileFolding_loseNothing() async throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        let writer = try CassetteWriter(file: file, foldThreshold: 2_000)
        let indexes = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for number in 0..<300 {
                group.addTask { (number, try await writer.append(.recordedGet("/n", query: "i=\(number)", responseBody: "answer \(number)"))) }
            }
            return try await group.reduce(into: [:]) { $0[$1.1] = $1.0 }
        }
        #expect(indexes.count == 300)
        let expected = (0..<300).map { "i=\(indexes[$0] ?? -1)" }
        #expect(try Cassette.load(file: file).interactions.compactMap(\.request.query) == expected)
        await writer.flush()
        #expect(writer.statistics.folds >= 1)
        try await writer.finish()
        #expect(folder.contents == ["s.json"])
        #expect(try Cassette(bytes: FileIO.read(file), file: file).interactions.compactMap(\.request.query) == expected)
    }
}
