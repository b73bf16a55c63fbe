import Dispatch
import Synchronization

/// The loaded cassettes as replay views: one over all of them for the plain base URL, and one per cassette for its
/// scoped base URL (`…/@<name>`), each with its own queues and its answers prepared for its own base URL at build
/// time. Immutable: a reload builds a new catalog, reusing the scoped views of cassettes that did not change.
public final class ReplayCatalog: Sendable {
    public let cassettes: [LoadedCassette]
    /// Answers requests to the plain base URL from every cassette.
    public let global: ReplayView
    /// Each cassette's scoped view, by cassette name.
    public let scopes: [String: ReplayView]
    /// The most `/`-separated segments in a loaded name: how far `scope(for:)` looks.
    private let mostSegments: Int

    /// Builds the views; `previous` lends its scoped views for cassettes that are equal in both.
    init(cassettes: [LoadedCassette], options: ReplayOptions, baseURL: String, journal: Journal,
         onUnmatched: @escaping @Sendable (UnmatchedReport) -> Void, previous: ReplayCatalog? = nil) {
        self.cassettes = cassettes
        var reused: [String: ReplayView] = [:]
        var toBuild: [LoadedCassette] = []
        for loaded in cassettes {
            if let old = previous?.scopes[loaded.name], let source = old.source, source.file == loaded.file,
                source.cassette == loaded.cassette
            {
                reused[loaded.name] = old
            } else {
                toBuild.append(loaded)
            }
        }
        // The plain view first (a large index is built on all cores), then the scoped views side by side.
        let replayer = Replayer(cassettes: cassettes, options: options, baseURL: baseURL, journal: journal, onUnmatched: onUnmatched)
        self.global = ReplayView(scope: nil, baseURL: baseURL, replayer: replayer, source: nil)
        let pending = toBuild
        let built = Mutex<[ReplayView?]>(Array(repeating: nil, count: pending.count))
        DispatchQueue.concurrentPerform(iterations: pending.count) { item in
            let loaded = pending[item]
            let scopedURL = baseURL + ScopeName.path(for: loaded.name)
            let replayer = Replayer(
                cassettes: [loaded], options: options, baseURL: scopedURL, journal: journal, scope: loaded.name,
                onUnmatched: onUnmatched)
            let view = ReplayView(scope: loaded.name, baseURL: scopedURL, replayer: replayer, source: loaded)
            built.withLock { $0[item] = view }
        }
        var scopes = reused
        for view in built.withLock({ $0 }) {
            if let view, let scope = view.scope { scopes[scope] = view }
        }
        self.scopes = scopes
        self.mostSegments = cassettes.map { $0.name.utf8.count { $0 == UInt8(ascii: "/") } + 1 }.max() ?? 0
    }

    /// The scoped view a request path names, and the path that follows the name (`/` when nothing does); nil when the
    /// path does not start with `/@` followed by a loaded cassette's name. The longest loaded name wins, and a name
    /// ends at a `/` or at the end of the path. Only loaded names are looked up: nothing here touches the filesystem.
    public func scope(for path: String) -> (view: ReplayView, path: String)? {
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
            guard let view = scopes[ScopeName.decode(body[..<end])] else { continue }
            let rest = body[end...]
            return (view, rest.isEmpty ? "/" : String(rest))
        }
        return nil
    }

    /// Every view: the plain one first, then the scoped ones in load order.
    public var views: [ReplayView] {
        [global] + cassettes.compactMap { scopes[$0.name] }
    }

    public var interactionCount: Int { global.replayer.index.interactionCount }
}
