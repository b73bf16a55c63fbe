import MockAPICore
import TestSupport
import Testing

/// A file written atomically holds exactly its parts, in order, however they fall against the steps in which a large
/// write is put on disk as it goes.
struct AtomicWriteTests {
    @Test(arguments: [[0], [1, 1 << 20], [(1 << 20) - 1, 3, (1 << 21) + 5, 0, 700_001]])
    func parts_areWrittenWholeAndInOrder(sizes: [Int]) throws {
        let folder = TemporaryFolder()
        let file = folder.file("big.json")
        try FileIO.writeAtomically(Array("old".utf8), to: file)
        let parts = sizes.enumerated().map { index, size in
            (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
        }
        try FileIO.writeAtomically(parts: parts, to: file)
        #expect(try FileIO.read(file) == parts.flatMap { $0 })
        #expect(folder.contents == ["big.json"])
    }
}
