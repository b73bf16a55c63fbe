import Foundation
import MockAPICore
import MockAPITesting
import Testing

/// The whole `Fixtures/` folder, as `mockapi serve Fixtures` loads it in CI.
struct FixturesFolderTests {
    /// Every cassette loads, and no request is recorded by two cassettes: otherwise serving the folder would answer
    /// one cassette's request with another's recording, depending on load order.
    @Test func everyRequestIsAnsweredByOneCassette() async throws {
        try await withReplayServer(cassettes: [try Fixtures.folder()]) { server in
            let index = server.replayer.index
            #expect(index.cassettes.count >= 30)
            let shared = index.queues.filter { Set($0.entries.map(\.cassette)).count > 1 }.map { queue in
                queue.entries.map { "\(index.cassettes[$0.cassette].name)#\($0.index)" }.joined(separator: " = ")
            }
            #expect(shared.isEmpty, "recorded by more than one cassette: \(shared)")
        }
    }
}
