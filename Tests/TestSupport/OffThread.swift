import Foundation

/// Runs blocking work (a ``RawConnection``'s reads) on a thread of its own, so it does not hold one of Swift
/// concurrency's few pool threads while a server in the same process needs them to make progress (its timers, its
/// upstream calls): with two cores, two blocked readers starved a streaming server's timers.
package func offThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.start()
    }
}
