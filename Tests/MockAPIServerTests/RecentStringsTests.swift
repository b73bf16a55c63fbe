import Foundation
import MockAPICore
@testable import MockAPIServer
import MockAPITesting
import TestSupport
import Testing

/// The strings a worker thread made from request targets, handed out again for the same bytes (``RecentStrings``):
/// only ever a string with exactly those bytes.
@Suite(.timeLimit(.minutes(1)))
struct RecentStringsTests {
    static func string(_ text: String) -> String {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { RecentStrings.string(UnsafeBufferPointer($0)) }
    }

    static func storage(_ string: String) -> UnsafePointer<UInt8>? {
        string.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
    }

    /// The same bytes again on the same thread: the string made the first time, not a new one.
    @Test func sameBytes_getTheStringMadeBefore() {
        let first = Self.string("/repos/octokit-fixture-org/hello-world")
        let again = Self.string("/repos/octokit-fixture-org/hello-world")
        #expect(again == "/repos/octokit-fixture-org/hello-world")
        #expect(Self.storage(first) != nil && Self.storage(first) == Self.storage(again))
    }

    /// More distinct targets than slots, and pairs that differ in one byte where the slot's hash does not look:
    /// each gets a string of its own bytes, however the slots are shared.
    @Test func targetsSharingSlots_eachGetTheirOwnBytes() {
        let paths = (0..<300).map { "/repos/o/r/issues/\($0)/comments" } + (0..<50).map { "/x\($0)/aaaaaaaaaaaaaaaaaaaa" }
        for _ in 0..<2 {
            for path in paths { #expect(Self.string(path) == path) }
        }
    }

    /// Bytes that are not UTF-8 become the string `String(decoding:as:)` makes, each time.
    @Test func invalidUTF8_isRepairedAlike() {
        let bytes: [UInt8] = Array("/files/".utf8) + [0xFF, 0xFE] + Array("/name-long-enough".utf8)
        let expected = String(decoding: bytes, as: UTF8.self)
        for _ in 0..<2 {
            #expect(bytes.withUnsafeBufferPointer { RecentStrings.string($0) } == expected)
        }
    }

    /// Over HTTP: long paths asked in turn, each twice, get their own recorded answers, and the journal shows each
    /// request's own path.
    @Test func longPathsOverHTTP_getTheirOwnAnswers() async throws {
        let paths = (0..<80).map { "/repos/octokit-fixture-org/repository-\($0)" }
        let interactions = paths.map { path in
            Interaction(
                request: RecordedRequest(method: "GET", path: path), response: RecordedResponse(status: 200, body: .text(path)))
        }
        let server = try ReplayServer(
            cassettes: [LoadedCassette(name: "paths", file: "paths.json", cassette: Cassette(interactions: interactions))])
        let client = TestClient(connections: 1)
        for path in paths + paths.reversed() {
            #expect(try await client.send("GET", server.baseURL.absoluteString + path).text == path)
        }
        #expect(server.requests.map(\.path) == paths + paths.reversed())
        await client.shutdown()
        await server.stop()
    }
}
