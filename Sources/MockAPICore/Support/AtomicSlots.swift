import Synchronization

/// A fixed number of atomic counters in one allocation: one per replay queue, where an object per queue would cost an
/// allocation each (100,000 for a large cassette) and a pointer chase on every request.
final class AtomicCounters: @unchecked Sendable {
    // Safe to share: the buffer is only touched through `Atomic`, and freed only in deinit.
    private let base: UnsafeMutablePointer<Atomic<Int>>
    let count: Int

    init(count: Int) {
        self.count = count
        base = .allocate(capacity: max(count, 1))
        for offset in 0..<count { (base + offset).initialize(to: Atomic(0)) }
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    func load(_ position: Int) -> Int {
        base[position].load(ordering: .relaxed)
    }

    /// Moves the counter from `expected` to `desired` if it still holds `expected`; returns whether it did and what
    /// it held.
    func compareExchange(_ position: Int, expected: Int, desired: Int) -> (exchanged: Bool, original: Int) {
        base[position].compareExchange(expected: expected, desired: desired, ordering: .relaxed)
    }

    func store(_ position: Int, _ value: Int) {
        base[position].store(value, ordering: .relaxed)
    }
}

/// A fixed number of slots that are each filled once, on first use, with an object every later read shares: the
/// prepared answers of a replay index, most of which are never asked for.
final class OnceSlots<Object: AnyObject & Sendable>: @unchecked Sendable {
    // Safe to share: slots are only touched through `Atomic`; a filled slot owns one retain of its object.
    private let base: UnsafeMutablePointer<Atomic<Unmanaged<Object>?>>
    let count: Int

    init(count: Int) {
        self.count = count
        base = .allocate(capacity: max(count, 1))
        for offset in 0..<count { (base + offset).initialize(to: Atomic(nil)) }
    }

    deinit {
        for offset in 0..<count { base[offset].load(ordering: .acquiring)?.release() }
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The slot's object, made by `make` the first time (one atomic load afterwards). Two threads asking first may
    /// both make one; the first stored is kept and returned to both.
    func value(at position: Int, make: () -> Object) -> Object {
        if let ready = base[position].load(ordering: .acquiring) { return ready.takeUnretainedValue() }
        let made = Unmanaged.passRetained(make())
        let (exchanged, current) = base[position].compareExchange(
            expected: nil, desired: made, ordering: .acquiringAndReleasing)
        if exchanged { return made.takeUnretainedValue() }
        made.release()
        return current.unsafelyUnwrapped.takeUnretainedValue()
    }
}
