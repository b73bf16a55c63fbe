import Dispatch
#if canImport(Glibc)
import Glibc
#endif
import MockAPICore
import Synchronization
import TestSupport
import Testing

/// The writer's disk work runs on its own thread: a sync held there (a slow disk) holds only the appends that wait for
/// it, and those that arrive meanwhile share the next sync.
@Suite(.serialized)
struct CassetteWriterThreadTests {
    @Test func heldSync_leavesStatisticsReadable_andWhatArrivesSharesTheNextSync() async throws {
        let folder = TemporaryFolder()
        let gate = DispatchSemaphore(value: 0)
        let (held, holding) = AsyncStream<Void>.makeStream()
        let firstSync = Atomic<Bool>(true)
        let writer = try CassetteWriter(file: folder.file("s.json"), beforeSync: {
            guard firstSync.exchange(false, ordering: .relaxed) else { return }
            holding.yield()
            // Bounded, so that a test that fails before letting it go ends instead of hanging.
            _ = gate.wait(timeout: .now() + 30)
        })
        async let first = writer.append(.recordedGet("/n", query: "i=0"))
        var events = held.makeAsyncIterator()
        _ = await events.next()
        async let rest = withThrowingTaskGroup(of: Int.self) { group in
            for number in 1...5 { group.addTask { try await writer.append(.recordedGet("/n", query: "i=\(number)")) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Read while the writer's thread is inside the sync: nothing here waits for it.
        while writer.queueDepth < 5 { await Task.yield() }
        #expect(writer.statistics.writes == 0)
        gate.signal()
        #expect(try await first == 0)
        #expect(try await rest.sorted() == [1, 2, 3, 4, 5])
        #expect(writer.statistics.writes == 2)
        #expect(writer.queueDepth == 0)
    }

    /// With a batch limit of 1 every interaction gets its own sync (what batching is measured against).
    @Test func batchLimitOfOne_syncsEachInteractionAlone() async throws {
        let folder = TemporaryFolder()
        let writer = try CassetteWriter(file: folder.file("s.json"), maximumBatch: 1)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for number in 0..<20 { group.addTask { try await writer.append(.recordedGet("/n", query: "i=\(number)")) } }
            try await group.waitForAll()
        }
        #expect(writer.statistics.writes == 20)
    }

    /// A write the disk refuses is answered with the failure, and the statistics say why.
    @Test func refusedWrite_isAnsweredWithItsFailure_andNoted() async throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        let writer = try CassetteWriter(file: file)
        // The write-ahead log cannot be created where a folder has its name.
        #expect(mkdir(WriteAheadLog.path(for: file), 0o755) == 0)
        await #expect(throws: CassetteWriterError.self) { try await writer.append(.recordedGet("/x")) }
        #expect(writer.statistics.lastFailure?.contains(".s.json.wal") == true)
        #expect(writer.statistics.appended == 0)
    }
}
