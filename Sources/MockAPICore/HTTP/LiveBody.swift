import Synchronization

/// A response body still arriving (an upstream stream being recorded): a producer writes pieces as they come, the
/// engine reads them as the client can take them. A reader that finds nothing ready parks its connection and is
/// woken by the next write or the end, so a waiting stream holds no thread.
package final class LiveBody: Sendable {
    /// What a read gives.
    package enum Read: Equatable, Sendable {
        case bytes([UInt8])
        /// Nothing yet: the reader's `park` was called, and `wake` will be.
        case waiting
        /// The body is complete.
        case end
        /// The body broke off: the client must see it cut, not ended.
        case cut
    }

    private struct State {
        var pieces: [[UInt8]] = []
        var finished: Read?
        var wake: (@Sendable () -> Void)?
        var readerGone = false
        var onReaderGone: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    package init() {}

    /// Adds a piece (ignored once finished or once the reader is gone).
    package func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            guard state.finished == nil, !state.readerGone else { return nil }
            state.pieces.append(bytes)
            defer { state.wake = nil }
            return state.wake
        }
        wake?()
    }

    /// Ends the body, completely or cut; the reader gets what was written first.
    package func finish(cut: Bool) {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            guard state.finished == nil else { return nil }
            state.finished = cut ? .cut : .end
            defer { state.wake = nil }
            return state.wake
        }
        wake?()
    }

    /// Takes up to `capacity` bytes. With nothing ready, calls `park` (with the lock held, so no write can slip
    /// between the look and the park) and keeps `wake` for the next write or the end.
    package func read(capacity: Int, park: () -> Void, wake: @escaping @Sendable () -> Void) -> Read {
        state.withLock { state in
            if let first = state.pieces.first {
                guard first.count > capacity else {
                    state.pieces.removeFirst()
                    return .bytes(first)
                }
                state.pieces[0] = Array(first[capacity...])
                return .bytes(Array(first[..<capacity]))
            }
            if let finished = state.finished { return finished }
            park()
            state.wake = wake
            return .waiting
        }
    }

    /// The client went away before the end (the engine calls this when it drops the body): later writes are
    /// dropped, and the handler set with ``whenReaderGone(_:)`` runs.
    package func readerWentAway() {
        let handler = state.withLock { state -> (@Sendable () -> Void)? in
            guard state.finished == nil || !state.pieces.isEmpty else { return nil }
            state.readerGone = true
            state.wake = nil
            defer { state.onReaderGone = nil }
            return state.onReaderGone
        }
        handler?()
    }

    /// Whether the client went away before the end.
    package var readerIsGone: Bool { state.withLock(\.readerGone) }

    /// Runs `handler` when the client goes away before the end (at once if it already has).
    package func whenReaderGone(_ handler: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> Bool in
            if state.readerGone { return true }
            state.onReaderGone = handler
            return false
        }
        if now { handler() }
    }
}
