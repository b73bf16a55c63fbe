import Synchronization

/// The catalog in force, which a reload replaces, read on every request without writing memory another worker thread
/// writes. A shared lock and a retain of the catalog were four atomic writes to two shared cache lines per request.
///
/// Readers borrow the catalog under their thread's stripe lock (``Striped``), which only that thread takes in the
/// common case; a replacement swaps every stripe's reference, each under its lock, and lets the old catalog go only
/// after all of them: by then no reader can still be using it.
final class CurrentCatalog: Sendable {
    /// The owning reference (the stripes hold unretained ones to the same catalog).
    private let owner: Mutex<ReplayCatalog>
    private let stripes: Striped<Unmanaged<ReplayCatalog>>
    /// Held for a whole replacement, so that two do not interleave their stripe swaps.
    private let replacing = Mutex(())

    init(_ catalog: ReplayCatalog) {
        owner = Mutex(catalog)
        stripes = Striped { Unmanaged.passUnretained(catalog) }
    }

    /// The catalog now, retained: for anything but answering a request.
    var value: ReplayCatalog { owner.withLock { $0 } }

    /// Runs `body` with the catalog now, borrowed; a replacement waits until it returns. `body` must not replace the
    /// catalog. Always inlined (with `Striped.withCurrent`): specialized apart, the closure's captures were copied in,
    /// which for the server's `reply(to:)` was a copy of the whole request: 18 more atomic reference-count operations
    /// per request.
    @inline(__always)
    func read<Result: Sendable>(_ body: (ReplayCatalog) -> Result) -> Result {
        stripes.withCurrent { slot in slot._withUnsafeGuaranteedRef { body($0) } }
    }

    func replace(with catalog: ReplayCatalog) {
        replacing.withLock { _ in
            let old = owner.withLock { current in
                defer { current = catalog }
                return current
            }
            stripes.forEach { $0 = Unmanaged.passUnretained(catalog) }
            // Every reader that could have borrowed `old` did so under a stripe lock that the swap above has taken
            // since: none is using it now.
            withExtendedLifetime(old) {}
        }
    }
}
