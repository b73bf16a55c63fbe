import Foundation

extension GitHub {
    /// One entry of an activity stream (`GET /repos/{owner}/{repo}/events` and the other events lists).
    /// `payload` depends on `type` and is not decoded here.
    public struct Event: Codable, Sendable, Hashable {
        /// A string of digits: `"12345"`.
        public var id: String
        /// `WatchEvent`, `PushEvent`, `IssuesEvent`, …
        public var type: String
        public var actor: User
        public var repo: Repo
        public var isPublic: Bool?
        public var createdAt: Date?

        /// The repository an event happened in, as events name it.
        public struct Repo: Codable, Sendable, Hashable {
            public var id: Int
            /// `owner/name`
            public var name: String
            public var url: URL?
        }

        enum CodingKeys: String, CodingKey {
            case id, type, actor, repo
            case isPublic = "public"
            case createdAt = "created_at"
        }
    }
}
