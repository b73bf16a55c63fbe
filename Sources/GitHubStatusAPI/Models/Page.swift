import Foundation

extension GitHubStatus {
    /// The status page itself, as every answer names it.
    public struct Page: Sendable, Hashable, Decodable {
        public var id: String
        public var name: String
        public var url: URL
        /// The page's time zone (`Etc/UTC`), when the answer gives it.
        public var timeZone: String?
        public var updatedAt: Date
    }

    /// The rollup of the whole page: `indicator` is `none`, `minor`, `major` or `critical`; `description` is the
    /// sentence the page shows ("All Systems Operational", "Partial System Outage", "Major Service Outage").
    public struct Status: Sendable, Hashable, Decodable {
        public var indicator: String
        public var description: String
    }
}
