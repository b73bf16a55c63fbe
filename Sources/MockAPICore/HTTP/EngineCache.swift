import Synchronization

/// One slot where a server engine keeps its native form of a ``PreparedResponse``, built on first use and released
/// with the prepared response.
package final class EngineCache: Sendable {
    package typealias Entry = any AnyObject & Sendable

    private let slot = Mutex<Entry?>(nil)

    package init() {}

    /// The object the engine stored, or the one `make` builds and stores now; nil when `make` gives none.
    package func value(_ make: () -> Entry?) -> Entry? {
        slot.withLock { stored in
            if let stored { return stored }
            stored = make()
            return stored
        }
    }
}
