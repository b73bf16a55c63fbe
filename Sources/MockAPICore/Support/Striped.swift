import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Several copies of a mutex-guarded state, each on cache lines of its own, a thread writing to the one its identity
/// picks: state that every request updates (the journal), without every worker thread writing the same memory. With
/// one shared lock, each request moved the lock's and the state's cache lines from one core to the other.
final class Striped<State>: @unchecked Sendable {
    // Safe to share: every stripe is only touched under its own Mutex; the buffer is freed only in deinit.
    private static var bits: Int { 3 }
    static var count: Int { 1 << bits }
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
    func withCurrent<Result>(_ body: (inout sending State) -> sending Result) -> sending Result {
        slot(Striped.currentStripe()).pointee.withLock(body)
    }

    /// Runs `body` on every stripe in turn, each under its own lock.
    func forEach(_ body: (inout sending State) -> Void) {
        for stripe in 0..<Striped.count { slot(stripe).pointee.withLock { body(&$0) } }
    }

    /// The calling thread's stripe: its identity (the address of its control block), mixed so that threads whose
    /// blocks lie a fixed distance apart spread over the stripes.
    private static func currentStripe() -> Int {
        Int(truncatingIfNeeded: (UInt64(pthread_self()) &* 0x9E37_79B9_7F4A_7C15) >> (64 - bits))
    }
}
