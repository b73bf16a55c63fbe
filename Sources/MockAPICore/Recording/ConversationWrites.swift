import Synchronization

/// The writes of recorded WebSocket conversations that ended, each in a task of its own, so that the end of a
/// recording waits for them: a conversation the server's stop ended is written before the cassette is completed.
package final class ConversationWrites: Sendable {
    private struct State {
        var next = 0
        var running: [Int: Task<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    package init() {}

    /// Runs `write` in a task of its own, tracked until it finishes.
    package func track(_ write: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            let number = state.next
            state.next += 1
            // Started under the lock: its removal, at its end, waits for the insertion.
            state.running[number] = Task {
                await write()
                self.state.withLock { _ = $0.running.removeValue(forKey: number) }
            }
        }
    }

    /// Returns once every write tracked, including those tracked while waiting, has finished.
    package func wait() async {
        while let task = state.withLock({ $0.running.values.first }) {
            await task.value
        }
    }

    /// Writes not finished yet.
    package var pending: Int { state.withLock { $0.running.count } }
}
