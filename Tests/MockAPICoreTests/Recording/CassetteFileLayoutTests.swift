@testable import MockAPICore
import TestSupport
import Testing

/// The recorder writes a cassette file piece by piece (head, interactions, tail) and appends by replacing the tail,
/// copying the file through a small buffer: whatever the pieces, the bytes are those of the cassette written whole.
struct CassetteFileLayoutTests {
    /// Interactions of about 30 KB each.
    private static let interactions = (0..<40).map { number in
        Interaction.recordedGet("/n", query: "i=\(number)", responseBody: String(repeating: "answer \(number) ", count: 3_000))
    }

    @Test func pieces_makeTheCassettesBytes() {
        for count in [0, 1, 3] {
            let interactions = Array(Self.interactions.prefix(count))
            var bytes = CassetteFileLayout.head(source: "https://api.example.com")
            for (index, interaction) in interactions.enumerated() {
                bytes += CassetteFileLayout.separator(before: index) + CassetteFileLayout.encode(interaction)
            }
            bytes += CassetteFileLayout.tail(count: count)
            #expect(firstDifference(bytes, Cassette(source: "https://api.example.com", interactions: interactions).fileBytes()) == nil)
        }
    }

    /// A file of a megabyte folds through a 4 KiB buffer, a step per buffer, into the bytes of the whole cassette.
    @Test func aLargeFile_foldsThroughASmallBuffer_intoTheSameBytes() throws {
        for (old, new) in [(30, 10), (0, 2)] {
            let folder = TemporaryFolder()
            let file = folder.file("s.json")
            let before = Cassette(source: "s", interactions: Array(Self.interactions[..<old])).fileBytes()
            try FileIO.writeAtomically(before, to: file)
            let fold = try StreamingFold(
                file: file, fileBytes: before.count, fileCount: old,
                appending: Self.interactions[old..<(old + new)].map(CassetteFileLayout.encode), bufferSize: 4096)
            var steps = 1
            while try !fold.step() { steps += 1 }
            #expect(steps >= before.count / 4096)
            let expected = Cassette(source: "s", interactions: Array(Self.interactions[..<(old + new)])).fileBytes()
            #expect(firstDifference(try FileIO.read(file), expected) == nil)
            #expect(fold.newSize == expected.count)
            #expect(folder.contents == ["s.json"])
        }
    }

    /// A file that is not as the recorder left it (edited meanwhile) is not folded into, and stays as it is.
    @Test func aFileChangedMeanwhile_isNotFoldedInto() throws {
        let folder = TemporaryFolder()
        let file = folder.file("s.json")
        let bytes = Cassette(interactions: Array(Self.interactions[..<2])).fileBytes()
        try FileIO.writeAtomically(bytes, to: file)
        #expect(throws: FileIO.Failure.self) {
            try StreamingFold(file: file, fileBytes: bytes.count - 1, fileCount: 2, appending: [])
        }
        #expect(try FileIO.read(file) == bytes)
        #expect(folder.contents == ["s.json"])
    }

    /// Where two byte sequences first differ (the shorter one's end, if one is the other's start), or nil: megabytes
    /// compared by `==` in an expectation would be printed, and diffed, in full when they differ.
    private func firstDifference(_ a: some Sequence<UInt8>, _ b: [UInt8]) -> Int? {
        var index = 0
        for byte in a {
            guard index < b.count, b[index] == byte else { return index }
            index += 1
        }
        return index == b.count ? nil : index
    }
}
