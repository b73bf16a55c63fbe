/// When the interactions of one side of a diff were recorded, and by which mockapi releases.
package struct Provenance: Sendable, Equatable, CustomStringConvertible {
    /// The earliest and latest `recordedAt`; nil when none is noted.
    package let earliest: String?
    package let latest: String?
    /// The releases noted (`recordedWith`), in order of first appearance; empty when none is.
    package let versions: [String]

    package init(_ interactions: [Interaction]) {
        let times = interactions.compactMap(\.recordedAt).sorted()
        earliest = times.first
        latest = times.last
        var versions: [String] = []
        for version in interactions.compactMap(\.recordedWith) where !versions.contains(version) { versions.append(version) }
        self.versions = versions
    }

    /// `recorded 2026-11-21T10:00:00Z to 2026-11-22T09:00:00Z by mockapi 0.1.0`, `recorded at an unknown time`.
    package var description: String {
        var text = switch (earliest, latest) {
        case (let first?, let last?) where first != last: "recorded \(first) to \(last)"
        case (let first?, _): "recorded \(first)"
        default: "recorded at an unknown time"
        }
        text += versions.isEmpty ? " by an unnoted mockapi release" : " by mockapi \(versions.joined(separator: ", "))"
        return text
    }
}
