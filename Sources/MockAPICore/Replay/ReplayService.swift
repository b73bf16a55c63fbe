import MockAPIJSON
import Synchronization

/// Replay as `mockapi serve` runs it: the plain base URL answers from every cassette; a scoped base URL
/// (`…/@github/paginate-issues`) answers from that cassette alone, with its own queues, so parallel tests sharing one
/// server do not move each other's sequences. Adds the network conditions (latency, faults), and lets the admin
/// endpoints reset queues and reload cassettes from disk.
///
/// Per request this costs reading the current catalog, the replayer's lookup, and, for a scoped path, a few hash
/// lookups of the name; an answer is prepared the first time it is asked for.
package final class ReplayService: Responder {
    package let options: ReplayOptions
    package let conditions: ReplayConditions
    package let journal: Journal
    /// The server's own base URL, `http://127.0.0.1:8080`.
    package let baseURL: String
    /// The files and folders the cassettes came from, which a reload reads again; empty when given in memory.
    package let sources: [String]
    package let headerNeeds: HeaderNeeds
    /// Answers what the plain view does not match (`serve --record-missing`); scoped views never forward.
    let fallback: (any Responder)?
    let onUnmatched: @Sendable (UnmatchedReport) -> Void
    /// The cassettes and views in force; a reload replaces them.
    private let current: Mutex<ReplayCatalog>
    /// Held for the whole of a reload, so that two reloads (the file watcher, the admin endpoint) do not interleave.
    let reloading = Mutex<[String: FileStamp]>([:])
    /// Cassette files under `sources` that did not load (`serve --skip-broken`), as of the start or the last reload.
    let unloaded: Mutex<[UnloadableCassette]>

    /// - Parameters:
    ///   - sources: the paths `cassettes` were loaded from (`CassetteLoader.load(sources)`), for `reload()`.
    ///   - unloadable: files under `sources` that did not load; requests naming them are told why.
    ///   - baseURL: the server's own base URL; scoped views answer for `baseURL + "/@" + name`.
    package init(cassettes: [LoadedCassette], sources: [String] = [], unloadable: [UnloadableCassette] = [],
                options: ReplayOptions = ReplayOptions(),
                conditions: ReplayConditions = .none, baseURL: String, journal: Journal = Journal(),
                fallback: (any Responder)? = nil, onUnmatched: @escaping @Sendable (UnmatchedReport) -> Void = { _ in }) {
        self.options = options
        self.conditions = conditions
        self.journal = journal
        self.baseURL = baseURL
        self.sources = sources
        self.unloaded = Mutex(unloadable)
        self.fallback = fallback
        self.onUnmatched = onUnmatched
        let rules = MatchRules.inForce(options.matchRules, cassettes: cassettes)
        let needed = RequestNormalizer(rules: rules).neededHeaders.union([Fault.header.lowercased()])
        self.headerNeeds = HeaderNeeds.only(needed).union(fallback?.headerNeeds ?? .none)
        self.current = Mutex(ReplayCatalog(
            cassettes: cassettes, options: options, baseURL: baseURL, journal: journal, fallback: fallback,
            onUnmatched: onUnmatched))
        reloading.withLock { stamps in
            for loaded in cassettes { stamps[loaded.file] = FileStamp(of: loaded.file) }
        }
    }

    /// The cassettes and views in force now (a reload replaces them).
    package var catalog: ReplayCatalog { current.withLock { $0 } }

    func replace(_ catalog: ReplayCatalog) {
        current.withLock { $0 = catalog }
    }

    package func reply(to request: HTTPRequest) -> Reply {
        reply(to: request, in: catalog)
    }

    private func reply(to request: HTTPRequest, in catalog: ReplayCatalog) -> Reply {
        guard request.path.utf8ByteAfterSlash == UInt8(ascii: "@") else {
            return serve(request, in: catalog.global)
        }
        if let (view, path) = catalog.scope(for: request.path) {
            var scoped = request
            scoped.path = path
            return serve(scoped, in: view)
        }
        // A recorded path that starts with `/@` (`/@alice` on Mastodon) is still served from the plain view.
        if catalog.global.replayer.peek(request) != nil { return serve(request, in: catalog.global) }
        return unknownScope(request)
    }

    /// A `/@…` path that names no loaded cassette: a clear miss. Nothing is looked up but the loaded names.
    private func unknownScope(_ request: HTTPRequest) -> Reply {
        let report = UnmatchedReport(
            method: request.method, path: request.path, query: request.query,
            reason: "no loaded cassette is named by the path after /@ (a scoped base URL is the server's URL, /@ and a "
                + "loaded cassette's name; GET \(AdminResponder.prefix)/cassettes lists them)",
            nearest: [])
        return Replayer.miss(request, report, options: options, journal: journal, scope: nil, onUnmatched: onUnmatched)
    }

    /// The view a cassette name stands for: nil for every cassette (the plain view and all scoped ones).
    package enum Target: Sendable, Equatable {
        case all
        case cassette(String)

        package init(_ name: String?) {
            self = name.map { .cassette($0) } ?? .all
        }
    }

    /// Why an admin request cannot be carried out: no cassette of that name is loaded, or its file did not load.
    package struct UnknownCassette: Error, Sendable, CustomStringConvertible {
        package let name: String
        /// Why the cassette's file did not load, when it is one that did not.
        package var problem: String?
        package var description: String {
            problem.map { "cassette \"\(name)\" did not load: \($0)" } ?? "no loaded cassette is named \"\(name)\""
        }
    }

    /// Cassette files under the sources that did not load, as of the start or the last reload.
    package var unloadable: [UnloadableCassette] { unloaded.withLock { $0 } }

    /// The error for a cassette name that is not loaded, with the reason when its file did not load.
    package func unknownCassette(_ name: String) -> UnknownCassette {
        UnknownCassette(name: name, problem: unloadable.first { $0.name == name }?.problem)
    }

    /// Starts queues again from their first recorded answer (and the seeded request numbering from 0): every view's,
    /// or one cassette's scoped view and the plain view's queues that hold only that cassette's interactions.
    package func reset(_ target: Target) throws(UnknownCassette) {
        let catalog = self.catalog
        switch target {
        case .all:
            for view in catalog.views { view.reset() }
        case .cassette(let name):
            guard catalog.hasScope(name) else { throw unknownCassette(name) }
            catalog.views.first { $0.scope == name }?.reset()
            let index = catalog.global.replayer.index
            for queue in index.queues where queue.entries.allSatisfy({ index.cassettes[$0.cassette].name == name }) {
                queue.reset()
            }
        }
    }

    /// Recorded interactions that no request used, through the plain base URL or the cassette's scoped one, in load
    /// order: since the last reset, or with `sinceStart`, since the server started (a reset starts queues again, it
    /// does not make what was used unused).
    package func unused(_ target: Target, sinceStart: Bool = false) throws(UnknownCassette) -> [InteractionReference] {
        let catalog = self.catalog
        var names = catalog.cassettes.map(\.name)
        if case .cassette(let name) = target {
            guard catalog.hasScope(name) else { throw unknownCassette(name) }
            names = [name]
        }
        let used = Set(catalog.views.flatMap { sinceStart ? $0.everUsed : $0.used })
        var unused: [InteractionReference] = []
        for loaded in catalog.cassettes where names.contains(loaded.name) {
            for index in loaded.cassette.interactions.indices {
                let reference = InteractionReference(cassette: loaded.name, index: index)
                if !used.contains(reference) { unused.append(reference) }
            }
        }
        return unused
    }

    /// Every recorded interaction no request used since the last reset.
    package var unusedInteractions: [InteractionReference] {
        (try? unused(.all)) ?? []
    }

    /// Every recorded interaction no request used since the server started, as `ServeSummary` lists them.
    package var neverUsedInteractions: [InteractionReference] {
        (try? unused(.all, sinceStart: true)) ?? []
    }

    package var interactionCount: Int { catalog.interactionCount }

    /// `GET /path?query` of a recorded interaction, for reports.
    package func describe(_ reference: InteractionReference) -> String {
        guard let loaded = catalog.cassettes.first(where: { $0.name == reference.cassette }),
            loaded.cassette.interactions.indices.contains(reference.index)
        else { return "?" }
        return ReplayIndex.describe(loaded.cassette.interactions[reference.index])
    }

    /// What `GET /__mockapi/health` says about replay.
    package var healthFacts: [JSONMember] {
        let catalog = self.catalog
        return [
            JSONMember("mode", .string("replay")),
            JSONMember("cassettes", .integer(catalog.cassettes.count)),
            JSONMember("interactions", .integer(catalog.interactionCount)),
            JSONMember("strict", .bool(options.strict)),
        ]
    }
}
