import MockAPIJSON

/// What changed between two recordings of one cassette. Interactions are paired by request as replay pairs them
/// (``RequestQueues``: the same match rules, identical requests in order); a pair whose answers are the same in
/// meaning is unchanged, volatile headers never count.
package struct CassetteDiff: Sendable {
    /// Two recordings of one request whose answers differ.
    package struct Changed: Sendable, Equatable {
        package let oldIndex: Int
        package let newIndex: Int
        /// `GET /repos/o/r?per_page=3`.
        package let request: String
        package let changes: [ReviewChange]
        package var breaking: Bool { changes.contains(where: \.breaking) }
    }

    /// An interaction only one side has.
    package struct Unpaired: Sendable, Equatable {
        package let index: Int
        package let request: String
        /// For an added interaction: the removed one whose request is closest (same method, same path or a few
        /// differences away), and what differs, as a near miss says it.
        package let nearMiss: NearMissNote?
    }

    package struct NearMissNote: Sendable, Equatable {
        package let index: Int
        package let request: String
        package let differences: [String]
    }

    /// The cassette's name (its path under the folders compared, or the new file's name).
    package let name: String
    /// The files compared; nil for the side the cassette does not exist on.
    package let oldFile: String?
    package let newFile: String?
    package private(set) var changed: [Changed] = []
    package private(set) var added: [Unpaired] = []
    package private(set) var removed: [Unpaired] = []
    /// Interactions paired with an answer the same in meaning.
    package private(set) var unchanged = 0
    /// The cassette's own members that changed (`match`, `volatileHeaders`, `source`, `lint`).
    package private(set) var settings: [ReviewChange] = []
    package let oldProvenance: Provenance?
    package let newProvenance: Provenance?

    /// - Parameter volatileHeaders: names given for the run, besides the built-in ones and both cassettes' own.
    package init(name: String, old: Cassette?, oldFile: String?, new: Cassette?, newFile: String?, volatileHeaders: [String] = []) {
        self.name = name
        self.oldFile = oldFile
        self.newFile = newFile
        oldProvenance = old.map { Provenance($0.interactions) }
        newProvenance = new.map { Provenance($0.interactions) }
        let before = old ?? Cassette(), after = new ?? Cassette()
        // A cassette only one side has is all added or all removed; its members are no change of their own.
        settings = old == nil || new == nil ? [] : CassetteDiff.settingChanges(before, after)
        let volatile = VolatileHeaders(adding: before.volatileHeaders + after.volatileHeaders + volatileHeaders)
        var queues = RequestQueues(before, alsoLearningFrom: after.interactions)
        var addedIndexes: [Int] = []
        for (newIndex, interaction) in after.interactions.enumerated() {
            guard let oldIndex = queues.take(interaction) else {
                addedIndexes.append(newIndex)
                continue
            }
            let previous = before.interactions[oldIndex]
            let changes = AnswerMeaning.same(previous, interaction, volatile: volatile)
                ? [] : AnswerDiff.changes(previous, interaction, volatile: volatile)
            if changes.isEmpty {
                unchanged += 1
            } else {
                changed.append(Changed(oldIndex: oldIndex, newIndex: newIndex, request: ReplayIndex.describe(interaction), changes: changes))
            }
        }
        let removedIndexes = queues.untaken
        removed = removedIndexes.map { Unpaired(index: $0, request: ReplayIndex.describe(before.interactions[$0]), nearMiss: nil) }
        added = addedIndexes.map { index in
            Unpaired(index: index, request: ReplayIndex.describe(after.interactions[index]),
                     nearMiss: CassetteDiff.nearMiss(of: after.interactions[index], among: removedIndexes, in: before, queues: queues))
        }
    }

    /// Whether anything differs beyond volatile headers and provenance.
    package var isEmpty: Bool { changed.isEmpty && added.isEmpty && removed.isEmpty && settings.isEmpty }

    /// Changes that may make a client written against the old recording fail.
    package var breakingCount: Int { changed.filter(\.breaking).count }

    /// The removed interaction closest to an added one: the same method, and the same path or at most three
    /// differing parts.
    private static func nearMiss(of interaction: Interaction, among removed: [Int], in cassette: Cassette,
                                 queues: RequestQueues) -> NearMissNote? {
        let key = queues.key(of: interaction)
        let comparison = RequestComparison(request: key, body: interaction.request.body.bytes, normalizer: queues.normalizer)
        var best: (note: NearMissNote, distance: Int)?
        for index in removed {
            let candidate = cassette.interactions[index]
            let candidateKey = queues.key(of: candidate)
            guard candidateKey.method == key.method else { continue }
            let (distance, differences) = comparison.compare(
                with: candidateKey, recordedBody: candidate.request.body, matchHeaders: queues.normalizer.matchHeaders)
            guard candidateKey.path == key.path || distance <= 3, distance < (best?.distance ?? .max) else { continue }
            best = (NearMissNote(index: index, request: ReplayIndex.describe(candidate), differences: differences), distance)
        }
        return best?.note
    }

    private static func settingChanges(_ old: Cassette, _ new: Cassette) -> [ReviewChange] {
        let was = old.withoutInteractions.jsonValue, now = new.withoutInteractions.jsonValue
        return ["source", "lint", "match", "volatileHeaders"].filter { was[$0] != now[$0] }.map { name in
            ReviewChange.value(.setting, path: name, from: was[name], to: now[name])
        }
    }
}
