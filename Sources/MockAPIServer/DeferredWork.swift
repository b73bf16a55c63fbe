import Synchronization

/// The deferred replies in progress (upstream calls, delays), so that stopping the server can cancel them and wait
/// until each has resumed its connection: libmicrohttpd must not be stopped with suspended connections.
final class DeferredWork: Sendable {
    private struct State {
        var next = 0
        var tasks: [Int: Task<Void, Never>] = [:]
        var waiters: [CheckedContinuation<Void, Never>] = []
        var closed = false
    }

    private let state = Mutex(State())

    /// Runs `body` in a new task unless the server is stopping; returns whether it runs.
    func start(_ body: @escaping @Sendable () async -> Void) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            let id = state.next
            state.next += 1
            state.tasks[id] = Task {
                await body()
                self.finish(id)
            }
            return true
        }
    }

    var count: Int { state.withLock { $0.tasks.count } }

    private func finish(_ id: Int) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.tasks[id] = nil
            guard state.tasks.isEmpty else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Refuses new work, cancels what runs, and returns once all of it has finished.
    func cancelAndWait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let running = state.withLock { state -> [Task<Void, Never>]? in
                state.closed = true
                guard !state.tasks.isEmpty else { return nil }
                state.waiters.append(continuation)
                return Array(state.tasks.values)
            }
            guard let running else {
                continuation.resume()
                return
            }
            for task in running { task.cancel() }
        }
    }
}
