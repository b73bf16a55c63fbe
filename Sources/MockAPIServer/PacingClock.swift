import Dispatch
import Foundation
import Synchronization

/// Runs actions at their due times on one thread of its own, which sleeps until the earliest is due: a replayed
/// stream resumes its suspended connection with it when its next chunk is due.
///
/// Why a thread and not a task per wait (`Task.sleep`): a task's sleep ends on the concurrency runtime's timer thread,
/// which hands the task to a pool thread, which resumes the connection, which wakes libmicrohttpd's worker — three
/// wake-ups and a task per chunk, each of which can wait behind other work on busy cores, and the chunk goes out late.
/// Here the thread the kernel wakes at the due time resumes the connection itself: one wake-up before the worker's, as
/// a server with a thread per stream has, but one thread for all the streams.
///
/// The thread sleeps on a semaphore with a deadline (a timed futex wait in the kernel); an action due before the one
/// it sleeps towards, or closing the clock, signals it awake. It starts with the first action and ends when the clock
/// is closed: ``close(then:)`` runs every pending action at once (stopping libmicrohttpd with a suspended connection
/// aborts the process).
final class PacingClock: Sendable {
    private struct Wait {
        let due: ContinuousClock.Instant
        let action: @Sendable () -> Void
    }

    private enum ThreadPhase {
        case notStarted, running, ended
    }

    private struct State {
        /// The pending waits, latest first (the next one due is last).
        var waits: [Wait] = []
        var thread = ThreadPhase.notStarted
        var closed = false
        /// What runs once the thread, closed, has run every pending action.
        var whenEnded: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())
    /// Signalled when the thread must look again before its deadline: an earlier action, or the clock closed. A
    /// signal that comes while the thread is awake makes its next sleep return at once, so none is lost.
    private let wakeUp = DispatchSemaphore(value: 0)

    /// Whether the clock is closed and takes no new actions.
    var isClosed: Bool { state.withLock(\.closed) }

    /// Runs `action` on the clock's thread once `due` has come; returns false, and never runs it, when the clock is
    /// closed.
    func run(at due: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> Bool {
        let added = state.withLock { state -> (earliest: Bool, start: Bool)? in
            guard !state.closed else { return nil }
            let index = Self.firstDue(state.waits, at: due)
            state.waits.insert(Wait(due: due, action: action), at: index)
            let start = state.thread == .notStarted
            if start { state.thread = .running }
            return (index == state.waits.count - 1, start)
        }
        guard let added else { return false }
        if added.start {
            Thread { [self] in
                // Named from the thread itself: a name set before it starts is not applied on Linux, where it would
                // keep the name of the thread that started it (a libmicrohttpd worker's).
                Thread.current.name = "mockapi-pacing"
                serve()
            }.start()
        } else if added.earliest {
            wakeUp.signal()
        }
        return true
    }

    /// Takes no more actions, runs every pending one at once (on the clock's thread), ends the thread, then runs
    /// `ended` there; at once on this thread when the thread never started or has ended. Needs no waiting thread, so
    /// a `deinit` can use it.
    func close(then ended: @escaping @Sendable () -> Void) {
        let running = state.withLock { state -> Bool in
            state.closed = true
            guard state.thread == .running else { return false }
            state.whenEnded.append(ended)
            return true
        }
        guard running else { return ended() }
        wakeUp.signal()
    }

    /// Closes the clock and returns once every pending action has run and the thread has ended its work.
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            close { continuation.resume() }
        }
    }

    /// The clock's thread: runs what is due, then sleeps until the next action is due or it is signalled.
    private func serve() {
        while true {
            let (due, next, ended) = state.withLock { state -> ([Wait], ContinuousClock.Instant?, [@Sendable () -> Void]?) in
                if state.closed {
                    defer {
                        state.waits = []
                        state.whenEnded = []
                        state.thread = .ended
                    }
                    return (Array(state.waits.reversed()), nil, state.whenEnded)
                }
                let first = Self.firstDue(state.waits, at: .now)
                let due = Array(state.waits[first...].reversed())
                state.waits.removeSubrange(first...)
                return (due, state.waits.last?.due, nil)
            }
            for wait in due { wait.action() }
            if let ended {
                for action in ended { action() }
                return
            }
            guard let next else {
                wakeUp.wait()
                continue
            }
            // Dispatch's deadline is on the monotonic clock; the wait is converted from ContinuousClock's by the time
            // left, read just now: it can end a little late, never early (and an early end would only loop again).
            let left = ContinuousClock.now.duration(to: next).components
            let nanoseconds = max(0, left.seconds * 1_000_000_000 + left.attoseconds / 1_000_000_000)
            _ = wakeUp.wait(timeout: DispatchTime(uptimeNanoseconds: DispatchTime.now().uptimeNanoseconds + UInt64(nanoseconds)))
        }
    }

    /// The index of the first wait in `waits` (latest first) due at or before `time`: where a wait due at `time` goes,
    /// after those due later (so of two due together, the one added first runs first), and where the due ones begin.
    private static func firstDue(_ waits: [Wait], at time: ContinuousClock.Instant) -> Int {
        var low = 0
        var high = waits.count
        while low < high {
            let middle = (low + high) / 2
            if waits[middle].due > time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
