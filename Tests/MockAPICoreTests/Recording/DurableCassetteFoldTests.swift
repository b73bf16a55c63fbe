#if canImport(Glibc)
import Glibc
#endif
@testable import MockAPICore
import MockAPIJSON
import TestSupport
import Testing

/// The fold of a cassette being recorded runs while commits go on: a recorder killed at any step of it leaves a file
/// and a write-ahead log that load whole, and what was committed during the fold starts the new write-ahead log.
struct DurableCassetteFoldTests {
    @Test func commitsDuringAFold_areKeptAtEveryStep() throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        let cassette = try emptyCassette(at: file)
        for number in 0..<3 { commit(number, to: cassette) }

        #expect(cassette.startFold(bufferSize: 16) == nil)
        commit(3, to: cassette)
        #expect(try loadedQueries(file) == queries(0..<4))
        // A step of the fold's copy: the file is untouched until the copy replaces it.
        let stillRunning = cassette.advanceFold() == nil
        #expect(stillRunning)
        commit(4, to: cassette)
        #expect(try Cassette(bytes: FileIO.read(file), file: file).interactions.isEmpty)
        #expect(try loadedQueries(file) == queries(0..<5))

        var outcome = cassette.advanceFold()
        while outcome == nil { outcome = cassette.advanceFold() }
        #expect(throws: Never.self) { try outcome?.get() }
        #expect(try Cassette(bytes: FileIO.read(file), file: file).interactions.count == 3)
        #expect(try logIndexes(file) == [3, 4])
        #expect(folder.contents == [".s.json.wal", "s.json"])
        #expect(try loadedQueries(file) == queries(0..<5))

        commit(5, to: cassette)
        #expect(try logIndexes(file) == [3, 4, 5])
        #expect(try loadedQueries(file) == queries(0..<6))
    }

    /// With nothing committed while it runs (the writer's finish), a fold leaves the file alone holding everything.
    @Test func foldWithNothingCommittedMeanwhile_removesTheLog() throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        let cassette = try emptyCassette(at: file)
        for number in 0..<3 { commit(number, to: cassette) }
        #expect(cassette.startFold(bufferSize: 1 << 20) == nil)
        while cassette.advanceFold() == nil {}
        #expect(folder.contents == ["s.json"])
        #expect(try Cassette(bytes: FileIO.read(file), file: file).interactions.compactMap(\.request.query) == queries(0..<3))
        commit(3, to: cassette)
        #expect(try logIndexes(file) == [3])
        #expect(try loadedQueries(file) == queries(0..<4))
    }

    /// A writer killed while it replaced the write-ahead log leaves a temporary file beside it; the next writer on the
    /// cassette removes it, and keeps those of a writer still running.
    @Test func temporaryLogOfAKilledWriter_isRemovedByTheNext() throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        _ = try CassetteWriter(file: file)
        let gone = Int32.max  // above any process id Linux hands out
        try FileIO.writeAtomically(Array("x".utf8), to: folder.file("..s.json.wal.tmp-\(gone)-1"))
        try FileIO.writeAtomically(Array("x".utf8), to: folder.file("..s.json.wal.tmp-\(getpid())-1"))
        _ = try CassetteWriter(file: file)
        #expect(folder.contents == ["..s.json.wal.tmp-\(getpid())-1", "s.json"])
    }

    private func emptyCassette(at file: String) throws -> DurableCassette {
        let bytes = Cassette().fileBytes()
        try FileIO.writeAtomically(bytes, to: file)
        return DurableCassette(
            opened: OpenedCassette(file: file, count: 0, bytes: bytes.count), foldThreshold: 1 << 20, pendingLimit: 16 << 20,
            beforeSync: nil)
    }

    private func commit(_ number: Int, to cassette: DurableCassette) {
        let interaction = Interaction.recordedGet("/n", query: "i=\(number)", responseBody: "answer \(number)")
        let batch = [EncodedInteraction(interaction: interaction, compact: interaction.compactBytes(), fileBytes: nil, forbidding: [])]
        let outcome = cassette.commit(batch)
        #expect((try? outcome.get()) == number)
        cassette.layOut(batch)
    }

    private func loadedQueries(_ file: String) throws -> [String] {
        try Cassette.load(file: file).interactions.compactMap(\.request.query)
    }

    private func queries(_ numbers: Range<Int>) -> [String] {
        numbers.map { "i=\($0)" }
    }

    /// The indexes of the write-ahead log's lines, in order.
    private func logIndexes(_ file: String) throws -> [Int] {
        let bytes = try FileIO.read(WriteAheadLog.path(for: file))
        return try bytes.prefix { $0 != 0 }.split(separator: UInt8(ascii: "\n")).map { line in
            try #require(JSONValue.parse(Array(line))["index"]?.intValue)
        }
    }
}
