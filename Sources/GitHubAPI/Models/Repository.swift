import Foundation

extension GitHub {
    /// A repository (`GET /repos/{owner}/{repo}`).
    public struct Repository: Codable, Sendable, Hashable {
        public var id: Int
        public var name: String
        /// `owner/name`
        public var fullName: String
        public var owner: User
        public var isPrivate: Bool
        public var description: String?
        public var isFork: Bool
        public var htmlURL: URL?
        public var defaultBranch: String?
        public var language: String?
        public var stargazersCount: Int?
        public var forksCount: Int?
        public var openIssuesCount: Int?
        public var isArchived: Bool?
        /// `public`, `private` or `internal`.
        public var visibility: String?
        public var createdAt: Date?
        public var updatedAt: Date?
        public var pushedAt: Date?

        enum CodingKeys: String, CodingKey {
            case id, name, owner, description, language, visibility
            case fullName = "full_name"
            case isPrivate = "private"
            case isFork = "fork"
            case htmlURL = "html_url"
            case defaultBranch = "default_branch"
            case stargazersCount = "stargazers_count"
            case forksCount = "forks_count"
            case openIssuesCount = "open_issues_count"
            case isArchived = "archived"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
            case pushedAt = "pushed_at"
        }
    }
}
