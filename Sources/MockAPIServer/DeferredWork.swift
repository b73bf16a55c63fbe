import Synchronization

/// The deferred replies in progress (upstream calls, delays), so that stopping the server can cancel them and wait
/// until each has resumed its connection: libmicrohttpd aborts the process when it is stopped with suspended
/// connections.
final class DeferredWork: Sendable {
    private struct State {
        var next = 0
        /// The work started and not yet finished.
        var running: Set<Int> = []
        /// Their tasks, to cancel them (a task that finishes while it is being started is never added).
        var tasks: [Int: Task<Void, Never>] = [:]
        /// What runs once the last task finished after ``close(then:)``.
        var whenDrained: [@Sendable () -> Void] = []
        var closed = false
    }

    private let state = Mutex(State())

    /// Runs `body` in a new task unless the server is stopping; returns whether it runs.
    ///
    /// The task starts on the calling thread (`Task.immediate`) and leaves it at its first wait (an upstream call's
    /// answer, a delay), so starting deferred work wakes no pool thread only to park it again.
    func start(_ body: @escaping @Sendable () async -> Void) -> Bool {
        let reserved = state.withLock { state -> Int? in
            guard !state.closed else { return nil }
            let id = state.next
            state.next += 1
            state.running.insert(id)
            return id
        }
        guard let id = reserved else { return false }
        let task = Task.immediate {
            await body()
            self.finish(id)
        }
        let cancelNow = state.withLock { state -> Bool in
            guard state.running.contains(id) else { return false }
            state.tasks[id] = task
            return state.closed
        }
        if cancelNow { task.cancel() }
        return true
    }

    /// Whether the server is stopping and takes no new work.
    var isClosed: Bool { state.withLock(\.closed) }

    private func finish(_ id: Int) {
        let drained = state.withLock { state -> [@Sendable () -> Void] in
            state.running.remove(id)
            state.tasks[id] = nil
            guard state.closed, state.running.isEmpty else { return [] }
            defer { state.whenDrained = [] }
            return state.whenDrained
        }
        for action in drained { action() }
    }

    /// Refuses new work and cancels what runs; `drained` runs once all of it has finished (at once, on this thread,
    /// when nothing runs; else on the thread of the last task to finish). Needs no waiting thread, so a `deinit` can
    /// use it.
    func close(then drained: @escaping @Sendable () -> Void) {
        let running = state.withLock { state -> [Task<Void, Never>]? in
            state.closed = true
            guard !state.running.isEmpty else { return nil }
            state.whenDrained.append(drained)
            return Array(state.tasks.values)
        }
        guard let running else { return drained() }
        for task in running { task.cancel() }
    }

    /// Refuses new work, cancels what runs, and returns once all of it has finished.
    func cancelAndWait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            close { continuation.resume() }
        }
    }
}
