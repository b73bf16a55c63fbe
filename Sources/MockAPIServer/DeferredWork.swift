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
        /// Deferred replies handed to their connections and not yet sent (or abandoned).
        var delivering = 0
        /// What runs once `delivering` is back to 0.
        var whenDelivered: [@Sendable () -> Void] = []
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

    /// A deferred reply is about to be handed to its connection (before it is resumed); ``deliveriesEnded(_:)`` says
    /// when libmicrohttpd has sent it or dropped the connection.
    func deliveryStarted() {
        state.withLock { $0.delivering += 1 }
    }

    /// `count` deferred replies were sent, or their connection closed (the request-completed callback).
    func deliveriesEnded(_ count: Int) {
        guard count > 0 else { return }
        let delivered = state.withLock { state -> [@Sendable () -> Void] in
            state.delivering = max(0, state.delivering - count)
            guard state.delivering == 0 else { return [] }
            defer { state.whenDelivered = [] }
            return state.whenDelivered
        }
        for action in delivered { action() }
    }

    /// Returns once every deferred reply handed to its connection was sent (or its connection closed), or after
    /// `limit`, whichever comes first: stopping the server then closes connections without cutting off the answers
    /// its cancelled work gave (a 503 saying it stops), and a client that does not read cannot hold the stop up.
    /// - Returns: whether every reply was delivered (false when the limit came first).
    @discardableResult
    func deliveries(atMost limit: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let once = ResumeOnce(continuation)
            let pending = state.withLock { state -> Bool in
                guard state.delivering > 0 else { return false }
                state.whenDelivered.append { once.resume(delivered: true) }
                return true
            }
            guard pending else { return once.resume(delivered: true) }
            once.timer = Task {
                try? await Task.sleep(for: limit)
                once.resume(delivered: false)
            }
        }
    }

    /// Refuses new work, cancels what runs, and returns once all of it has finished.
    func cancelAndWait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            close { continuation.resume() }
        }
    }
}

/// A continuation resumed by whichever comes first, the event or the time limit; the other finds it gone.
private final class ResumeOnce: Sendable {
    private let continuation: Mutex<CheckedContinuation<Bool, Never>?>
    private let timerTask = Mutex<Task<Void, Never>?>(nil)

    init(_ continuation: CheckedContinuation<Bool, Never>) {
        self.continuation = Mutex(continuation)
    }

    /// The time limit's task, cancelled when the event comes first.
    var timer: Task<Void, Never>? {
        get { timerTask.withLock { $0 } }
        set {
            let done = continuation.withLock { $0 == nil }
            if done { newValue?.cancel() } else { timerTask.withLock { $0 = newValue } }
        }
    }

    /// Resumes the waiter with `delivered` (whether the event came first), unless it was resumed already.
    func resume(delivered: Bool) {
        guard let continuation = continuation.withLock({ pending in defer { pending = nil }; return pending }) else { return }
        timerTask.withLock { $0 }?.cancel()
        continuation.resume(returning: delivered)
    }
}
