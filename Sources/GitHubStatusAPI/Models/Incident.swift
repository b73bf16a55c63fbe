import Foundation

extension GitHubStatus {
    /// An incident, or a scheduled maintenance (an incident with `scheduledFor` and `scheduledUntil`).
    public struct Incident: Sendable, Hashable, Decodable {
        public var id: String
        public var name: String
        /// Incidents: `investigating`, `identified`, `monitoring`, `resolved` or `postmortem`; maintenances:
        /// `scheduled`, `in_progress`, `verifying` or `completed`.
        public var status: String
        /// `none`, `minor`, `major` or `critical`.
        public var impact: String
        public var shortlink: String
        public var pageId: String
        public var createdAt: Date
        public var updatedAt: Date
        public var monitoringAt: Date?
        public var resolvedAt: Date?
        /// The updates posted so far, newest first.
        public var incidentUpdates: [Update]
        /// When a maintenance starts and ends; `nil` for incidents.
        public var scheduledFor: Date?
        public var scheduledUntil: Date?

        /// One message posted on an incident.
        public struct Update: Sendable, Hashable, Decodable {
            public var id: String
            public var incidentId: String
            public var status: String
            public var body: String
            public var createdAt: Date
            public var updatedAt: Date
            public var displayAt: Date
        }
    }

    /// Everything at once: the page, its status, every component, the unresolved incidents and the upcoming or
    /// active maintenances.
    public struct Summary: Sendable, Hashable, Decodable {
        public var page: Page
        public var status: Status
        public var components: [Component]
        public var incidents: [Incident]
        public var scheduledMaintenances: [Incident]
    }
}
