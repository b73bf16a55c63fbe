import MockAPIJSON
import Synchronization

/// What a reload did. A cassette that fails to load keeps its previous version (when it had one); its problem is
/// listed.
public struct ReloadReport: Sendable, Equatable {
    /// Cassettes read again because their file changed.
    public var reloaded: [String] = []
    /// Cassettes found for the first time.
    public var added: [String] = []
    /// Cassettes whose file is gone.
    public var removed: [String] = []
    /// One line per file that could not be loaded: file, place and reason, then what was kept.
    public var problems: [String] = []
    /// How many cassettes and interactions are loaded after the reload.
    public var cassettes = 0
    /// How many interactions are loaded after the reload.
    public var interactions = 0

    /// Whether any cassette was read again, added or removed.
    public var changed: Bool { !(reloaded.isEmpty && added.isEmpty && removed.isEmpty) }

    package var jsonValue: JSONValue {
        .object([
            JSONMember("reloaded", .array(reloaded.map { .string($0) })),
            JSONMember("added", .array(added.map { .string($0) })),
            JSONMember("removed", .array(removed.map { .string($0) })),
            JSONMember("problems", .array(problems.map { .string($0) })),
            JSONMember("cassettes", .integer(cassettes)),
            JSONMember("interactions", .integer(interactions)),
        ])
    }
}

extension ReplayService {
    /// Reads the cassette files again: files whose stamp (inode, size, modification time) changed are loaded anew,
    /// new files under the source folders are added, vanished ones removed. A file that fails to load keeps its
    /// previous version. Unless nothing changed, a new catalog replaces the current one: the plain base URL's queues
    /// and those of changed cassettes start again; other cassettes' scoped queues keep their place.
    package func reload() -> ReloadReport {
        var report = reloading.withLock { stamps in reload(stamps: &stamps) }
        let now = catalog
        report.cassettes = now.cassettes.count
        report.interactions = now.interactionCount
        return report
    }

    private func reload(stamps: inout [String: FileStamp]) -> ReloadReport {
        var report = ReloadReport()
        let catalog = self.catalog
        guard !sources.isEmpty else {
            report.problems = ["the cassettes were given in memory, not loaded from files: there is nothing to reload"]
            return report
        }
        let found: [(name: String, file: String)]
        do { found = try CassetteLoader.discover(sources) } catch {
            report.problems = error.problems.map { $0 + " (kept every loaded cassette)" }
            return report
        }
        let previous = Dictionary(catalog.cassettes.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        var next: [LoadedCassette] = []
        var unloadable: [UnloadableCassette] = []
        var seen = Set<String>()
        for (name, file) in found {
            seen.insert(file)
            let stamp = FileStamp(of: file)
            let old = previous[file]
            if let old, old.name == name, let stamp, stamps[file] == stamp {
                next.append(old)
                continue
            }
            do throws(CassetteError) {
                let cassette = try Cassette.load(file: file)
                if let missing = uncollectedHeaders(of: cassette) {
                    // Headers are collected as the server started; a header rule without its header never matches.
                    throw CassetteError.invalid(
                        file: file, at: "match.matchHeaders",
                        reason: "\(missing) not collected by this server, which started without a rule naming it: restart it to match on it")
                }
                next.append(LoadedCassette(name: name, file: file, cassette: cassette))
                stamps[file] = stamp
                if old == nil { report.added.append(name) } else { report.reloaded.append(name) }
            } catch {
                if let old {
                    next.append(old)
                    report.problems.append("\(error.description) (kept the previous version of \(old.name))")
                } else {
                    report.problems.append("\(error.description) (not loaded)")
                    unloadable.append(UnloadableCassette(name: name, file: file, problem: error.description))
                }
            }
        }
        unloaded.withLock { $0 = unloadable }
        for old in catalog.cassettes where !seen.contains(old.file) {
            report.removed.append(old.name)
            stamps[old.file] = nil
        }
        guard report.changed else { return report }
        replace(ReplayCatalog(
            cassettes: next, options: options, baseURL: baseURL, journal: journal, fallback: fallback,
            onUnmatched: onUnmatched, previous: catalog))
        return report
    }

    /// The headers a cassette's `match` names that this server does not collect, joined; nil when it collects them all.
    private func uncollectedHeaders(of cassette: Cassette) -> String? {
        guard case .only(let collected) = headerNeeds else { return nil }
        let missing = cassette.matchRules.matchHeaders.filter { !collected.contains($0) }
        return missing.isEmpty ? nil : missing.joined(separator: ", ")
    }
}
