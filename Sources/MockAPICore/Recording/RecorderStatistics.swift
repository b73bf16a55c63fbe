import Synchronization

/// Counts by name, in the order each name first appeared.
package struct OrderedCounts: Sendable, Equatable {
    package private(set) var names: [String] = []
    private var counts: [String: Int] = [:]

    package init() {}

    package mutating func add(_ count: Int, to name: String) {
        if counts[name] == nil { names.append(name) }
        counts[name, default: 0] += count
    }

    package subscript(name: String) -> Int { counts[name] ?? 0 }

    package var items: [(name: String, count: Int)] { names.map { ($0, counts[$0] ?? 0) } }

    package var total: Int { counts.values.reduce(0, +) }

    package var isEmpty: Bool { names.isEmpty }
}

/// What a recorder did, for the summary printed when it stops: interactions per upstream, redactions per rule,
/// failures per cause. Exact counts; safe from any thread.
package final class RecorderStatistics: Sendable {
    package struct Snapshot: Sendable, Equatable {
        /// Interactions recorded per upstream route (`https://api.github.com`, `/qiita=https://qiita.com`).
        package var recorded = OrderedCounts()
        /// Values replaced per redaction rule (`header authorization`, `env GITHUB_TOKEN`).
        package var redactions = OrderedCounts()
        /// Requests answered with mockapi's own error instead of a recorded answer, per cause
        /// (`upstream: connection refused`, `write refused`).
        package var failures = OrderedCounts()
        /// Recorded requests that scrubbing made one (they differed only in scrubbed values).
        package var merges: [RedactionMerge] = []
    }

    private let state = Mutex(Snapshot())

    package init() {}

    package func recorded(route: UpstreamRoute, redactions report: RedactionReport) {
        state.withLock { state in
            state.recorded.add(1, to: route.description)
            for (rule, count) in report.countsByRule { state.redactions.add(count, to: rule) }
        }
    }

    package func merged(_ merges: [RedactionMerge]) {
        guard !merges.isEmpty else { return }
        state.withLock { $0.merges += merges }
    }

    package func failed(_ cause: String) {
        state.withLock { $0.failures.add(1, to: cause) }
    }

    package var snapshot: Snapshot { state.withLock { $0 } }
}
