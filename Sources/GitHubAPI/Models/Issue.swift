import Foundation

extension GitHub {
    /// An issue, or a pull request seen through the issues API (then `pullRequest` is set).
    public struct Issue: Codable, Sendable, Hashable {
        public var id: Int
        public var number: Int
        public var title: String
        /// `open` or `closed`.
        public var state: String
        public var body: String?
        public var user: User?
        public var labels: [Label]
        public var assignees: [User]?
        public var isLocked: Bool
        public var activeLockReason: String?
        public var comments: Int?
        public var url: URL?
        public var htmlURL: URL?
        public var pullRequest: PullRequestLinks?
        public var createdAt: Date?
        public var updatedAt: Date?
        public var closedAt: Date?

        /// Present when the issue is a pull request.
        public struct PullRequestLinks: Codable, Sendable, Hashable {
            public var url: URL?
            public var htmlURL: URL?

            enum CodingKeys: String, CodingKey {
                case url
                case htmlURL = "html_url"
            }
        }

        enum CodingKeys: String, CodingKey {
            case id, number, title, state, body, user, labels, assignees, comments, url
            case isLocked = "locked"
            case activeLockReason = "active_lock_reason"
            case htmlURL = "html_url"
            case pullRequest = "pull_request"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
            case closedAt = "closed_at"
        }
    }

    /// What `CreateIssue` sends. Fields left `nil` are not sent.
    public struct NewIssue: Codable, Sendable, Hashable {
        public var title: String
        public var body: String?
        public var labels: [String]?
        public var assignees: [String]?

        public init(title: String, body: String? = nil, labels: [String]? = nil, assignees: [String]? = nil) {
            self.title = title
            self.body = body
            self.labels = labels
            self.assignees = assignees
        }
    }
}
