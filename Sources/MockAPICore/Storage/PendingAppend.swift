import Synchronization

/// An interaction handed to a cassette writer's thread: ``index()`` waits, holding no thread, until it is on disk. The
/// recorder makes the client's answer in the meantime, while the log line is written and synced.
package final class PendingAppend: Sendable {
    private enum State {
        /// Not yet on disk; the task waiting for it, once it waits.
        case writing(CheckedContinuation<Result<Int, CassetteWriterError>, Never>?)
        case written(Result<Int, CassetteWriterError>)
    }

    private let state = Mutex(State.writing(nil))

    /// The writer's thread says how the write went, once.
    func complete(_ outcome: Result<Int, CassetteWriterError>) {
        let waiting = state.withLock { state -> CheckedContinuation<Result<Int, CassetteWriterError>, Never>? in
            guard case .writing(let waiting) = state else { return nil }
            state = .written(outcome)
            return waiting
        }
        waiting?.resume(returning: outcome)
    }

    /// The interaction's index in the cassette once it is on disk; asked once.
    package func index() async throws(CassetteWriterError) -> Int {
        try await withCheckedContinuation { continuation in
            let outcome = state.withLock { state -> Result<Int, CassetteWriterError>? in
                if case .written(let outcome) = state { return outcome }
                state = .writing(continuation)
                return nil
            }
            if let outcome { continuation.resume(returning: outcome) }
        }.get()
    }
}
