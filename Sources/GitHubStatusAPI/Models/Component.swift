import Foundation

extension GitHubStatus {
    /// One part of GitHub whose status the page shows (API Requests, Git Operations, Actions, …).
    public struct Component: Sendable, Hashable, Decodable {
        public var id: String
        public var name: String
        /// `operational`, `degraded_performance`, `partial_outage`, `major_outage` or `under_maintenance`.
        public var status: String
        public var description: String?
        public var position: Int
        public var pageId: String
        public var createdAt: Date
        public var updatedAt: Date
        /// Whether this component groups others (then `components` lists their ids); absent in summaries.
        public var group: Bool?
        public var groupId: String?
        public var components: [String]?
        public var showcase: Bool?
        public var onlyShowIfDegraded: Bool?
        /// The day the component started (`YYYY-MM-DD`), if set.
        public var startDate: String?
    }
}
