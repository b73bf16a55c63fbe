import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Several copies of a mutex-guarded state, each on cache lines of its own, each thread using the one assigned to it:
/// state that every request updates (the journal) without every worker thread writing the same memory. With one shared
/// lock, each request moved the lock's and the state's cache lines from one core to the other.
final class Striped<State>: @unchecked Sendable {
    // Safe to share: every stripe is only touched under its own Mutex; the buffer is freed only in deinit.
    static var count: Int { 8 }
    private let base: UnsafeMutableRawPointer
    private let stride: Int

    init(_ make: () -> State) {
        // 128 bytes: adjacent-line prefetch pairs 64-byte lines on x86.
        stride = (MemoryLayout<Mutex<State>>.stride + 127) / 128 * 128
        base = .allocate(byteCount: stride * Striped.count, alignment: 128)
        for stripe in 0..<Striped.count { slot(stripe).initialize(to: Mutex(make())) }
    }

    deinit {
        for stripe in 0..<Striped.count { slot(stripe).deinitialize(count: 1) }
        base.deallocate()
    }

    private func slot(_ stripe: Int) -> UnsafeMutablePointer<Mutex<State>> {
        (base + stripe * stride).assumingMemoryBound(to: Mutex<State>.self)
    }

    /// Runs `body` on the calling thread's stripe, under its lock. Two threads may share a stripe; that is only slower.
    @inline(__always)
    func withCurrent<Result>(_ body: (inout sending State) -> sending Result) -> sending Result {
        slot(Striped.currentStripe()).pointee.withLock(body)
    }

    /// Runs `body` on every stripe in turn, each under its own lock.
    func forEach(_ body: (inout sending State) -> Void) {
        for stripe in 0..<Striped.count { slot(stripe).pointee.withLock { body(&$0) } }
    }

    /// The calling thread's stripe: handed out in turn the first time a thread asks, so that the first threads to use
    /// stripes (the server's workers) never share one.
    private static func currentStripe() -> Int {
        StripeAssignment.current() & (count - 1)
    }
}

/// Each thread's number among the threads that used a ``Striped`` value, kept in thread-specific storage.
private enum StripeAssignment {
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific storage key left")
        return key
    }()
    static let next = Atomic<Int>(0)

    static func current() -> Int {
        // Stored plus one: an unset key reads as nil.
        if let stored = pthread_getspecific(key) { return Int(bitPattern: stored) - 1 }
        let number = next.wrappingAdd(1, ordering: .relaxed).oldValue
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: number + 1))
        return number
    }
}
