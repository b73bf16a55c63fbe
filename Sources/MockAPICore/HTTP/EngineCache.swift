import Synchronization

/// One slot where a server engine keeps its native form of a ``PreparedResponse``, built on first use and released
/// with the prepared response. Reading it is a single atomic load.
package final class EngineCache: Sendable {
    package typealias Entry = any AnyObject & Sendable

    private let slot = Atomic<Unmanaged<Entry>?>(nil)

    package init() {}

    /// The object an engine stored, if any, unretained: it lives as long as this cache. A worker that reads it while
    /// holding the prepared response need not retain it, and should not: every worker thread serving the same answer
    /// shares the object, and a retain is a write to it.
    package var unretainedValue: Unmanaged<Entry>? {
        #if os(Linux)
        @section(".text.hot")
        #endif
        get { slot.load(ordering: .acquiring) }
    }

    /// Stores `object` unless another thread stored one first; returns the object that is in the slot now.
    package func store(_ object: Entry) -> Entry {
        let retained = Unmanaged.passRetained(object)
        let (exchanged, current) = slot.compareExchange(expected: nil, desired: retained, ordering: .acquiringAndReleasing)
        if exchanged { return object }
        retained.release()
        return current?.takeUnretainedValue() ?? object
    }

    deinit {
        slot.load(ordering: .acquiring)?.release()
    }
}
