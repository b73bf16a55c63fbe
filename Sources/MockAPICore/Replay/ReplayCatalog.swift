import Synchronization

/// The loaded cassettes as replay views: one over all of them for the plain base URL, and one per cassette for its
/// scoped base URL (`…/@<name>`), each with its own queues and its answers prepared for its own base URL at build
/// time. Immutable: a reload builds a new catalog, reusing the scoped views of cassettes that did not change.
package final class ReplayCatalog: Sendable {
    package let cassettes: [LoadedCassette]
    /// Answers requests to the plain base URL from every cassette.
    package let global: ReplayView
    /// Each cassette's scoped view, by cassette name, built the first time a request names it.
    private let slots: [String: ScopeSlot]
    /// The most `/`-separated segments in a loaded name: how far `scope(for:)` looks.
    private let mostSegments: Int

    /// Builds the plain view; `previous` lends its scoped views for cassettes that are equal in both.
    init(cassettes: [LoadedCassette], options: ReplayOptions, baseURL: String, journal: Journal,
         fallback: (any Responder)? = nil, onUnmatched: @escaping @Sendable (UnmatchedReport) -> Void,
         previous: ReplayCatalog? = nil) {
        self.cassettes = cassettes
        let replayer = Replayer(
            cassettes: cassettes, options: options, baseURL: baseURL, journal: journal, fallback: fallback,
            onUnmatched: onUnmatched)
        self.global = ReplayView(scope: nil, baseURL: baseURL, replayer: replayer)
        var slots: [String: ScopeSlot] = [:]
        for loaded in cassettes {
            if let old = previous?.slots[loaded.name], old.loaded.file == loaded.file, old.loaded.cassette == loaded.cassette {
                slots[loaded.name] = old
                continue
            }
            let scopedURL = baseURL + ScopeName.path(for: loaded.name)
            slots[loaded.name] = ScopeSlot(loaded: loaded) { global in
                let replayer = Replayer(
                    cassettes: [loaded], options: options, baseURL: scopedURL, journal: journal, scope: loaded.name,
                    onUnmatched: onUnmatched, keysFrom: global)
                return ReplayView(scope: loaded.name, baseURL: scopedURL, replayer: replayer)
            }
        }
        self.slots = slots
        self.mostSegments = cassettes.map { $0.name.utf8.count { $0 == UInt8(ascii: "/") } + 1 }.max() ?? 0
    }

    /// Whether a cassette of this name is loaded (and so has a scoped base URL).
    package func hasScope(_ name: String) -> Bool { slots[name] != nil }

    /// A cassette's scoped view, built now if no request named it yet; nil when no such cassette is loaded.
    package func view(named name: String) -> ReplayView? { slots[name]?.view(keysFrom: global.replayer.index) }

    /// The scoped view a request path names, and the path that follows the name (`/` when nothing does); nil when the
    /// path does not start with `/@` followed by a loaded cassette's name. The longest loaded name wins, and a name
    /// ends at a `/` or at the end of the path. Only loaded names are looked up: nothing here touches the filesystem.
    package func scope(for path: String) -> (view: ReplayView, path: String)? {
        guard path.hasPrefix(ScopeName.marker), mostSegments > 0 else { return nil }
        let body = path.dropFirst(ScopeName.marker.count)
        var ends: [String.Index] = []
        var index = body.startIndex
        while index < body.endIndex, ends.count < mostSegments {
            if body.utf8[index] == UInt8(ascii: "/") { ends.append(index) }
            index = body.utf8.index(after: index)
        }
        if ends.count < mostSegments { ends.append(body.endIndex) }
        for end in ends.reversed() where end > body.startIndex {
            guard let view = slots[ScopeName.decode(body[..<end])]?.view(keysFrom: global.replayer.index) else { continue }
            let rest = body[end...]
            return (view, rest.isEmpty ? "/" : String(rest))
        }
        return nil
    }

    /// Every view built so far: the plain one first, then the scoped ones in load order. (A scoped view no request
    /// named has no state to report or reset.)
    package var views: [ReplayView] {
        [global] + cassettes.compactMap { slots[$0.name]?.built }
    }

    package var interactionCount: Int { global.replayer.index.interactionCount }
}

/// A cassette's scoped view, built on first use: most cassettes are never addressed by a scoped URL, and building every
/// view at load doubled the start-up time of a large set (each view prepares its own answers). The first request for
/// a scope builds it (reusing the plain view's request keys; answers are prepared as they are asked for); requests for
/// the same scope meanwhile wait for it.
private final class ScopeSlot: Sendable {
    let loaded: LoadedCassette
    /// Builds the view, given the plain view's index of the catalog asking (which holds this cassette too).
    private let make: @Sendable (ReplayIndex) -> ReplayView
    private let slot = Mutex<ReplayView?>(nil)

    init(loaded: LoadedCassette, make: @escaping @Sendable (ReplayIndex) -> ReplayView) {
        self.loaded = loaded
        self.make = make
    }

    func view(keysFrom global: ReplayIndex) -> ReplayView {
        slot.withLock { slot in
            if let view = slot { return view }
            let view = make(global)
            slot = view
            return view
        }
    }

    var built: ReplayView? { slot.withLock { $0 } }
}
