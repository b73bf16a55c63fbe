import Dispatch
import Synchronization

/// Runs commits one at a time and batches what arrives meanwhile: items submitted while a commit is in progress are
/// committed together by the next one, and every submitter waits until its item's commit is done. With one sync per
/// commit, concurrent submitters share a sync instead of queueing for one each.
///
/// There is no commit thread: a submitter that finds no commit in progress commits its item itself, on its own thread,
/// without a hand-off (the common case at low concurrency, where a hand-off to another thread and back costs more than
/// the sync). Submitters that arrive during a commit wait; when it ends, the first of them is woken to lead the next
/// commit, which takes it and those behind it (the leader's batch), and wakes each of them with its result.
///
/// `commit` gets a batch in submission order and returns one result per item, in the same order.
package final class GroupCommitter<Item: Sendable, Output: Sendable, Failure: Error>: Sendable {
    /// What a waiting submitter is woken with: its item's result, or the turn to lead the next commit.
    private enum Turn: Sendable {
        case committed(Result<Output, Failure>)
        case lead
    }

    /// A submitter waiting its turn: an item, or work that runs once everything before it is committed.
    private enum Waiter: Sendable {
        case item(Item, CheckedContinuation<Turn, Never>)
        case barrier(CheckedContinuation<Void, Never>)
    }

    private struct State: Sendable {
        /// Whether a submitter holds the turn to commit.
        var leading = false
        /// Waiting, in submission order; never non-empty while no one leads.
        var waiting: [Waiter] = []
        /// Whether housekeeping runs (``afterCommit``'s work); `perform` callers waiting for it to end.
        var housekeeping = false
        var waitingForHousekeeping: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    private let commit: @Sendable ([Item]) -> [Result<Output, Failure>]
    /// Asked after a commit for housekeeping that is due (the cassette writer's fold), unless earlier housekeeping is
    /// still running. What it returns runs on a thread of its own, without the turn: it delays neither the commit's
    /// submitters nor later commits, and ``perform(_:)`` waits for it.
    private let afterCommit: @Sendable () -> (@Sendable () -> Void)?
    /// The most items a commit takes; 1 makes one commit per item (for measuring what batching saves).
    private let maximumBatch: Int

    /// - Parameter label: names the committer in diagnostics.
    package init(label: String, maximumBatch: Int = .max, afterCommit: @escaping @Sendable () -> (@Sendable () -> Void)? = { nil },
                commit: @escaping @Sendable ([Item]) -> [Result<Output, Failure>]) {
        self.commit = commit
        self.afterCommit = afterCommit
        self.maximumBatch = max(maximumBatch, 1)
    }

    /// Waits until the item has been committed, with its result. Not cancellable: once submitted, an item is
    /// committed even if the caller's task is cancelled, so nothing half-done is left behind.
    package func submit(_ item: Item) async throws(Failure) -> Output {
        let turn = await withCheckedContinuation { (continuation: CheckedContinuation<Turn, Never>) in
            let leads = state.withLock { state -> Bool in
                guard state.leading else {
                    state.leading = true
                    return true
                }
                state.waiting.append(.item(item, continuation))
                return false
            }
            // Resumed before the closure returns, the task carries on here without being suspended.
            if leads { continuation.resume(returning: .lead) }
        }
        switch turn {
        case .committed(let result): return try result.get()
        case .lead: return try lead(with: item).get()
        }
    }

    /// Items submitted and not yet taken by a commit.
    package var waitingCount: Int {
        state.withLock { state in state.waiting.count { if case .item = $0 { true } else { false } } }
    }

    /// Runs `work` once every item submitted before the call is committed and housekeeping has ended, with no commit
    /// and no housekeeping running meanwhile, and returns its result.
    package func perform<T: Sendable>(_ work: @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let leads = state.withLock { state -> Bool in
                guard state.leading else {
                    state.leading = true
                    return true
                }
                state.waiting.append(.barrier(continuation))
                return false
            }
            if leads { continuation.resume() }
        }
        // Holding the turn, so no commit starts new housekeeping while this waits.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let running = state.withLock { state -> Bool in
                if state.housekeeping { state.waitingForHousekeeping.append(continuation) }
                return state.housekeeping
            }
            if !running { continuation.resume() }
        }
        let result = work()
        handOver()
        return result
    }

    /// Commits `item` and the items waiting behind it (up to the batch limit, not past a barrier), wakes their
    /// submitters with their results, and hands the turn on.
    private func lead(with item: Item) -> Result<Output, Failure> {
        let followers = state.withLock { state -> [(Item, CheckedContinuation<Turn, Never>)] in
            var taken: [(Item, CheckedContinuation<Turn, Never>)] = []
            while taken.count + 1 < maximumBatch, case .item(let item, let continuation)? = state.waiting.first {
                taken.append((item, continuation))
                state.waiting.removeFirst()
            }
            return taken
        }
        let results = commit([item] + followers.map(\.0))
        precondition(results.count == followers.count + 1, "GroupCommitter: \(results.count) results for \(followers.count + 1) items")
        for (follower, result) in zip(followers, results.dropFirst()) { follower.1.resume(returning: .committed(result)) }
        // Only the leader starts housekeeping, so none can start between this check and the flag being set.
        if !state.withLock({ $0.housekeeping }), let housekeeping = afterCommit() {
            state.withLock { $0.housekeeping = true }
            // Not on the leader's thread, which goes on to answer its own submitter (and, in the recorder, is an event
            // loop that other connections' answers come in on): a fold rewrites the whole cassette.
            DispatchQueue.global().async {
                housekeeping()
                self.endHousekeeping()
            }
        }
        handOver()
        return results[0]
    }

    private func endHousekeeping() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.housekeeping = false
            defer { state.waitingForHousekeeping = [] }
            return state.waitingForHousekeeping
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Gives the turn to the first waiting submitter, or ends it when none waits.
    private func handOver() {
        let next = state.withLock { state -> Waiter? in
            guard !state.waiting.isEmpty else {
                state.leading = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        switch next {
        case .item(_, let continuation)?: continuation.resume(returning: .lead)
        case .barrier(let continuation)?: continuation.resume()
        case nil: break
        }
    }
}
