/// The interactions of a cassette queued by request, as replay answers them: a request takes the first interaction of
/// its key not taken yet, so identical requests pair with the recorded ones in order. Pairs a new recording with an
/// earlier one (re-recording, `mockapi diff`).
package struct RequestQueues: Sendable {
    /// Keys requests under the cassette's match rules, with the placeholders its recorded requests hold.
    package let normalizer: RequestNormalizer
    private var queues: [RequestKey: [Int]] = [:]
    private var taken: [Bool]

    /// Queues `cassette`'s interactions; `others` are requests the other side holds, whose placeholders count too.
    package init(_ cassette: Cassette, alsoLearningFrom others: [Interaction] = []) {
        var normalizer = RequestNormalizer(rules: cassette.matchRules)
        for interaction in cassette.interactions + others { normalizer.learnPlaceholders(from: interaction.request) }
        self.normalizer = normalizer
        taken = Array(repeating: false, count: cassette.interactions.count)
        for (index, interaction) in cassette.interactions.enumerated() {
            queues[key(of: interaction), default: []].append(index)
        }
        for key in queues.keys { queues[key]?.reverse() }
    }

    /// The request's key under these rules, with its mount.
    package func key(of interaction: Interaction) -> RequestKey {
        normalizer.key(for: interaction.request, path: interaction.localPath)
    }

    /// The index of the next interaction with the same request, now taken; nil when there is none left.
    package mutating func take(_ interaction: Interaction) -> Int? {
        guard let index = queues[key(of: interaction)]?.popLast() else { return nil }
        taken[index] = true
        return index
    }

    /// Indexes of the interactions no request took, in order.
    package var untaken: [Int] { taken.indices.filter { !taken[$0] } }
}
