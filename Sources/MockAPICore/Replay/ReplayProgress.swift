import Synchronization

/// How many of a queue's recorded answers have been taken since the last reset, and the most ever taken: a reset
/// starts the queue again, but does not make its answers unused.
final class QueueCursor: Sendable {
    let taken = Atomic<Int>(0)
    let reached = Atomic<Int>(0)
}

/// An entry's answer, prepared the first time it is asked for and shared by every later request: most recorded
/// answers of a large set are never asked for, and preparing all of them at load would cost start-up time and a second
/// copy of every body.
final class PreparedSlot: Sendable {
    private let prepared = Mutex<PreparedResponse?>(nil)

    func value(_ make: () -> PreparedResponse) -> PreparedResponse {
        prepared.withLock { stored in
            if let stored { return stored }
            let made = make()
            stored = made
            return made
        }
    }
}
