import APIClient
import Foundation
import Synchronization

/// A client clock that never sleeps: it records the delays the client asks for and returns at once, so retry tests
/// check the wait without waiting.
final class RecordingClock: APIClock {
    private let recorded = Mutex<[Duration]>([])

    /// The delays asked for so far, in order.
    var sleeps: [Duration] { recorded.withLock { $0 } }

    func now() -> Date { Date() }

    func sleep(for duration: Duration) async throws {
        recorded.withLock { $0.append(duration) }
        try Task.checkCancellation()
    }
}

/// A thread-safe counter for `@Sendable` callbacks.
final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
