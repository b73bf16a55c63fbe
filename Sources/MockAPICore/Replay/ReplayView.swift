import Synchronization

/// One set of replay queues and the base URL its answers point at: the plain base URL over every cassette, or one
/// cassette's scoped base URL (`…/@github/paginate-issues`). Requests in one view never move another view's queues.
package final class ReplayView: Sendable {
    /// The cassette name of a scoped view; nil for the plain base URL.
    package let scope: String?
    /// The base URL its answers' upstream URLs are rewritten to.
    package let baseURL: String
    package let replayer: Replayer
    /// Requests seen since the last reset; numbers the seeded draws of latency and faults, so that a view's sequence
    /// does not depend on traffic in other views.
    private let requestCount = Atomic<UInt64>(0)
    /// Mixed into the view's draws, so that views under one seed do not fail in lockstep.
    let salt: UInt64

    init(scope: String?, baseURL: String, replayer: Replayer) {
        self.scope = scope
        self.baseURL = baseURL
        self.replayer = replayer
        self.salt = ReplayView.fnv1a(scope ?? "")
    }

    /// Numbers the next request, from 0.
    func nextRequestNumber() -> UInt64 {
        requestCount.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// Starts every queue again from its first recorded answer, and the request numbering from 0.
    package func reset() {
        for queue in replayer.index.queues { queue.reset() }
        requestCount.store(0, ordering: .relaxed)
    }

    /// The interactions answered at least once since the last reset, as (cassette, index).
    var used: [InteractionReference] { references { $0.usedCount } }

    /// The interactions answered at least once since the view was made (a reset does not take that back).
    var everUsed: [InteractionReference] { references { $0.everUsedCount } }

    /// The first `count(queue)` entries of each queue.
    private func references(_ count: (ReplayQueue) -> Int) -> [InteractionReference] {
        replayer.index.queues.flatMap { queue in
            queue.entries.prefix(count(queue)).map {
                InteractionReference(cassette: replayer.index.cassettes[$0.cassette].name, index: $0.index)
            }
        }
    }

    /// A stable hash (Swift's `Hasher` is seeded per process, which would break `--seed`).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}

/// A recorded interaction by cassette name and position.
public struct InteractionReference: Hashable, Sendable {
    /// The cassette's name (its path under the folder it was loaded from, without `.json`).
    public let cassette: String
    /// The interaction's position in its cassette, from 0.
    public let index: Int

    /// The interaction at `index` of the cassette named `cassette`.
    public init(cassette: String, index: Int) {
        self.cassette = cassette
        self.index = index
    }
}
