@testable import MockAPICore
import Testing

/// The recorder lays out a cassette file interaction by interaction, in chunks, so that an append never copies what
/// is laid out already; whatever the chunks, the bytes are those of the cassette written whole.
struct CassetteFileLayoutTests {
    /// Interactions of about 300 KB each: a few of them fill a chunk.
    private static let interactions = (0..<11).map { number in
        Interaction.recordedGet("/n", query: "i=\(number)", responseBody: String(repeating: "answer \(number) ", count: 30_000))
    }

    @Test func aLayoutOfManyChunks_givesTheFileBytes_acrossFolds() {
        let source = "https://api.example.com"
        var layout = CassetteFileLayout(source: source)
        layout.append(Self.interactions[..<7].map(CassetteFileLayout.encode))
        let firstFold = layout.takeFileParts()
        #expect(firstDifference(firstFold.joined(), file(of: Self.interactions[..<7], source: source)) == nil)

        layout.append(Self.interactions[7...].map(CassetteFileLayout.encode))
        let secondFold = layout.takeFileParts()
        #expect(firstDifference(secondFold.joined(), file(of: Self.interactions[...], source: source)) == nil)
        #expect(firstDifference(layout.withFileBytes { $0 }, file(of: Self.interactions[...], source: source)) == nil)
        #expect(layout.count == Self.interactions.count)
    }

    /// No chunk outgrows the chunk size unless one interaction does: appending copies at most a chunk.
    @Test func chunks_stayWithinTheChunkSize() {
        var layout = CassetteFileLayout(source: nil)
        layout.append(Self.interactions.map(CassetteFileLayout.encode))
        let parts = layout.takeFileParts()
        #expect(parts.count > 3)
        #expect(parts.allSatisfy { $0.count <= CassetteFileLayout.chunkSize })

        let large = Interaction.recordedGet("/large", responseBody: String(repeating: "x", count: CassetteFileLayout.chunkSize * 2))
        layout.append([CassetteFileLayout.encode(large)] + Self.interactions[..<2].map(CassetteFileLayout.encode))
        #expect(firstDifference(layout.takeFileParts().joined(), file(of: Self.interactions + [large] + Self.interactions[..<2])) == nil)
    }

    /// A cassette opened for recording is laid out in chunks before any fold; its bytes, joined for the writer's
    /// checks, are still the whole file's, and stay so when asked for again.
    @Test func fileBytes_joinTheChunks_beforeAnyFold() {
        var layout = CassetteFileLayout(source: nil)
        layout.append(Self.interactions.map(CassetteFileLayout.encode))
        let whole = file(of: Self.interactions)
        #expect(firstDifference(layout.withFileBytes { $0 }, whole) == nil)
        #expect(layout.withFileBytes { $0.count } == whole.count)
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

    private func file(of interactions: some Sequence<Interaction>, source: String? = nil) -> [UInt8] {
        Cassette(source: source, interactions: Array(interactions)).fileBytes()
    }
}
