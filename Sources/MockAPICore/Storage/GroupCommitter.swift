import Dispatch
import Synchronization

/// Runs commits one at a time on its own thread and batches what arrives meanwhile: items submitted while a commit
/// is in progress are committed together by the next one, and every submitter waits until its item's commit is done.
/// With one sync per commit, concurrent submitters share a sync instead of queueing for one each.
///
/// `commit` gets a batch in submission order and returns one result per item, in the same order.
package final class GroupCommitter<Item: Sendable, Output: Sendable, Failure: Error>: Sendable {
    private typealias Waiter = (item: Item, continuation: CheckedContinuation<Result<Output, Failure>, Never>)

    private let queue: DispatchQueue
    private let pending = Mutex<[Waiter]>([])
    private let commit: @Sendable ([Item]) -> [Result<Output, Failure>]
    /// Runs on the commit thread after each commit's submitters were released (housekeeping that need not delay them).
    private let afterCommit: @Sendable () -> Void
    /// The most items a commit takes; 1 makes one commit per item (for measuring what batching saves).
    private let maximumBatch: Int

    package init(label: String, maximumBatch: Int = .max, afterCommit: @escaping @Sendable () -> Void = {},
                commit: @escaping @Sendable ([Item]) -> [Result<Output, Failure>]) {
        self.queue = DispatchQueue(label: label, qos: .userInitiated)
        self.commit = commit
        self.afterCommit = afterCommit
        self.maximumBatch = max(maximumBatch, 1)
    }

    /// Waits until the item has been committed, with its result. Not cancellable: once submitted, an item is
    /// committed even if the caller's task is cancelled, so nothing half-done is left behind.
    package func submit(_ item: Item) async throws(Failure) -> Output {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Output, Failure>, Never>) in
            pending.withLock { $0.append((item, continuation)) }
            queue.async { self.drain() }
        }
        return try result.get()
    }

    /// Items submitted and not yet taken by a commit.
    package var waitingCount: Int { pending.withLock { $0.count } }

    /// Runs `work` on the commit thread once every item submitted before the call is committed, and returns its
    /// result.
    func perform<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    /// Takes what is pending (one batch) and commits it. One call is queued per submission, so a batch that took
    /// several items leaves later calls with nothing to do.
    private func drain() {
        let batch = pending.withLock { waiting -> [Waiter] in
            let count = min(waiting.count, maximumBatch)
            defer { waiting.removeFirst(count) }
            return Array(waiting.prefix(count))
        }
        guard !batch.isEmpty else { return }
        let results = commit(batch.map(\.item))
        precondition(results.count == batch.count, "GroupCommitter: \(results.count) results for \(batch.count) items")
        for (waiter, result) in zip(batch, results) { waiter.continuation.resume(returning: result) }
        afterCommit()
    }
}
